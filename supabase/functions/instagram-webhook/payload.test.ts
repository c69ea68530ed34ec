import assert from "node:assert/strict";
import { readEvents } from "./payload.ts";

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
