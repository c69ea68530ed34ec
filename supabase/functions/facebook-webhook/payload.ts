// The comments and Messenger messages inside one delivery of a Page's webhook. Meta batches: one
// POST may hold several entries (Pages), each with several changes or messages. A comment is a
// `feed` change whose item is `comment` and verb `add` (edits and removals come with other verbs,
// and posts, reactions and shares with other items); a message is a `messaging` item with a
// `message`. Anything else (echoes of what the Page sent, read receipts, postbacks) is left out.
import { z } from "zod";
import { fromOthers, type IncomingEvent } from "../_shared/keyword-engine/incoming-event.ts";
import { directMessagesOf, entriesOf, metaId } from "../_shared/keyword-engine/meta-payload.ts";

const newComment = z.object({
  field: z.literal("feed"),
  value: z.object({
    item: z.literal("comment"),
    verb: z.literal("add"),
    comment_id: metaId,
    message: z.string().default(""),
    from: z.object({ id: metaId, name: z.string().optional() }),
  }),
});

/** The events of a payload, or null when it is not a Page webhook payload at all. */
export function readEvents(body: unknown): IncomingEvent[] | null {
  const entries = entriesOf(body, "page");
  if (!entries) return null;
  const events: IncomingEvent[] = [];
  for (const entry of entries) {
    for (const raw of entry.changes ?? []) {
      const change = newComment.safeParse(raw);
      if (!change.success) continue;
      const { value } = change.data;
      events.push({
        accountId: entry.id,
        kind: "comment",
        externalId: value.comment_id,
        senderId: value.from.id,
        fromUsername: value.from.name ?? null,
        text: value.message,
      });
    }
    events.push(...directMessagesOf(entry));
  }
  // Nor the Page's own comments (an admin answering as the Page).
  return fromOthers(events);
}
