// The change feed: logical replication with the built-in pgoutput plugin, through
// pg-logical-replication, from two publications: supabase_realtime (the one migrations add tables
// to, for postgres_changes) and supabase_realtime_messages_publication (realtime.messages, whose
// inserted rows are Broadcast from the database). Hosted Realtime streams each from a connection
// of its own; one stream here decodes the WAL once, and each committed transaction carries both.
//
// The slot is TEMPORARY, created on the streaming connection itself: Postgres drops it when that
// connection ends, so even a killed process leaves no slot behind to pin WAL forever. stop()
// still waits until the slot is really gone. Each start uses a new slot name so two stand-ins
// (or a restart racing the old walsender's exit) never collide.
import { randomBytes } from "node:crypto";
import { LogicalReplicationService, PgoutputPlugin, type Pgoutput } from "pg-logical-replication";
import type { Sql } from "postgres";
import type { RelationCatalog, RelationInfo } from "./relations.ts";

export const PUBLICATION = "supabase_realtime";
export const MESSAGES_PUBLICATION = "supabase_realtime_messages_publication";

/** Column values as pgoutput's text output; null for NULL, undefined for an unchanged TOAST value. */
export type RawTuple = Record<string, string | null | undefined>;

export interface RawChange {
  type: "INSERT" | "UPDATE" | "DELETE";
  relation: Promise<RelationInfo>;
  /** New row (INSERT, UPDATE). */
  new: RawTuple | null;
  /** Old row: all columns under REPLICA IDENTITY FULL, else only key columns (or nothing). */
  old: RawTuple | null;
}

export interface CommittedTransaction {
  /** The transaction id (32 bits, as pgoutput gives it). */
  xid: number;
  /** Commit time, as hosted Realtime formats it (UTC, milliseconds, "Z"). */
  commitTimestamp: string;
  /** Changes of the tables in supabase_realtime. */
  changes: RawChange[];
  /** Rows inserted into realtime.messages (its daily partitions), as pgoutput's text. */
  messages: RawTuple[];
}

/**
 * pgoutput, with two changes to the library's plugin: the slot is created (temporary) on the
 * replication connection just before streaming starts, and values are kept as pgoutput's text
 * instead of going through node-postgres's global type parsers (which turn timestamps into Dates,
 * losing microseconds and the format hosted Realtime uses).
 */
class TemporarySlotPgoutput extends PgoutputPlugin {
  async start(client: Parameters<PgoutputPlugin["start"]>[0], slotName: string, lastLsn: string) {
    await client.query(`CREATE_REPLICATION_SLOT "${slotName}" TEMPORARY LOGICAL pgoutput NOEXPORT_SNAPSHOT`);
    return super.start(client, slotName, lastLsn);
  }

  parse(buffer: Buffer): Pgoutput.Message {
    const message = super.parse(buffer);
    // The parser caches this Relation object and reads each column's parser from it for every
    // later tuple, so replacing the parsers here keeps all values as text.
    if (message.tag === "relation") for (const column of message.columns) column.parser = keepText;
    return message;
  }
}

const keepText = (raw: unknown) => raw;

export class ReplicationStream {
  private service: LogicalReplicationService | null = null;
  private slotName = "";
  private stopped = false;
  private restartTimer: NodeJS.Timeout | null = null;
  private transaction: CommittedTransaction | null = null;
  /** Relation ids of realtime.messages' partitions (pgoutput names the partition, not the root). */
  private readonly messageRelations = new Set<number>();

  constructor(
    private readonly opts: {
      databaseUrl: string;
      sql: Sql;
      relations: RelationCatalog;
      onTransaction: (transaction: CommittedTransaction) => void;
      log: (message: string) => void;
    },
  ) {}

  /** Resolves once the slot exists and streaming has begun: every later commit is delivered. */
  async start(): Promise<void> {
    this.slotName = `realtime_standin_${process.pid}_${randomBytes(4).toString("hex")}`;
    const service = new LogicalReplicationService(
      {
        connectionString: this.opts.databaseUrl,
        application_name: "realtime-standin replication",
        // Pin the text output of timestamps so the conversion to hosted Realtime's format holds.
        options: "-c TimeZone=UTC -c DateStyle=ISO,YMD",
      },
      // Acknowledged by hand at each commit (the library would answer every single message);
      // its timer still confirms the position every 10 s while idle.
      { acknowledge: { auto: false, timeoutSeconds: 10 } },
    );
    this.service = service;
    service.on("data", (lsn: string, message: Pgoutput.Message) => {
      this.onMessage(message);
      // Nothing is ever replayed (the slot is temporary), so a commit is done with once read.
      if (message.tag === "commit") void service.acknowledge(lsn);
    });
    service.on("heartbeat", (lsn: string, _timestamp: number, shouldRespond: boolean) => {
      if (shouldRespond) void service.acknowledge(lsn);
    });
    service.on("error", () => {}); // the same failures reject subscribe(), handled below
    let streaming = false;
    await new Promise<void>((resolve, reject) => {
      service.once("start", () => {
        streaming = true;
        resolve();
      });
      const plugin = new TemporarySlotPgoutput({
        protoVersion: 1,
        publicationNames: [PUBLICATION, MESSAGES_PUBLICATION],
      });
      service.subscribe(plugin, this.slotName).then(
        () =>
          streaming ? this.onStreamEnded(service, null) : reject(new Error("replication ended before it started")),
        (error: unknown) => (streaming ? this.onStreamEnded(service, error) : reject(error)),
      );
    });
  }

