// The check that keeps supabase/schemas/ and the migrations together (npm run db:check, and a step
// of npm test) must notice a change of every kind an engineer could make on one side only. Here
// each change is made to a database built by the migrations, and the fingerprint must name it.
import postgres, { type Sql } from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createThrowawayDatabase, type ThrowawayDatabase } from "../../local-stack/throwaway-db.ts";
import { fingerprintDifferences, schemaFingerprint } from "../../local-stack/schema-fingerprint.ts";

let db: ThrowawayDatabase;
let sql: Sql;
/** The fingerprint as the migrations leave it. */
let migrated: Map<string, string>;

beforeAll(async () => {
  db = await createThrowawayDatabase();
  sql = postgres(db.adminUrl, { max: 1, onnotice: () => {} });
  migrated = await schemaFingerprint(sql);
});

afterAll(async () => {
  await sql?.end();
  db?.stop();
});

/** The differences one change makes, the change rolled back afterwards. */
async function differencesAfter(change: string): Promise<string[]> {
  let after = migrated;
  await sql
    .begin(async (tx) => {
      await tx.unsafe(change);
      after = await schemaFingerprint(tx as unknown as Sql);
      throw new Error("roll back");
    })
    .catch((error: Error) => {
      if (error.message !== "roll back") throw error;
    });
  return fingerprintDifferences(migrated, after, { expected: "before", actual: "after" });
}

describe("the schema fingerprint", () => {
  it("is the same when read twice", async () => {
    expect(
      fingerprintDifferences(await schemaFingerprint(sql), await schemaFingerprint(sql), {
        expected: "a",
        actual: "b",
      }),
    ).toEqual([]);
  });

  const changes: [string, string, RegExp][] = [
    [
      "a column default",
      "alter table public.campaigns alter column status set default 'inactive'",
      /^column public\.campaigns\.status: differs/,
    ],
    ["a new column", "alter table public.orders add column note text", /^column public\.orders\.note: only in after/],
    [
      "a check constraint",
      "alter table public.orders drop constraint orders_quantity_check",
      /^constraint public\.orders\.orders_quantity_check: only in before/,
    ],
    [
      "an index",
      "drop index public.communes_district_code_idx",
      /^index public\.communes_district_code_idx: only in before/,
    ],
    [
      "a policy",
      'alter policy "Anyone can read delivery zones" on public.delivery_zones to authenticated',
      /^policy public\.delivery_zones\.Anyone can read delivery zones: differs/,
    ],
    ["a grant", "grant insert on public.delivery_zones to anon", /^relation public\.delivery_zones: differs/],
    [
      "a function body",
      "create or replace function private.cambodia_today() returns date language sql stable as $$ select current_date $$",
      /^function private\.cambodia_today\(\): differs/,
    ],
    [
      "a function's grant",
      "grant execute on function private.cambodia_today() to anon",
      /^function private\.cambodia_today\(\): differs/,
    ],
    [
      "a trigger",
      "drop trigger delivery_zones_touch_updated_at on public.delivery_zones",
      /^trigger public\.delivery_zones\.delivery_zones_touch_updated_at: only in before/,
    ],
    ["a comment", "comment on table public.delivery_zones is 'changed'", /^relation public\.delivery_zones: differs/],
    ["an enum value", "alter type public.order_status add value 'lost'", /^type public\.order_status: differs/],
    [
      "a publication member",
      "alter publication supabase_realtime add table public.orders",
      /^publication supabase_realtime public\.orders: only in after/,
    ],
    [
      "reference data",
      "update public.delivery_zones set fee_cents = fee_cents + 1 where commune_code = '120101'",
      /^data public\.delivery_zones #\d+: differs/,
    ],
    ["row-level security", "alter table public.orders disable row level security", /^relation public\.orders: differs/],
  ];
  for (const [what, change, expected] of changes) {
    it(`names ${what} changed on one side`, async () => {
      const differences = await differencesAfter(change);
      expect(differences.length).toBeGreaterThan(0);
      expect(
        differences.some((difference) => expected.test(difference)),
        differences.join("\n"),
      ).toBe(true);
    });
  }
});
