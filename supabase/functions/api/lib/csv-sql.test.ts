// csvCellSql writes what csvCell writes: the exports format their lines in Postgres, the header
// and the payouts' lines in TypeScript, and both must neutralise formulas and quote alike. Runs
// against the database named by DATABASE_URL (npm test provides one).
import assert from "node:assert/strict";
import { asService, connect } from "../../_shared/db.ts";
import { csvCell, csvCellSql, csvLine, csvLineSql } from "./csv.ts";

const databaseUrl = Deno.env.get("DATABASE_URL");
if (!databaseUrl) throw new Error("DATABASE_URL must name a migrated test database (npm test sets it)");

const TRICKY = [
  "plain",
  "",
  'say "hi"',
  "Kampot, pepper",
  "two\nlines",
  "cr\rinside",
  '=HYPERLINK("http://evil.example","Pepper")',
  "+85512345678",
  "-1",
  "@SUM(A1)",
  "\tleading tab",
  "\rleading cr",
  "ម្រេចកំពត",
  "'already quoted",
];

Deno.test("csvCellSql and csvLineSql write what csvCell and csvLine write", async () => {
  const sql = connect(databaseUrl);
  try {
    const values = [...TRICKY, null];
    const rows = await asService(
      sql,
      (tx) =>
        tx<{ value: string | null; cell: string; line: string }[]>`
        select v.value, ${csvCellSql(tx, tx`v.value`)} as cell,
               ${csvLineSql(tx, [csvCellSql(tx, tx`v.value`), tx`'7'`, csvCellSql(tx, tx`null::text`)])} as line
        from unnest(${values}::text[]) with ordinality as v(value, n) order by v.n`,
    );
    assert.deepStrictEqual(
      rows.map((row) => row.cell),
      values.map(csvCell),
    );
    assert.deepStrictEqual(
      rows.map((row) => row.line),
      values.map((value) => csvLine([value, 7, null])),
    );
  } finally {
    await sql.end();
  }
});
