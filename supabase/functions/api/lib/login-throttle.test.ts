// How long failed sign-ins wait before their answer.
import assert from "node:assert/strict";
import { failureDelayMs } from "./login-throttle.ts";

Deno.test("throttle: free failures, then growing delays up to 4 s", () => {
  assert.deepStrictEqual(failureDelayMs(0, 0), 0);
  assert.deepStrictEqual(failureDelayMs(2, 2), 0);
  assert.deepStrictEqual(failureDelayMs(3, 0), 250);
  assert.deepStrictEqual(failureDelayMs(0, 5), 1000);
  assert.deepStrictEqual(failureDelayMs(9, 40), 4000);
});
