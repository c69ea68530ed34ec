// Who is calling: hosted Storage reads only the Authorization bearer token (the apikey header is
// the API gateway's business), verifies it against the project's key set (JWKS: ES256 with a kid;
// the legacy shared secret is refused like any other key), and runs the database
// work as the token's `role` with its claims visible to auth.uid() / auth.role().
import type { IncomingMessage } from "node:http";
import { errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from "jose";
import { storageErrors } from "./errors.ts";

/** The Postgres roles a Supabase token can name; anything else could switch to a privileged role. */
const API_ROLES = new Set(["anon", "authenticated", "service_role"]);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface Caller {
  role: "anon" | "authenticated" | "service_role";
  claims: JWTPayload;
  /** storage.objects.owner: the token's `sub` when it is a UUID (hosted does the same), else null. */
  owner: string | null;
}

export class CallerVerifier {
  constructor(private readonly keySet: JWTVerifyGetKey) {}

  /** The caller of `req`, or a StorageError (AccessDenied) as hosted Storage gives it. */
  async identify(req: IncomingMessage): Promise<Caller> {
    const header = req.headers.authorization ?? "";
    const token = header.replace(/^bearer\s+/i, "").trim();
    if (!token) throw storageErrors.accessDenied("jwt must be provided");
    let claims: JWTPayload;
    try {
      ({ payload: claims } = await jwtVerify(token, this.keySet, { algorithms: ["ES256"] }));
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw storageErrors.accessDenied("jwt expired");
      // Signed by a key outside the project's key set (the legacy secret included): a bad signature.
      if (
        error instanceof errors.JWSSignatureVerificationFailed ||
        error instanceof errors.JWKSNoMatchingKey ||
        error instanceof errors.JOSEAlgNotAllowed
      )
        throw storageErrors.accessDenied("invalid signature");
      throw storageErrors.accessDenied(error instanceof Error ? error.message : "Invalid JWT");
    }
    const role = claims.role;
    if (typeof role !== "string" || !API_ROLES.has(role)) {
      throw storageErrors.accessDenied("Access denied: Invalid role");
    }
    const owner = typeof claims.sub === "string" && UUID.test(claims.sub) ? claims.sub : null;
    return { role: role as Caller["role"], claims, owner };
  }
}
