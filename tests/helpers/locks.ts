// Waiting, in a test, for a request to stop at a row lock: how a test holds one transaction
// half-way and sees what another does meanwhile.
import type { Sql } from "postgres";

/** Resolves once a backend is waiting for a lock in a statement that contains `text`. */
export async function waitingForLock(sql: Sql, text: string) {
  for (const giveUp = Date.now() + 10_000; Date.now() < giveUp;) {
    const [{ waiting }] = await sql<{ waiting: number }[]>`
      select count(*)::int as waiting from pg_stat_activity
      where wait_event_type = 'Lock' and query like ${`%${text}%`}`;
    if (waiting > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`nothing waited for a lock in ${text}`);
}
