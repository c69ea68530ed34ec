// JWT checks as hosted Realtime does them: HS256 with the project's secret, not expired, and
// carrying `role` and `exp` (the role decides which Postgres role the visibility check runs as).
import { errors, jwtVerify } from "jose";

export type Claims = Record<string, unknown> & { role: string; exp: number; sub?: string };

export type TokenCheck =
  | { ok: true; token: string; claims: Claims }
  | { ok: false; reason: string };

export class TokenVerifier {
  private readonly key: Uint8Array;

  constructor(jwtSecret: string) {
    this.key = new TextEncoder().encode(jwtSecret);
  }

  async verify(token: unknown): Promise<TokenCheck> {
    if (typeof token !== "string" || token.length === 0) return { ok: false, reason: "Missing JWT" };
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ["HS256"] });
      if (typeof payload.role !== "string" || typeof payload.exp !== "number") {
        return { ok: false, reason: "Fields `role` and `exp` are required in JWT" };
      }
      return { ok: true, token, claims: payload as Claims };
    } catch (error) {
      if (error instanceof errors.JWTExpired) {
        const exp = typeof error.payload.exp === "number" ? error.payload.exp : 0;
        return { ok: false, reason: `Token has expired ${Math.max(0, Math.floor(Date.now() / 1000) - exp)} seconds ago` };
      }
      if (error instanceof errors.JWSSignatureVerificationFailed) {
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
