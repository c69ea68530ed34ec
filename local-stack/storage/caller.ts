// Who is calling. Hosted Storage reads only the Authorization bearer token, verifies it against
// the project's key set (JWKS: ES256 with a kid; the legacy shared secret is refused like any
// other key), and runs the database work as the token's `role` with its claims visible to
// auth.uid() / auth.role(). In front of it the API gateway handles the new API keys, which are
// not JWTs, and the stand-in plays that part too:
//   - `apikey: sb_secret_...` with no bearer token: service access (service_role);
//   - `apikey: sb_publishable_...` with no bearer token, or with the same key as bearer (what
//     supabase-js sends without a session): anon;
//   - any other non-JWT bearer, a secret key above all: 401 "Invalid JWT". A secret key is a
//     credential for `apikey` only;
//   - an `sb_...` apikey the project does not have, with no bearer token: 401 "Invalid API key".
import type { IncomingMessage } from "node:http";
import { errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from "jose";
import type { ApiKeys } from "../keys.ts";
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

/** What a request with only an API key acts as: no user, so no owner. */
const keyCaller = (role: "anon" | "service_role"): Caller => ({ role, claims: { role }, owner: null });

export class CallerVerifier {
  constructor(
    private readonly keySet: JWTVerifyGetKey,
    private readonly apiKeys: ApiKeys = { publishable: [], secret: [] },
  ) {}

  /** The caller of `req`, or a StorageError (AccessDenied, Invalid JWT) as hosted gives it. */
  async identify(req: IncomingMessage): Promise<Caller> {
    const header = req.headers.authorization ?? "";
    const token = header.replace(/^bearer\s+/i, "").trim();
    const apikey = typeof req.headers.apikey === "string" ? req.headers.apikey.trim() : "";
    if (!token) {
      if (this.apiKeys.secret.includes(apikey)) return keyCaller("service_role");
      if (this.apiKeys.publishable.includes(apikey)) return keyCaller("anon");
      if (apikey.startsWith("sb_")) throw storageErrors.invalidApiKey();
      throw storageErrors.accessDenied("jwt must be provided");
    }
    if (token.startsWith("sb_")) {
      if (token === apikey && this.apiKeys.publishable.includes(token)) return keyCaller("anon");
      throw storageErrors.invalidJwt();
    }
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
