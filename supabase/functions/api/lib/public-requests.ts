// The pages anyone may open with a token in their path (a customer's order page, a rider's page)
// count every request against the caller's address (private.note_public_request: 60 a minute,
// then 429 with Retry-After), so no one walks the token space.
import type { Context } from "hono";
import { asService } from "../../_shared/db.ts";
import type { AppDeps } from "../../_shared/context.ts";
import type { Database } from "../../_shared/database.types.ts";
import { clientAddress } from "../../_shared/client-address.ts";
import type { AppEnv } from "./app-env.ts";

/**
 * Counts the request against its address's limit for `route`, in a transaction of its own: a
 * request refused later (an unknown token's 404) still counts.
 */
export async function countPublicRequest(
  deps: AppDeps,
  c: Context<AppEnv>,
  route: Database["private"]["Enums"]["public_route"],
): Promise<void> {
  await asService(deps.sql, (tx) => tx`select private.note_public_request(${route}, ${clientAddress(c)})`);
}
