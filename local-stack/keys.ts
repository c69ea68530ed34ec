// The local development keys (also in .env.example). They are public and only ever used on a
// developer's machine or in CI; a hosted project has its own, never committed.
//
// Tokens are signed with an asymmetric ES256 key that carries a kid, as hosted Supabase projects
// now sign them. The local anon and service-role keys are signed with the same key, so every
// part of the stack (api function, Realtime, Storage) verifies all tokens against one key set.
import { loadSigningKey, type SigningKey } from "../supabase/functions/_shared/tokens.ts";

/** A private ES256 JWK, in the form `supabase gen signing-key --algorithm ES256` prints. */
export const LOCAL_SIGNING_KEY = JSON.stringify({
  kty: "EC",
  kid: "local-dev-es256-key-1",
  use: "sig",
  key_ops: ["sign", "verify"],
  alg: "ES256",
  ext: true,
  d: "QQTewvzfgk6ZA2BGFAY5Ju8JRuVmx8jpy-SUzj9QKrE",
  crv: "P-256",
  x: "qLzhEZkJWqHhQN1mx_vkMDCk-jYrSuu9hu7AQinXCZE",
  y: "3--VQ8A-izQD0TSBhedvj7bx4kD66uOzbk1oTrQRi8M",
});
// {iss: "supabase-demo", role, exp: 1983812996}, signed with LOCAL_SIGNING_KEY.
export const LOCAL_ANON_KEY =
  "eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6ImxvY2FsLWRldi1lczI1Ni1rZXktMSJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.J7CobI5javDQhaoq13spsCi6mvlelLGPS7EiUhRRvEoocwPgkb_5Ao45ySTUcjqDzAtTgFJoaabFTOuyd_IWkw";
export const LOCAL_SERVICE_ROLE_KEY =
  "eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6ImxvY2FsLWRldi1lczI1Ni1rZXktMSJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.UWh2YCxd4OTP8-ItbYS5LASA8vzunx3A-sYDNVBhR6tCSFyPmTH_0VcWsLf1lNIq7I7crYHwImmAarWSQt6osQ";

/**
 * The Instagram app the local stack's Meta fake plays (local-stack/meta-fake): an app id, its
 * secret (signs the fake's webhooks), the webhook's verify token, and the key that encrypts
 * stored Instagram tokens (32 bytes, base64).
 */
export const LOCAL_INSTAGRAM = {
  appId: "1000000000000001",
  appSecret: "local-dev-instagram-app-secret",
  verifyToken: "local-dev-instagram-verify-token",
  tokenKey: "bG9jYWwtZGV2LWluc3RhZ3JhbS10b2tlbi1rZXkhISE=",
};

/**
 * The bot the local stack's Telegram fake plays (local-stack/telegram-fake): its token (the fake
 * refuses any other in /bot<token>/...), its username (the t.me links) and the webhook's secret.
 */
export const LOCAL_TELEGRAM = {
  botToken: "1000000001:local-dev-telegram-bot-token",
  botUsername: "local_marketplace_bot",
  webhookSecret: "local-dev-telegram-webhook-secret",
};

export const keys = {
  signingKey: process.env.JWT_SIGNING_KEY ?? LOCAL_SIGNING_KEY,
  anonKey: process.env.SUPABASE_ANON_KEY ?? LOCAL_ANON_KEY,
  serviceRoleKey: process.env.SUPABASE_SERVICE_ROLE_KEY ?? LOCAL_SERVICE_ROLE_KEY,
};

/**
 * The local key loaded exactly as the function loads its JWT_SIGNING_KEY: kid, private key and
 * the verifier over its public key set (for stand-ins started without the function, and for
 * tests that mint tokens of their own).
 */
export function localSigningKey(): Promise<SigningKey> {
  return loadSigningKey(keys.signingKey);
}
