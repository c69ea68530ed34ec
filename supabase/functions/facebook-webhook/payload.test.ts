import assert from "node:assert/strict";
import { readEvents } from "./payload.ts";

const page = "104000000000001";

Deno.test("new comments and Messenger messages are read from one delivery; the rest is not", () => {
  const comment = (value: Record<string, unknown>) => ({
    field: "feed",
    value: { item: "comment", verb: "add", post_id: `${page}_1`, created_time: 1, ...value },
  });
  const events = readEvents({
    object: "page",
    entry: [
      {
        id: page,
        time: 1,
        changes: [
          comment({ comment_id: "1_10", message: "SILK please", from: { id: "500", name: "Sokha Chan" } }),
          // An edit, a removal, the Page's own answer and a reaction are not new keywords.
          comment({ comment_id: "1_11", message: "SILK", verb: "edited", from: { id: "500", name: "Sokha Chan" } }),
          comment({ comment_id: "1_12", verb: "remove", from: { id: "500" } }),
          comment({ comment_id: "1_13", message: "Thanks!", from: { id: page, name: "The Page" } }),
          { field: "feed", value: { item: "reaction", verb: "add", reaction_type: "like", from: { id: "500" } } },
        ],
        messaging: [
          { sender: { id: "700" }, recipient: { id: page }, timestamp: 1, message: { mid: "m_1", text: "SILK" } },
          {
            sender: { id: page },
            recipient: { id: "700" },
            timestamp: 2,
            message: { mid: "m_2", text: "x", is_echo: true },
          },
          { sender: { id: "700" }, recipient: { id: page }, timestamp: 3, read: { watermark: 3 } },
        ],
      },
    ],
  });
  assert.deepStrictEqual(events, [
    {
      accountId: page,
      kind: "comment",
      externalId: "1_10",
      senderId: "500",
      fromUsername: "Sokha Chan",
      text: "SILK please",
    },
    { accountId: page, kind: "dm", externalId: "m_1", senderId: "700", fromUsername: null, text: "SILK" },
  ]);
});

Deno.test("a body that is not a Page payload is refused", () => {
  assert.deepStrictEqual(readEvents({ object: "instagram", entry: [] }), null);
  assert.deepStrictEqual(readEvents({ object: "page" }), null);
});
