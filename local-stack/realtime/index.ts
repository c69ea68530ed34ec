// A Docker-less stand-in for Supabase Realtime, for the local stack and tests. It speaks the
// Phoenix protocol realtime-js uses (vsn 1.0.0 and 2.0.0) and reads the database by logical
// replication (pgoutput), for two features of hosted Realtime:
//   - Broadcast from the database: rows inserted into realtime.messages (realtime.send) go to the
//     channels joined on their topic; a private channel is joined only when the project's RLS
//     policies on realtime.messages let the user read its topic (channel-access.ts).
//   - postgres_changes (publication supabase_realtime): an INSERT or UPDATE goes to a subscriber
//     only when that subscriber's JWT could SELECT the row under RLS.
// Presence, and broadcasts sent by clients, are not implemented (channels using them still join).
//
// The caller owns the HTTP server and routes upgrades of /realtime/v1/websocket here.
import type { IncomingMessage } from "node:http";
import type { JWTVerifyGetKey } from "jose";
import type { Duplex } from "node:stream";
import postgres from "postgres";
import type { ApiKeys } from "../keys.ts";
import { WebSocketServer } from "ws";
import { Authoriser } from "./authorise.ts";
import { BroadcastRouter } from "./broadcasts.ts";
import { Dispatcher, type Subscriber } from "./dispatcher.ts";
import { TypeResolver } from "./pg-types.ts";
import { keepPartitions } from "./partitions.ts";
import { DEFAULT_VSN, isSupportedVsn } from "./protocol.ts";
import { RelationCatalog } from "./relations.ts";
import { ReplicationStream } from "./replication.ts";
import { Session, toAuth } from "./session.ts";
import { TokenVerifier } from "./tokens.ts";

export interface RealtimeServer {
  /** Handle an HTTP upgrade for GET /realtime/v1/websocket?apikey=..&vsn=.. (path already matched by the caller). */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Close sockets, stop replication, DROP the replication slot (no slot may be left behind). */
  close(): Promise<void>;
}

export async function startRealtime(opts: {
  databaseUrl: string;
  /** The project's public key set (the function's JWKS in the stack). */
  keySet: JWTVerifyGetKey;
  /** The project's publishable and secret API keys (apikey and access_token may be one). */
  apiKeys?: ApiKeys;
}): Promise<RealtimeServer> {
  const log = (message: string) => console.warn(`[realtime] ${message}`);
  const logged = new Set<string>();
  const logOnce = (message: string) => {
    if (logged.has(message) || logged.size > 200) return;
    logged.add(message);
    log(message);
  };

  // Catalog lookups and visibility checks. standard_conforming_strings is pinned because the
  // checks are sent as text with literals quoted on that assumption.
  const sql = postgres(opts.databaseUrl, {
    max: 4,
    onnotice: () => {},
    connection: { application_name: "realtime-standin", standard_conforming_strings: "on" },
  });
  const relations = new RelationCatalog(sql, new TypeResolver(sql));
  const verifier = new TokenVerifier(opts.keySet, opts.apiKeys);
  const sessions = new Set<Session>();
  function* subscribers(): Iterable<Subscriber> {
    for (const session of sessions) yield* session.channels.values();
  }
  const dispatcher = new Dispatcher(subscribers, new Authoriser(sql, log), log);
  const broadcasts = new BroadcastRouter();
  const replication = new ReplicationStream({
    databaseUrl: opts.databaseUrl,
    sql,
    relations,
    onTransaction: (transaction) => {
      // Broadcasts need no check per message, so they leave at once; changes wait for theirs.
      broadcasts.deliver(transaction.messages);
      if (transaction.changes.length > 0) dispatcher.dispatch(transaction);
    },
    log,
  });
  let stopPartitions = () => {};
  try {
    stopPartitions = await keepPartitions(sql, log);
    // With synchronous_commit off, WAL reaches the walsender only on the WAL writer's next round:
    // events then lag by 100-200 ms instead of a few ms.
    const [{ synchronous_commit }] = await sql`show synchronous_commit`;
    if (synchronous_commit === "off") log("synchronous_commit is off: expect events 100-200 ms late");
    await replication.start();
  } catch (error) {
    stopPartitions();
    await sql.end({ timeout: 1 });
    throw error;
  }

  const wss = new WebSocketServer({ noServer: true });
  let nextBindingId = 1;
  const pendingUpgrades = new Set<Duplex>();
  let closing = false;

  async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = new URL(req.url ?? "/", "http://localhost");
    const vsn = url.searchParams.get("vsn") ?? DEFAULT_VSN;
    if (!isSupportedVsn(vsn)) return refuse(socket, 400, `unsupported vsn ${vsn} (1.0.0 or 2.0.0)`);
    const apikey = url.searchParams.get("apikey");
    if (!apikey) return refuse(socket, 401, "apikey query parameter is required");
    const checked = await verifier.verify(apikey);
    if (!checked.ok) return refuse(socket, 401, `invalid apikey: ${checked.reason}`);
    if (closing || socket.destroyed) return socket.destroy();
    wss.handleUpgrade(req, socket, head, (ws) => {
      if (closing) return ws.terminate();
      const session = new Session(ws, vsn, toAuth(checked.token, checked.claims), {
        sql,
        verifier,
        broadcasts,
        nextBindingId: () => nextBindingId++,
        log,
        logOnce,
      });
      sessions.add(session);
      ws.on("close", () => sessions.delete(session));
    });
  }

  return {
    handleUpgrade(req, socket, head) {
      if (closing) {
        socket.destroy();
        return;
      }
      pendingUpgrades.add(socket);
      socket.on("error", () => {}); // a client vanishing mid-upgrade is not our error
      upgrade(req, socket, head)
        .catch((error: unknown) => {
          log(`upgrade failed: ${error instanceof Error ? error.message : error}`);
          socket.destroy();
        })
        .finally(() => pendingUpgrades.delete(socket));
    },

    async close() {
      if (closing) return;
      closing = true;
      stopPartitions();
      for (const socket of pendingUpgrades) socket.destroy();
      // 1012 "service restart": clients reconnect, as they would to a restarted hosted Realtime.
      await Promise.all([...sessions].map((session) => session.close(1012, "realtime stand-in stopped")));
      sessions.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      try {
        await replication.stop();
        await dispatcher.idle();
      } finally {
        await sql.end({ timeout: 5 });
      }
    },
  };
}

function refuse(socket: Duplex, status: 400 | 401, reason: string) {
  const title = status === 400 ? "Bad Request" : "Unauthorized";
  socket.end(
    `HTTP/1.1 ${status} ${title}\r\nConnection: close\r\nContent-Type: text/plain\r\n` +
      `Content-Length: ${Buffer.byteLength(reason)}\r\n\r\n${reason}`,
  );
}
