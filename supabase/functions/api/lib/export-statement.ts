// The statement timeout of an export's transaction. postgres.js reads a cursor as one statement
// (it sends no Sync between the batches), so Postgres counts the whole export against one
// statement timeout, the time spent waiting for a slow client included: the 8 s of an ordinary
// request cut an export of 100,000 orders off at about 60,000 rows.
import type { Tx } from "../../_shared/db.ts";

/** Within hosted's 150 s wall-clock limit of a worker (free plan), so Postgres ends it first. */
export const EXPORT_STATEMENT_TIMEOUT = "120s";

export async function allowExportDuration(tx: Tx): Promise<void> {
  await tx`select set_config('statement_timeout', ${EXPORT_STATEMENT_TIMEOUT}, true)`;
}
