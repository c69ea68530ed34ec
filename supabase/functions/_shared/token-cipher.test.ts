import assert from "node:assert/strict";
import { readInstagramConfig } from "./instagram/config.ts";
import { decryptToken, encryptToken } from "./token-cipher.ts";

const env = (values: Record<string, string>) => (name: string) => values[name];
const base = {
  INSTAGRAM_APP_ID: "1",
  INSTAGRAM_APP_SECRET: "s",
  INSTAGRAM_WEBHOOK_VERIFY_TOKEN: "v",
  INSTAGRAM_TOKEN_KEY: btoa("k".repeat(32)),
};

Deno.test("a token is sealed differently each time and opens only with its key", async () => {
  const config = (await readInstagramConfig(env(base)))!;
  const first = await encryptToken(config.tokenKey, "IGAAtoken");
  const second = await encryptToken(config.tokenKey, "IGAAtoken");
  assert(first !== second, "a fresh IV each time");
  assert(!atob(first).includes("IGAAtoken"), "the token is not in the stored text");
  assert.deepStrictEqual(await decryptToken(config.tokenKey, first), "IGAAtoken");
  const other = (await readInstagramConfig(env({ ...base, INSTAGRAM_TOKEN_KEY: btoa("o".repeat(32)) })))!;
  const refused = await decryptToken(other.tokenKey, first).then(
    () => false,
    () => true,
  );
  assert(refused, "another key cannot open it");
});

Deno.test("the automation is off without an app, and a bad key is named at boot", async () => {
  assert.deepStrictEqual(await readInstagramConfig(env({})), null);
  const message = (values: Record<string, string>) =>
    readInstagramConfig(env(values)).then(
      () => "",
      (error: Error) => error.message,
    );
  assert.deepStrictEqual(
    await message({ ...base, INSTAGRAM_TOKEN_KEY: btoa("short") }),
    "INSTAGRAM_TOKEN_KEY must be 32 bytes, base64 (openssl rand -base64 32)",
  );
  assert.deepStrictEqual(
    await message({ ...base, INSTAGRAM_WEBHOOK_VERIFY_TOKEN: "" }),
    "INSTAGRAM_WEBHOOK_VERIFY_TOKEN is not set",
  );
});
