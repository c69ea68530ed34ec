// Supabase-compatible access tokens, signed with the project's asymmetric signing key (ES256, with
// its `kid` in the header) so that hosted Realtime and Storage, which verify against the project's
// key set, authorise them as they would Supabase Auth tokens. The legacy shared secret is not
// used anywhere: a token signed with it is refused like any forgery. Claims that can change
// (approval) are informational only: the server reads them from the database.
import { createLocalJWKSet, importJWK, jwtVerify, SignJWT, type JWK } from "jose";
import type { JwksResponse } from "./contract/auth.ts";
import type { Claims } from "./db.ts";

/**
 * An access token lasts an hour: the SPA refreshes it before then (POST /auth/refresh), and a
 * token taken from a device stops working within the hour even where nothing checks its session.
 */
export const TOKEN_LIFETIME_SECONDS = 60 * 60;

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  /** The public half only, as served at /.well-known/jwks.json. */
  publicKeySet: JwksResponse;
  /** Verifies a token against publicKeySet (the function checks its own tokens the way hosted does). */
  verifyKey: ReturnType<typeof createLocalJWKSet>;
}

/**
 * Reads a private ES256 JWK, as `supabase gen signing-key --algorithm ES256` prints it. Throws an
 * error naming what is wrong, so a misconfigured deploy fails at boot rather than at sign-in.
 */
export async function loadSigningKey(jwkText: string, name = "JWT_SIGNING_KEY"): Promise<SigningKey> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(jwkText);
  } catch {
    throw new Error(`${name} must be a JSON Web Key (the output of supabase gen signing-key --algorithm ES256)`);
  }
  // The CLI can write a one-key array (signing_keys.json); accept it as well.
  const jwk = (Array.isArray(parsed) && parsed.length === 1 ? parsed[0] : parsed) as JWK;
  if (
    !jwk ||
    typeof jwk !== "object" ||
    jwk.kty !== "EC" ||
    jwk.crv !== "P-256" ||
    typeof jwk.x !== "string" ||
    typeof jwk.y !== "string"
  ) {
    throw new Error(`${name} must be an EC P-256 key (ES256)`);
  }
  if (jwk.alg !== undefined && jwk.alg !== "ES256") throw new Error(`${name} has alg ${jwk.alg}, expected ES256`);
  if (typeof jwk.d !== "string") throw new Error(`${name} is a public key: the function needs the private key to sign`);
  if (typeof jwk.kid !== "string" || jwk.kid.length === 0) throw new Error(`${name} has no kid`);
  const { kty, crv, x, y, d, kid } = jwk;
  // WebCrypto refuses a private key whose key_ops also lists "verify", so import only the numbers.
  const privateKey = (await importJWK({ kty, crv, x, y, d }, "ES256")) as CryptoKey;
  const publicKeySet: JwksResponse = {
    keys: [{ kty: "EC", crv: "P-256", x, y, kid, alg: "ES256", use: "sig", key_ops: ["verify"] }],
  };
  return { kid, privateKey, publicKeySet, verifyKey: createLocalJWKSet(publicKeySet) };
}

export interface TokenUser {
  id: string;
  email: string;
  user_type: string;
  is_approved: boolean;
}

export interface AccessToken {
  token: string;
  /** Its `exp`: seconds since 1970. */
  expiresAt: number;
}

/** A token of `user` for an hour, naming its session (`session_id`, as Supabase Auth's tokens do). */
export async function signAccessToken(key: SigningKey, user: TokenUser, sessionId: string): Promise<AccessToken> {
  const issuedAt = Math.floor(Date.now() / 1000);
  const expiresAt = issuedAt + TOKEN_LIFETIME_SECONDS;
  const token = await new SignJWT({
    role: "authenticated",
    email: user.email,
    user_type: user.user_type,
    is_approved: user.is_approved,
    session_id: sessionId,
  })
    .setProtectedHeader({ alg: "ES256", typ: "JWT", kid: key.kid })
    .setSubject(user.id)
    .setAudience("authenticated")
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(key.privateKey);
  return { token, expiresAt };
}

/** The verified claims of a user token, or null when it is missing, forged, expired or not a user's. */
export async function verifyAccessToken(key: SigningKey, token: string): Promise<Claims | null> {
  try {
    const { payload } = await jwtVerify(token, key.verifyKey, {
      algorithms: ["ES256"],
      audience: "authenticated",
      // A token without an expiry would be valid forever.
      requiredClaims: ["exp", "sub"],
    });
    if (payload.role !== "authenticated" || typeof payload.sub !== "string") return null;
    return payload as unknown as Claims;
  } catch {
    return null;
  }
}
