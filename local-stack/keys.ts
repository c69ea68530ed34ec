// The local development keys (also in .env.example). They are public and only ever used on a
// developer's machine or in CI; a hosted project has its own, never committed.
//
// Tokens are signed with an asymmetric ES256 key that carries a kid, as hosted Supabase projects
// now sign them, and every part of the stack (api function, Realtime, Storage) verifies them
// against its public half. The API keys are the new kind (not JWTs), as a project that has
// disabled its legacy anon and service_role keys has them: a publishable key for the browser
// (anon access) and a secret key for servers (service access, sent only as `apikey`).
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
/** The local publishable key: anon access, safe in the browser (VITE_SUPABASE_PUBLISHABLE_KEY). */
export const LOCAL_PUBLISHABLE_KEY = "sb_publishable_LocalDevPublishableKey_0001";
/** The local secret key: service access, server side only, sent only as `apikey`. */
export const LOCAL_SECRET_KEY = "sb_secret_LocalDevSecretKey_0001";

/** The project's API keys, as hosted hands them to functions (SUPABASE_*_KEYS: name -> key). */
export interface ApiKeys {
  publishable: string[];
  secret: string[];
}

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
 * The Facebook app the local stack's Facebook fake plays (local-stack/facebook-fake): an app id,
 * its secret (signs the fake's webhooks), the webhook's verify token, and the key that encrypts
 * stored Facebook Page tokens (32 bytes, base64: "local-dev-facebook-token-key!!!!").
 */
export const LOCAL_FACEBOOK = {
  appId: "1000000000000002",
  appSecret: "local-dev-facebook-app-secret",
  verifyToken: "local-dev-facebook-verify-token",
  tokenKey: "bG9jYWwtZGV2LWZhY2Vib29rLXRva2VuLWtleSEhISE=",
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

/**
 * The Resend account the local stack's email fake plays (local-stack/email-fake): its API key (the
 * fake refuses any other as `Authorization: Bearer <key>`) and the sender the app's emails use.
 */
export const LOCAL_EMAIL = {
  apiKey: "re_local_development_key_not_secret",
  from: "ShopLink <no-reply@shoplink.local>",
};

export const keys = {
  signingKey: process.env.JWT_SIGNING_KEY ?? LOCAL_SIGNING_KEY,
  // Fixed: the stack issues these (as a project's dashboard does); nothing outside it needs others.
  publishableKey: LOCAL_PUBLISHABLE_KEY,
  secretKey: LOCAL_SECRET_KEY,
};

/** The keys the stack's gateway and stand-ins recognise. */
export function localApiKeys(): ApiKeys {
  return { publishable: [keys.publishableKey], secret: [keys.secretKey] };
}

/** SUPABASE_SECRET_KEYS as hosted sets it for every function. */
export function secretKeysEnv(): string {
  return JSON.stringify({ default: keys.secretKey });
}

/**
 * The local key loaded exactly as the function loads its JWT_SIGNING_KEY: kid, private key and
 * the verifier over its public key set (for stand-ins started without the function, and for
 * tests that mint tokens of their own).
 */
export function localSigningKey(): Promise<SigningKey> {
  return loadSigningKey(keys.signingKey);
}
