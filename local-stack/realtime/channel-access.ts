// Who may join a private channel, decided as hosted Realtime decides it (its
// Tenants.Authorization): by the project's RLS policies on realtime.messages, evaluated in a
// transaction as the joining user with the channel's topic set, and rolled back.
//   - read: a probe row of the topic (extension 'broadcast') is inserted by the server's own
//     connection (no RLS), then selected as the user; the join is allowed when the user sees it.
//   - write: a probe row is inserted as the user; refused (42501) means the user may not send.
// The probe rows never commit. A missing daily partition is its own error, as on hosted.
import { randomUUID } from "node:crypto";
import type { Sql } from "postgres";
import type { SubscriberAuth } from "./dispatcher.ts";

export class MissingPartitionError extends Error {
  constructor() {
    super("MissingPartition: Realtime was unable to find the expected messages partition");
  }
}

const INSUFFICIENT_PRIVILEGE = "42501";
const CHECK_VIOLATION = "23514"; // "no partition of relation ... found for row"

/** Whether `auth` may receive the broadcasts of `topic` (the channel name, without "realtime:"). */
export function mayRead(sql: Sql, topic: string, auth: SubscriberAuth): Promise<boolean> {
  return inRolledBackTransaction(sql, async (tx) => {
    const probe = randomUUID();
    await insertProbe(tx, probe, topic);
    await actAs(tx, topic, auth);
    const seen = await tx`select m.id from realtime.messages m where m.id = ${probe}`;
    return seen.length > 0;
  });
}

/** Whether `auth` may send broadcasts to `topic` from a client. */
export function mayWrite(sql: Sql, topic: string, auth: SubscriberAuth): Promise<boolean> {
  return inRolledBackTransaction(sql, async (tx) => {
    await actAs(tx, topic, auth);
    try {
      await insertProbe(tx, randomUUID(), topic);
      return true;
    } catch (error) {
      if ((error as { code?: string }).code === INSUFFICIENT_PRIVILEGE) return false;
      throw error;
    }
  });
}

async function insertProbe(tx: Sql, id: string, topic: string) {
  try {
    // inserted_at is a timestamp without time zone in UTC, the partitions' days.
    await tx`
      insert into realtime.messages (id, topic, extension, inserted_at, updated_at)
      values (${id}, ${topic}, 'broadcast', now() at time zone 'utc', now() at time zone 'utc')`;
  } catch (error) {
    if ((error as { code?: string }).code === CHECK_VIOLATION) throw new MissingPartitionError();
    throw error;
  }
}

/** The settings hosted Realtime sets before it checks a policy, all local to the transaction. */
async function actAs(tx: Sql, topic: string, auth: SubscriberAuth) {
  await tx`
    select set_config('role', ${auth.claims.role}, true),
           set_config('realtime.topic', ${topic}, true),
           set_config('request.jwt.claims', ${auth.claimsJson}, true),
           set_config('request.jwt.claim.sub', ${typeof auth.claims.sub === "string" ? auth.claims.sub : ""}, true),
           set_config('request.jwt.claim.role', ${auth.claims.role}, true)`;
}

async function inRolledBackTransaction<T>(sql: Sql, work: (tx: Sql) => Promise<T>): Promise<T> {
  const connection = await sql.reserve();
  try {
    await connection`begin`;
    try {
      return await work(connection as unknown as Sql);
    } finally {
      await connection`rollback`;
    }
  } finally {
    connection.release();
  }
}
