import assert from "node:assert/strict";
import { readFacebookConfig } from "./config.ts";

const env = (values: Record<string, string>) => (name: string) => values[name];
const base = {
  FACEBOOK_APP_ID: "2",
  FACEBOOK_APP_SECRET: "s",
  FACEBOOK_WEBHOOK_VERIFY_TOKEN: "v",
  FACEBOOK_TOKEN_KEY: btoa("k".repeat(32)),
};

Deno.test("the Page automation is off without an app, and a bad key or verify token is named at boot", async () => {
  assert.deepStrictEqual(await readFacebookConfig(env({})), null);
  const message = (values: Record<string, string>) =>
    readFacebookConfig(env(values)).then(
      () => "",
      (error: Error) => error.message,
    );
  assert.deepStrictEqual(
    await message({ ...base, FACEBOOK_TOKEN_KEY: "" }),
    "FACEBOOK_TOKEN_KEY is not set (32 random bytes, base64: openssl rand -base64 32)",
  );
  assert.deepStrictEqual(
    await message({ ...base, FACEBOOK_TOKEN_KEY: btoa("short") }),
    "FACEBOOK_TOKEN_KEY must be 32 bytes, base64 (openssl rand -base64 32)",
  );
  assert.deepStrictEqual(
    await message({ ...base, FACEBOOK_WEBHOOK_VERIFY_TOKEN: "" }),
    "FACEBOOK_WEBHOOK_VERIFY_TOKEN is not set",
  );
});

Deno.test("Meta's hosts by default, a fake's when named, with the Graph version the calls use", async () => {
  const meta = (await readFacebookConfig(env(base)))!;
  assert.deepStrictEqual(
    [meta.graphUrl, meta.dialogUrl],
    ["https://graph.facebook.com/v21.0", "https://www.facebook.com/v21.0/dialog/oauth"],
  );
  const fake = (await readFacebookConfig(
    env({ ...base, FACEBOOK_GRAPH_URL: "http://127.0.0.1:9/graph/", FACEBOOK_DIALOG_URL: "http://127.0.0.1:9/www" }),
  ))!;
  assert.deepStrictEqual(
    [fake.graphUrl, fake.dialogUrl],
    ["http://127.0.0.1:9/graph/v21.0", "http://127.0.0.1:9/www/v21.0/dialog/oauth"],
  );
});
