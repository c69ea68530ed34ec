import assert from "node:assert/strict";
import { readRetryDelays, RETRY_DELAYS_MS } from "./send-reply.ts";

Deno.test("a throttled reply waits 1, 2 and 4 s unless INSTAGRAM_REPLY_RETRY_DELAYS_MS says otherwise", () => {
  assert.deepStrictEqual(RETRY_DELAYS_MS, [1000, 2000, 4000]);
  assert.deepStrictEqual(readRetryDelays("INSTAGRAM_REPLY_RETRY_DELAYS_MS", undefined), [1000, 2000, 4000]);
  assert.deepStrictEqual(readRetryDelays("INSTAGRAM_REPLY_RETRY_DELAYS_MS", " "), [1000, 2000, 4000]);
  assert.deepStrictEqual(readRetryDelays("INSTAGRAM_REPLY_RETRY_DELAYS_MS", "20, 40,80"), [20, 40, 80]);
  assert.deepStrictEqual(readRetryDelays("INSTAGRAM_REPLY_RETRY_DELAYS_MS", "0"), [0]);
});

Deno.test("INSTAGRAM_REPLY_RETRY_DELAYS_MS refuses what is not whole milliseconds up to a minute", () => {
  for (const bad of ["1s", "20,,80", "-5", "1.5", "60001", "20;40"]) {
    let refused: unknown;
    try {
      readRetryDelays("INSTAGRAM_REPLY_RETRY_DELAYS_MS", bad);
    } catch (error) {
      refused = error;
    }
    assert(
      refused instanceof Error && refused.message.startsWith("INSTAGRAM_REPLY_RETRY_DELAYS_MS must be"),
      `${bad} was taken`,
    );
  }
});
