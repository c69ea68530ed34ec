// The transaction deadline against a server that stops answering: a fake Postgres that lets a
// client connect (authentication, ReadyForQuery) and then never answers again, as a stalled
// server does. No real database is needed.
import assert from "node:assert/strict";
import { asAnon, Database, DeadlineError } from "./db.ts";
import { toApiError } from "./errors.ts";
import { keepServingOnStrayErrors } from "./process-guard.ts";

// As in every function's index.ts: a connection cut while postgres.js fetches its array types
// rejects that internal query, which nobody awaits (logged, not fatal).
keepServingOnStrayErrors("db-deadline.test");

const sanitize = { sanitizeOps: false, sanitizeResources: false };

/** Startup answered, then silence; counts the connections it has seen closed by the client. */
function silentPostgres() {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const state = { connections: 0, closedByClient: 0 };
  const ready = new Uint8Array([
    ...[0x52, 0, 0, 0, 8, 0, 0, 0, 0], // AuthenticationOk
    ...[0x4b, 0, 0, 0, 12, 0, 0, 0, 1, 0, 0, 0, 2], // BackendKeyData
    ...[0x5a, 0, 0, 0, 5, 0x49], // ReadyForQuery, idle
  ]);
  (async () => {
    for await (const conn of listener) {
      state.connections += 1;
      (async () => {
        const buffer = new Uint8Array(64 * 1024);
        let greeted = false;
        try {
          for (;;) {
            const read = await conn.read(buffer);
            if (read === null) break;
            if (!greeted) {
              greeted = true;
              await conn.write(ready);
            }
          }
        } catch {
          // reset by the client: closed all the same
        }
        state.closedByClient += 1;
        conn.close();
      })();
    }
  })();
  const { port } = listener.addr as Deno.NetAddr;
  return { url: `postgres://nobody@127.0.0.1:${port}/postgres`, state, close: () => listener.close() };
}

Deno.test({
  name: "a transaction with a silent server fails at its deadline as a 503 and its connection is cut",
  ...sanitize,
  fn: async () => {
    const server = silentPostgres();
    const db = new Database(server.url, 1);
    try {
      const started = performance.now();
      // Two at once on one connection: the second waits for it and runs out of time too.
      const results = await Promise.allSettled([
        asAnon(db, (tx) => tx`select 1`, { deadlineMs: 300 }),
        asAnon(db, (tx) => tx`select 2`, { deadlineMs: 300 }),
      ]);
      const elapsed = performance.now() - started;
      for (const result of results) {
        assert.deepStrictEqual(result.status, "rejected");
        const error = (result as PromiseRejectedResult).reason;
        assert(error instanceof DeadlineError, `not a DeadlineError: ${error}`);
        const apiError = toApiError(error);
        assert.deepStrictEqual([apiError.code, apiError.headers["Retry-After"]], ["unavailable", "5"]);
      }
      assert(elapsed < 1_000, `took ${elapsed} ms`);
      // The stalled connection was cut by the client, not left open.
      for (let i = 0; i < 50 && server.state.closedByClient < 1; i++) await new Promise((r) => setTimeout(r, 20));
      assert.deepStrictEqual(server.state.closedByClient, 1);
    } finally {
      await db.end().catch(() => {});
      server.close();
    }
  },
});
