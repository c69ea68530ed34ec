// realtime.messages' daily partitions, kept as hosted Realtime keeps them (Tenants
// create_messages_partitions and the Janitor): one per UTC day, from yesterday to three days
// ahead, created when the server connects and again every hour; partitions of days more than
// 72 hours ago are dropped. Without today's partition realtime.send loses its message (a WARNING)
// and a private join is refused (MissingPartition).
import type { Sql } from "postgres";
import { quoteIdent } from "./sql-quote.ts";

const DAY_MS = 86_400_000;
const RETENTION_MS = 72 * 3_600_000;
const MAINTENANCE_INTERVAL_MS = 3_600_000;

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const partitionName = (day: string) => `messages_${day.replaceAll("-", "_")}`;

/** Creates the partitions from yesterday to three days ahead and drops the expired ones. */
export async function maintainPartitions(sql: Sql, now = Date.now()): Promise<void> {
  for (let offset = -1; offset <= 3; offset++) {
    const day = isoDay(now + offset * DAY_MS);
    const next = isoDay(now + (offset + 1) * DAY_MS);
    await sql.unsafe(`
      create table if not exists realtime.${quoteIdent(partitionName(day))}
        partition of realtime.messages for values from ('${day}') to ('${next}')`);
    await sql.unsafe(`alter table realtime.${quoteIdent(partitionName(day))} owner to supabase_realtime_admin`);
  }
  const oldest = partitionName(isoDay(now - RETENTION_MS));
  const children = await sql<{ name: string }[]>`
    select c.relname as name from pg_catalog.pg_inherits i join pg_catalog.pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'realtime.messages'::regclass`;
  // messages_YYYY_MM_DD sorts by date.
  for (const { name } of children) {
    if (/^messages_\d{4}_\d{2}_\d{2}$/.test(name) && name < oldest) {
      await sql.unsafe(`drop table if exists realtime.${quoteIdent(name)}`);
    }
  }
}

/** Maintains the partitions now and every hour until stopped. */
export async function keepPartitions(sql: Sql, log: (message: string) => void): Promise<() => void> {
  await maintainPartitions(sql);
  const timer = setInterval(() => {
    maintainPartitions(sql).catch((error: unknown) =>
      log(`could not maintain realtime.messages partitions: ${error instanceof Error ? error.message : error}`),
    );
  }, MAINTENANCE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
