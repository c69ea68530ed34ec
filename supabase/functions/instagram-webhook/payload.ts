// The comments and DMs inside one webhook delivery. Meta batches: one POST may hold several
// entries (accounts), each with several changes or messages. Anything else it sends (mentions,
// reactions, read receipts, other fields) is not ours and is left out.
import { z } from "zod";
import { fromOthers, type IncomingEvent } from "../_shared/keyword-engine/incoming-event.ts";

const id = z.union([z.string().min(1), z.number()]).transform(String);

const commentChange = z.object({
  field: z.literal("comments"),
  value: z.object({
    id,
    text: z.string().default(""),
    from: z.object({ id, username: z.string().optional() }),
  }),
});

const directMessage = z.object({
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

/** The events of a payload, or null when it is not an Instagram webhook payload at all. */
export function readEvents(body: unknown): IncomingEvent[] | null {
  const parsed = payloadSchema.safeParse(body);
  if (!parsed.success || parsed.data.object !== "instagram") return null;
  const events: IncomingEvent[] = [];
  for (const entry of parsed.data.entry) {
    for (const raw of entry.changes ?? []) {
      const change = commentChange.safeParse(raw);
      if (!change.success) continue;
      const { value } = change.data;
      events.push({
        accountId: entry.id,
        kind: "comment",
        externalId: value.id,
        senderId: value.from.id,
        fromUsername: value.from.username ?? null,
        text: value.text,
      });
    }
    for (const raw of entry.messaging ?? []) {
      const dm = directMessage.safeParse(raw);
      if (!dm.success) continue;
      const { sender, message } = dm.data;
      // Our own replies come back as echoes: never answer ourselves.
      if (message.is_echo) continue;
      events.push({
        accountId: entry.id,
        kind: "dm",
        externalId: message.mid,
        senderId: sender.id,
        fromUsername: null,
        text: message.text,
      });
    }
  }
  // Nor what the account itself wrote (its own comments, DMs sent from the Instagram app).
  return fromOthers(events);
}
