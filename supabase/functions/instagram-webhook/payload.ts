// The comments and DMs inside one webhook delivery. Meta batches: one POST may hold several
// entries (accounts), each with several changes or messages. Anything else it sends (mentions,
// reactions, read receipts, other fields) is not ours and is left out.
import { z } from "zod";
import { fromOthers, type IncomingEvent } from "../_shared/keyword-engine/incoming-event.ts";
import { directMessagesOf, entriesOf, metaId } from "../_shared/keyword-engine/meta-payload.ts";

const commentChange = z.object({
  field: z.literal("comments"),
  value: z.object({
    id: metaId,
    text: z.string().default(""),
    from: z.object({ id: metaId, username: z.string().optional() }),
  }),
});

/** The events of a payload, or null when it is not an Instagram webhook payload at all. */
export function readEvents(body: unknown): IncomingEvent[] | null {
  const entries = entriesOf(body, "instagram");
  if (!entries) return null;
  const events: IncomingEvent[] = [];
  for (const entry of entries) {
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
    events.push(...directMessagesOf(entry));
  }
  // Nor what the account itself wrote (its own comments, DMs sent from the Instagram app).
  return fromOthers(events);
}
