import assert from "node:assert/strict";
import { hasValidSignature, sameSecret } from "./signature.ts";

Deno.test("the signature is the hex HMAC-SHA256 of the raw body with the app secret", async () => {
  const body = new TextEncoder().encode('{"object":"instagram","entry":[]}');
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode("secret"),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const hex = [...new Uint8Array(await crypto.subtle.sign("HMAC", key, body))]
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("");
  assert.deepStrictEqual(await hasValidSignature("secret", body, `sha256=${hex}`), true);
  assert.deepStrictEqual(await hasValidSignature("other", body, `sha256=${hex}`), false);
  assert.deepStrictEqual(await hasValidSignature("secret", body, hex), false);
  assert.deepStrictEqual(await hasValidSignature("secret", body, undefined), false);
});

Deno.test("verify tokens compare whole", () => {
  assert.deepStrictEqual(sameSecret("token", "token"), true);
  assert.deepStrictEqual(sameSecret("token", "token2"), false);
  assert.deepStrictEqual(sameSecret("", "token"), false);
});
