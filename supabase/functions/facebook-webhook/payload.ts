// The comments and Messenger messages inside one delivery of a Page's webhook. Meta batches: one
// POST may hold several entries (Pages), each with several changes or messages. A comment is a
// `feed` change whose item is `comment` and verb `add` (edits and removals come with other verbs,
// and posts, reactions and shares with other items); a message is a `messaging` item with a
// `message`. Anything else (echoes of what the Page sent, read receipts, postbacks) is left out.
import { z } from "zod";
import { fromOthers, type IncomingEvent } from "../_shared/keyword-engine/incoming-event.ts";

const id = z.union([z.string().min(1), z.number()]).transform(String);

const newComment = z.object({
  field: z.literal("feed"),
  value: z.object({
    item: z.literal("comment"),
    verb: z.literal("add"),
    comment_id: id,
    message: z.string().default(""),
    from: z.object({ id, name: z.string().optional() }),
  }),
});

const message = z.object({
  sender: z.object({ id }),
  recipient: z.object({ id }),
  message: z.object({ mid: z.string().min(1), text: z.string().default(""), is_echo: z.boolean().optional() }),
});

const payloadSchema = z.object({
  object: z.string(),
  entry: z.array(
    z.object({
      id,
      changes: z.array(z.unknown()).optional(),
      messaging: z.array(z.unknown()).optional(),
    }),
  ),
});

/** The events of a payload, or null when it is not a Page webhook payload at all. */
export function readEvents(body: unknown): IncomingEvent[] | null {
  const parsed = payloadSchema.safeParse(body);
  if (!parsed.success || parsed.data.object !== "page") return null;
  const events: IncomingEvent[] = [];
  for (const entry of parsed.data.entry) {
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
    for (const raw of entry.messaging ?? []) {
      const item = message.safeParse(raw);
      // The Page's own replies come back as echoes: never answer ourselves.
      if (!item.success || item.data.message.is_echo) continue;
      events.push({
        accountId: entry.id,
        kind: "dm",
        externalId: item.data.message.mid,
        senderId: item.data.sender.id,
        fromUsername: null,
        text: item.data.message.text,
      });
    }
  }
  // Nor the Page's own comments (an admin answering as the Page).
  return fromOthers(events);
}
