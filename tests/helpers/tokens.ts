// Tokens for tests: signed with the local development key as the api function signs them, or
// forged in the ways an attacker (or a half-migrated deploy) would sign them.
import { generateKeyPair, SignJWT, type JWTPayload } from "jose";
import { localSigningKey } from "../../local-stack/keys.ts";

/** The Supabase CLI's legacy shared secret, which projects used before asymmetric keys. */
export const LEGACY_JWT_SECRET = "super-secret-jwt-token-with-at-least-32-characters-long";

interface TokenOptions {
  /** Seconds from now; negative for an expired token, null for a token without `exp`. */
  expiresIn?: number | null;
}

function unsigned(claims: JWTPayload, opts: TokenOptions) {
  const now = Math.floor(Date.now() / 1000);
  const jwt = new SignJWT(claims).setIssuedAt(now - 60);
  return opts.expiresIn === null ? jwt : jwt.setExpirationTime(now + (opts.expiresIn ?? 3600));
}

/** A token the project would issue: ES256 with the local key and its kid. */
export async function signLocal(claims: JWTPayload, opts: TokenOptions = {}): Promise<string> {
  const { kid, privateKey } = await localSigningKey();
  return unsigned(claims, opts).setProtectedHeader({ alg: "ES256", typ: "JWT", kid }).sign(privateKey);
}

/** A token signed with the legacy HS256 secret: refused everywhere. */
export function signLegacy(claims: JWTPayload, opts: TokenOptions = {}): Promise<string> {
  return unsigned(claims, opts)
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .sign(new TextEncoder().encode(LEGACY_JWT_SECRET));
}

/** A token signed with a key of the attacker's own that copies the project's kid: refused everywhere. */
export async function signWithOtherKey(claims: JWTPayload, opts: TokenOptions = {}): Promise<string> {
  const { kid } = await localSigningKey();
  const { privateKey } = await generateKeyPair("ES256");
  return unsigned(claims, opts).setProtectedHeader({ alg: "ES256", typ: "JWT", kid }).sign(privateKey);
}
