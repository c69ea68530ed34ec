// JWT checks as hosted Realtime does them: signed by a key of the project's key set (JWKS; ES256
// with a kid, never the legacy shared secret), not expired, and carrying `role` and `exp` (the
// role decides which Postgres role the visibility check runs as). The project's new API keys are
// not JWTs: hosted Realtime takes a publishable key (the browser's apikey, and the access_token
// realtime-js sends without a session) as anon and a secret key as service_role.
import { errors, jwtVerify, type JWTVerifyGetKey } from "jose";
import type { ApiKeys } from "../keys.ts";

export type Claims = Record<string, unknown> & { role: string; exp: number; sub?: string };

/**
 * A refusal: `reason` is what hosted Realtime says in a system message, `code` what it puts before
 * it in a join error ("<code>: <reason>").
 */
export type TokenCheck = { ok: true; token: string; claims: Claims } | { ok: false; code: string; reason: string };

// An API key does not expire; its identity is given an exp far enough away to never end a channel.
const API_KEY_EXP = 4102444800; // 2100-01-01

export class TokenVerifier {
  constructor(
    private readonly keySet: JWTVerifyGetKey,
    private readonly apiKeys: ApiKeys = { publishable: [], secret: [] },
  ) {}

  async verify(token: unknown): Promise<TokenCheck> {
    if (typeof token !== "string" || token.length === 0) {
      return { ok: false, code: "MalformedJWT", reason: "The token provided is not a valid JWT" };
    }
    if (this.apiKeys.publishable.includes(token))
      return { ok: true, token, claims: { role: "anon", exp: API_KEY_EXP } };
    if (this.apiKeys.secret.includes(token)) {
      return { ok: true, token, claims: { role: "service_role", exp: API_KEY_EXP } };
    }
    try {
      const { payload } = await jwtVerify(token, this.keySet, { algorithms: ["ES256"] });
      if (typeof payload.role !== "string" || typeof payload.exp !== "number") {
        return { ok: false, code: "InvalidJWTToken", reason: "Fields `role` and `exp` are required in JWT" };
      }
      return { ok: true, token, claims: payload as Claims };
    } catch (error) {
      if (error instanceof errors.JWTExpired) {
        const exp = typeof error.payload.exp === "number" ? error.payload.exp : 0;
        return {
          ok: false,
          code: "InvalidJWTToken",
          reason: `Token has expired ${Math.max(0, Math.floor(Date.now() / 1000) - exp)} seconds ago`,
        };
      }
      // Signed by a key outside the project's key set (the legacy secret included): a bad signature.
      if (
        error instanceof errors.JWSSignatureVerificationFailed ||
        error instanceof errors.JWKSNoMatchingKey ||
        error instanceof errors.JOSEAlgNotAllowed
      ) {
        return { ok: false, code: "JwtSignatureError", reason: "Failed to validate JWT signature" };
      }
      return { ok: false, code: "MalformedJWT", reason: "The token provided is not a valid JWT" };
    }
  }
}

/** Milliseconds until the claims expire (negative when already expired). */
export function msUntilExpiry(claims: Claims): number {
  return claims.exp * 1000 - Date.now();
}
