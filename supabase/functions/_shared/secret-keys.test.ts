import assert from "node:assert/strict";
import { hasSecretKey, parseSecretKeys } from "./secret-keys.ts";

function assertThrows(run: () => unknown, includes: string) {
  try {
    run();
  } catch (error) {
    if (error instanceof Error && error.message.includes(includes)) return;
    throw new Error(`expected an error with "${includes}", got ${error}`);
  }
  throw new Error(`expected an error with "${includes}", got none`);
}

Deno.test("SUPABASE_SECRET_KEYS: the default key is sent, every key is accepted", () => {
  const keys = parseSecretKeys('{"rotated":"sb_secret_old","default":"sb_secret_new"}');
  assert.deepStrictEqual(keys.current, "sb_secret_new");
  assert.deepStrictEqual(hasSecretKey("sb_secret_old", keys), true);
  assert.deepStrictEqual(hasSecretKey("sb_secret_new", keys), true);
  assert.deepStrictEqual(hasSecretKey("sb_secret_ne", keys), false);
  assert.deepStrictEqual(hasSecretKey(undefined, keys), false);
  assert.deepStrictEqual(hasSecretKey("", keys), false);
});

Deno.test("SUPABASE_SECRET_KEYS without a default: the first key is sent", () => {
  assert.deepStrictEqual(parseSecretKeys('{"server":"sb_secret_a","other":"sb_secret_b"}').current, "sb_secret_a");
});

Deno.test("SUPABASE_SECRET_KEYS: missing, not JSON, empty or holding a legacy JWT stops the boot", () => {
  assertThrows(() => parseSecretKeys(undefined), "SUPABASE_SECRET_KEYS is not set");
  assertThrows(() => parseSecretKeys("sb_secret_plain"), "SUPABASE_SECRET_KEYS is not JSON");
  assertThrows(() => parseSecretKeys('["sb_secret_a"]'), "must be a JSON object");
  assertThrows(() => parseSecretKeys("{}"), "holds no key");
  assertThrows(() => parseSecretKeys('{"default":"eyJhbGciOiJIUzI1NiJ9.e30.x"}'), "default is not a secret key");
});