  /** Stops streaming and waits until the temporary slot has been dropped. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    const service = this.service;
    this.service = null;
    if (service) await service.destroy();
    if (this.slotName) await this.dropSlot(this.slotName);
  }

  private onStreamEnded(service: LogicalReplicationService, error: unknown) {
    if (this.stopped || this.service !== service) return;
    // The connection died (server restart...): the temporary slot went with it, and changes
    // committed until a new slot exists are lost, as when hosted Realtime reconnects.
    const reason = error instanceof Error ? error.message : "stream ended";
    this.opts.log(`replication stopped (${reason}); restarting`);
    this.service = null;
    this.transaction = null;
    void service.destroy().catch(() => {});
    this.scheduleRestart();
  }

  private scheduleRestart() {
    this.restartTimer = setTimeout(async () => {
      this.restartTimer = null;
      if (this.stopped) return;
      try {
        await this.dropSlot(this.slotName);
        if (this.stopped) return;
        await this.start();
        if (this.stopped) await this.stop();
      } catch (error) {
        if (this.stopped) return;
        this.opts.log(`replication restart failed (${error instanceof Error ? error.message : error}); retrying`);
        this.scheduleRestart();
      }
    }, 1000);
  }

  private onMessage(message: Pgoutput.Message) {
    switch (message.tag) {
      case "begin":
        this.transaction = {
          xid: message.xid >>> 0, // the library reads it as a signed int32
          commitTimestamp: toIsoMillis(message.commitTime as bigint),
          changes: [],
          messages: [],
        };
        return;
      case "relation":
        if (message.schema === "realtime" && message.name.startsWith("messages")) {
          this.messageRelations.add(message.relationOid);
        } else {
          this.opts.relations.update(message);
        }
        return;
      case "insert":
        // Only inserts of realtime.messages are broadcast (hosted ignores their updates and deletes).
        if (this.messageRelations.has(message.relation.relationOid)) {
          this.transaction?.messages.push(message.new as RawTuple);
          return;
        }
        this.transaction?.changes.push({
          type: "INSERT",
          relation: this.opts.relations.get(message.relation.relationOid),
          new: message.new as RawTuple,
          old: null,
        });
        return;
      case "update":
        if (this.messageRelations.has(message.relation.relationOid)) return;
        this.transaction?.changes.push({
          type: "UPDATE",
          relation: this.opts.relations.get(message.relation.relationOid),
          new: message.new as RawTuple,
          old: (message.old ?? message.key) as RawTuple | null,
        });
        return;
      case "delete":
        if (this.messageRelations.has(message.relation.relationOid)) return;
        this.transaction?.changes.push({
          type: "DELETE",
          relation: this.opts.relations.get(message.relation.relationOid),
          new: null,
          old: (message.old ?? message.key) as RawTuple | null,
        });
        return;
      case "commit": {
        const transaction = this.transaction;
        this.transaction = null;
        if (transaction && (transaction.changes.length > 0 || transaction.messages.length > 0)) {
          this.opts.onTransaction(transaction);
        }
        return;
      }
      default:
        // truncate, origin, type, message: hosted Realtime sends none of these to postgres_changes.
        return;
    }
  }

  /**
   * The walsender drops a temporary slot as it exits, a moment after the client disconnects.
   * Wait for that; drop it ourselves if it lingers inactive; end a walsender that hangs on.
   */
  private async dropSlot(slotName: string): Promise<void> {
    const started = Date.now();
    for (;;) {
      const [slot] = await this.opts.sql<{ active_pid: number | null }[]>`
        select active_pid from pg_catalog.pg_replication_slots where slot_name = ${slotName}`;
      if (!slot) return;
      if (slot.active_pid === null) {
        await this.opts.sql`select pg_catalog.pg_drop_replication_slot(${slotName})`.catch(() => {});
      } else if (Date.now() - started > 5000) {
        await this.opts.sql`select pg_catalog.pg_terminate_backend(${slot.active_pid})`;
      }
      if (Date.now() - started > 15000) throw new Error(`replication slot ${slotName} could not be dropped`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
}

/** pgoutput times are microseconds since the Unix epoch (as the library converts them). */
function toIsoMillis(unixMicros: bigint): string {
  return new Date(Number(unixMicros / 1000n)).toISOString();
}
