// Pure logic of the marketplace settings: the PUT body's rules and the riel shown beside dollars.
import assert from "node:assert/strict";
import { rielFromCents } from "./contract/riel.ts";
import { settingsUpdateSchema } from "./contract/settings.ts";
import { parseWith } from "./validation.ts";
import type { ApiError } from "./errors.ts";

function refusal(input: unknown): [string | undefined, string] {
  try {
    parseWith(settingsUpdateSchema, input);
  } catch (error) {
    return [(error as ApiError).field, (error as ApiError).message];
  }
  throw new Error(`expected ${JSON.stringify(input)} to be refused`);
}

Deno.test("riel_per_usd: a whole number from 1000 to 10000, named when wrong", () => {
  for (const rate of [1000, 4100, 10000]) {
    assert.deepStrictEqual(parseWith(settingsUpdateSchema, { riel_per_usd: rate }), { riel_per_usd: rate });
  }
  const range = "riel_per_usd must be a whole number from 1000 to 10000";
  for (const bad of [999, 10001, 0, -4100, 4100.5, "4100", null, true]) {
    assert.deepStrictEqual(refusal({ riel_per_usd: bad }), ["riel_per_usd", range]);
  }
  assert.deepStrictEqual(refusal({}), [undefined, "Nothing to change: send at least one setting"]);
  assert.deepStrictEqual(refusal({ riel_per_usd: 4100, riel_per_dollar: 4000 }), [
    "riel_per_dollar",
    "riel_per_dollar is not a field you can set here",
  ]);
});

Deno.test("commission_hold_days: a whole number from 0 to 90, alone or with the rate", () => {
  for (const days of [0, 7, 90]) {
    assert.deepStrictEqual(parseWith(settingsUpdateSchema, { commission_hold_days: days }), {
      commission_hold_days: days,
    });
  }
  assert.deepStrictEqual(parseWith(settingsUpdateSchema, { riel_per_usd: 4100, commission_hold_days: 14 }), {
    riel_per_usd: 4100,
    commission_hold_days: 14,
  });
  const range = "commission_hold_days must be a whole number from 0 to 90";
  for (const bad of [-1, 91, 1.5, "7", null]) {
    assert.deepStrictEqual(refusal({ commission_hold_days: bad }), ["commission_hold_days", range]);
  }
});

Deno.test("riel is cents x rate, rounded half away from zero to 100 riel", () => {
  assert.deepStrictEqual(rielFromCents(2000, 4100), 82000); // $20.00
  assert.deepStrictEqual(rielFromCents(1999, 4100), 82000); // 81,959 riel
  assert.deepStrictEqual(rielFromCents(150, 4100), 6200); // 6,150 riel: half rounds up
  assert.deepStrictEqual(rielFromCents(149, 4100), 6100); // 6,109 riel
  assert.deepStrictEqual(rielFromCents(1, 4100), 0); // 41 riel
  assert.deepStrictEqual(rielFromCents(0, 4100), 0);
  assert.deepStrictEqual(rielFromCents(-150, 4100), -6200); // an amount owed, rounded away from zero
  assert.deepStrictEqual(Object.is(rielFromCents(-1, 4100), 0), true); // never -0
  assert.deepStrictEqual(rielFromCents(100_000_000 * 10, 10000), 100_000_000_000); // $10M at the top rate, exact
});
