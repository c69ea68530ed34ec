// How long failed sign-ins wait before their answer.
import { assertEquals } from "../../_shared/test-assert.ts";
import { failureDelayMs } from "./login-throttle.ts";

Deno.test("throttle: free failures, then growing delays up to 4 s", () => {
  assertEquals(failureDelayMs(0, 0), 0);
  assertEquals(failureDelayMs(2, 2), 0);
  assertEquals(failureDelayMs(3, 0), 250);
  assertEquals(failureDelayMs(0, 5), 1000);
  assertEquals(failureDelayMs(9, 40), 4000);
});
