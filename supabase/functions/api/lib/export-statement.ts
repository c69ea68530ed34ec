// The transaction of an export. postgres.js reads a cursor as one statement (it sends no Sync
// between the batches), so Postgres counts the whole export against one statement timeout, the
// time spent waiting for a slow client included: the 8 s of an ordinary request cut an export of
// 100,000 orders off at about 60,000 rows. The same holds for the client-side deadline every
// transaction has (_shared/db.ts, 10 s): an export may run longer, within a limit of its own.
import { asUser, type Claims, type Sql, type Tx } from "../../_shared/db.ts";

/** Within hosted's 150 s wall-clock limit of a worker (free plan), so Postgres ends it first. */
export const EXPORT_STATEMENT_TIMEOUT = "120s";
/** The client-side deadline of an export's transaction: a little past the statement timeout. */
const EXPORT_DEADLINE_MS = 125_000;

/** asUser for a download streamed from a cursor: the export's statement timeout and deadline. */
export function asUserExporting(sql: Sql, claims: Claims, work: (tx: Tx) => Promise<void>): Promise<void> {
  return asUser(
    sql,
    claims,
    async (tx) => {
      await tx`select set_config('statement_timeout', ${EXPORT_STATEMENT_TIMEOUT}, true)`;
      await work(tx);
    },
    { deadlineMs: EXPORT_DEADLINE_MS },
  );
}
