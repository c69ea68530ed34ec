// What every route handler can reach: the database, the signing key and, once authenticated,
// the caller's verified claims and current account row.
import type { Claims, Sql } from "./db.ts";
import type { SigningKey } from "./tokens.ts";
import type { UserRow } from "./users.ts";

export interface AppDeps {
  sql: Sql;
  signingKey: SigningKey;
  supabaseUrl: string;
  /** Server side only: Storage writes (only this function stores images). */
  serviceRoleKey: string;
  appUrl: string;
}

export type AppEnv = {
  Variables: {
    claims: Claims;
    user: UserRow;
  };
};
