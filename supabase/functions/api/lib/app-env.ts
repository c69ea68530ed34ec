// What the api's routes find on Hono's context once requireUser has run: the caller's verified
// claims and current account row.
import type { Claims } from "../../_shared/db.ts";
import type { UserRow } from "../read-models/users.ts";

export type AppEnv = {
  Variables: {
    claims: Claims;
    user: UserRow;
  };
};
