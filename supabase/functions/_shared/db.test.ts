// The database client's type parsers against the real database named by DATABASE_URL: values
// arrive as database.types.ts types them, and parameters of those types still go in as before.
import assert from "node:assert/strict";
import { asAnon, asUser, connect, sqlLiteral } from "./db.ts";

const databaseUrl = Deno.env.get("DATABASE_URL");
if (!databaseUrl) throw new Error("DATABASE_URL must name a migrated test database (npm test sets it)");

const sanitize = { sanitizeOps: false, sanitizeResources: false };

Deno.test({
  name: "int8, numeric, timestamptz and date arrive as numbers, ISO strings and day text",
  ...sanitize,
  fn: async () => {
    const sql = connect(databaseUrl);
    try {
      const [row] = await asAnon(
        sql,
        (tx) => tx`
          select 9007199254740991::bigint as big, count(*) as counted, 0.1500::numeric(6, 4) as rate,
                 sum(x) as summed, '2026-11-22 13:00:00.123456+07'::timestamptz as moment,
                 '2026-02-28'::date as day, null::timestamptz as no_moment, array[1, 2]::bigint[] as bigs,
                 array['2026-01-01', '2026-12-31']::date[] as days
          from (values (1250::bigint), (350::bigint)) v(x)`,
      );
      assert.deepStrictEqual(row, {
        big: Number.MAX_SAFE_INTEGER,
        counted: 2,
        rate: 0.15,
        summed: 1600,
        moment: "2026-11-22T06:00:00.123Z",
        day: "2026-02-28",
        no_moment: null,
        bigs: [1, 2],
        days: ["2026-01-01", "2026-12-31"],
      });
    } finally {
      await sql.end();
    }
  },
});

Deno.test({
  name: "parameters of those types are sent as before: numbers, Dates, ISO strings and day text",
  ...sanitize,
  fn: async () => {
    const sql = connect(databaseUrl);
    try {
      const moment = "2026-11-22T06:00:00.123Z";
      const [row] = await asAnon(
        sql,
        (tx) => tx`
          select ${1250}::bigint + 1 as cents, ${0.15}::numeric(6, 4) * 2 as rate,
                 ${new Date(moment)}::timestamptz = ${moment}::timestamptz as same_moment,
                 ${moment}::timestamptz + interval '1 day' as next_day,
                 ${"2026-12-31"}::date - ${"2026-12-01"}::date as days_between, ${3}::bigint = any(${[1, 2, 3]}::bigint[]) as found`,
      );
      assert.deepStrictEqual(row, {
        cents: 1251,
        rate: 0.3,
        same_moment: true,
        next_day: "2026-11-23T06:00:00.123Z",
        days_between: 30,
        found: true,
      });
    } finally {
      await sql.end();
    }
  },
});

Deno.test({
  name: "a transaction's claims reach Postgres exactly, quotes, backslashes and any script included",
  ...sanitize,
  fn: async () => {
    const sql = connect(databaseUrl);
    try {
      const email = `o'brien\\'; select 1; --\\\\x"y@ឧទាហរណ៍.example`;
      const claims = { sub: "00000000-0000-4000-8000-000000000001", role: "authenticated" as const, email };
      const [row] = await asUser(
        sql,
        claims,
        (tx) => tx`
          select current_setting('request.jwt.claims', true)::jsonb ->> 'email' as email,
                 current_user as role, current_setting('statement_timeout') as timeout`,
      );
      assert.deepStrictEqual(row, { email, role: "authenticated", timeout: "8s" });
    } finally {
      await sql.end();
    }
  },
});

Deno.test("sqlLiteral doubles backslashes and quotes inside an escape string", () => {
  assert.equal(sqlLiteral(`a'b\\c`), `E'a''b\\\\c'`);
});

Deno.test(
  "postgres.js's writes are flushed before any timer: its setImmediate is a microtask, and clearImmediate cancels",
  async () => {
    // What postgres.js finds on the global object once db.ts is loaded (db.ts says why).
    const global = globalThis as unknown as {
      setImmediate(run: () => void): unknown;
      clearImmediate(handle: unknown): void;
    };
    const order: string[] = [];
    const timer = new Promise<void>((resolve) =>
      setTimeout(() => {
        order.push("timer");
        resolve();
      }, 0),
    );
    global.setImmediate(() => order.push("flush"));
    global.clearImmediate(global.setImmediate(() => order.push("cancelled flush")));
    await timer;
    assert.deepStrictEqual(order, ["flush", "timer"]);
  },
);

Deno.test({
  name: "a transaction in which a statement failed never reports success, even when the work caught the error",
  ...sanitize,
  fn: async () => {
    const sql = connect(databaseUrl);
    try {
      await assert.rejects(
        asAnon(sql, async (tx) => {
          await tx`select 1 / ${0}::int`.catch(() => {});
          return "done";
        }),
        /The transaction ended in ROLLBACK: a statement in it failed/,
      );
      // The connection serves the next transaction as usual.
      const [row] = await asAnon(sql, (tx) => tx`select ${41}::int + 1 as answer, current_user as role`);
      assert.deepStrictEqual(row, { answer: 42, role: "anon" });
    } finally {
      await sql.end();
    }
  },
});
