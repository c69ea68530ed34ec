// JWT checks as hosted Realtime does them: signed by a key of the project's key set (JWKS; ES256
// with a kid, never the legacy shared secret), not expired, and carrying `role` and `exp` (the
// role decides which Postgres role the visibility check runs as).
import { errors, jwtVerify, type JWTVerifyGetKey } from "jose";

export type Claims = Record<string, unknown> & { role: string; exp: number; sub?: string };

export type TokenCheck = { ok: true; token: string; claims: Claims } | { ok: false; reason: string };

export class TokenVerifier {
  constructor(private readonly keySet: JWTVerifyGetKey) {}

  async verify(token: unknown): Promise<TokenCheck> {
    if (typeof token !== "string" || token.length === 0) return { ok: false, reason: "Missing JWT" };
    try {
      const { payload } = await jwtVerify(token, this.keySet, { algorithms: ["ES256"] });
      if (typeof payload.role !== "string" || typeof payload.exp !== "number") {
        return { ok: false, reason: "Fields `role` and `exp` are required in JWT" };
      }
      return { ok: true, token, claims: payload as Claims };
    } catch (error) {
      if (error instanceof errors.JWTExpired) {
        const exp = typeof error.payload.exp === "number" ? error.payload.exp : 0;
        return {
          ok: false,
          reason: `Token has expired ${Math.max(0, Math.floor(Date.now() / 1000) - exp)} seconds ago`,
        };
      }
      // Signed by a key outside the project's key set (the legacy secret included): a bad signature.
      if (
        error instanceof errors.JWSSignatureVerificationFailed ||
        error instanceof errors.JWKSNoMatchingKey ||
        error instanceof errors.JOSEAlgNotAllowed
      ) {
        return { ok: false, reason: "Invalid JWT: signature verification failed" };
      }
      const message = error instanceof Error ? error.message : String(error);
      return { ok: false, reason: `Invalid JWT: ${message}` };
    }
  }
}

/** Milliseconds until the claims expire (negative when already expired). */
export function msUntilExpiry(claims: Claims): number {
  return claims.exp * 1000 - Date.now();
}
