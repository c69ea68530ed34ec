import assert from "node:assert/strict";
import { readEvents } from "./payload.ts";
import { hasValidSignature, sameSecret } from "./signature.ts";

const account = "17841400000000001";

Deno.test("comments and DMs are read from one delivery; echoes and the account's own writing are not", () => {
  const events = readEvents({
    object: "instagram",
    entry: [
      {
        id: account,
        time: 1,
        changes: [
          {
            field: "comments",
            value: { id: "c1", text: "SILK", from: { id: "p1", username: "sokha" }, media: { id: "m" } },
          },
          { field: "comments", value: { id: "c2", text: "thanks", from: { id: account, username: "me" } } },
          { field: "mentions", value: { media_id: "m" } },
        ],
        messaging: [
          { sender: { id: "p2" }, recipient: { id: account }, timestamp: 1, message: { mid: "m1", text: "SILK" } },
          {
            sender: { id: account },
            recipient: { id: "p2" },
            timestamp: 2,
            message: { mid: "m2", text: "x", is_echo: true },
          },
          { sender: { id: "p2" }, recipient: { id: account }, timestamp: 3, read: { mid: "m1" } },
        ],
      },
    ],
  });
  assert.deepStrictEqual(events, [
    { accountId: account, kind: "comment", externalId: "c1", senderId: "p1", fromUsername: "sokha", text: "SILK" },
    { accountId: account, kind: "dm", externalId: "m1", senderId: "p2", fromUsername: null, text: "SILK" },
  ]);
});

Deno.test("a body that is not an Instagram payload is refused", () => {
  assert.deepStrictEqual(readEvents({ object: "page", entry: [] }), null);
  assert.deepStrictEqual(readEvents([1, 2]), null);
});

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
