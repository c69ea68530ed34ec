// What Meta's Instagram and Page webhooks share: a body of `entry[]` (one per account or Page,
// batched), each with `changes[]` (comments, read by each platform's reader) and `messaging[]`
// (direct messages, the same on both), and ids that come as strings or bare numbers.
import { z } from "zod";
import type { IncomingEvent } from "./incoming-event.ts";

export const metaId = z.union([z.string().min(1), z.number()]).transform(String);

const entrySchema = z.object({
  id: metaId,
  changes: z.array(z.unknown()).optional(),
  messaging: z.array(z.unknown()).optional(),
});
export type MetaEntry = z.infer<typeof entrySchema>;

const payloadSchema = z.object({ object: z.string(), entry: z.array(entrySchema) });

const messageItem = z.object({
  sender: z.object({ id: metaId }),
  recipient: z.object({ id: metaId }),
  message: z.object({ mid: z.string().min(1), text: z.string().default(""), is_echo: z.boolean().optional() }),
});

/** The entries of a webhook body for `object` ("instagram", "page"), or null when it is not one. */
export function entriesOf(body: unknown, object: string): MetaEntry[] | null {
  const parsed = payloadSchema.safeParse(body);
  return parsed.success && parsed.data.object === object ? parsed.data.entry : null;
}

/** The direct messages of an entry; echoes of what the account itself sent are never answered. */
export function directMessagesOf(entry: MetaEntry): IncomingEvent[] {
  const events: IncomingEvent[] = [];
  for (const raw of entry.messaging ?? []) {
    const item = messageItem.safeParse(raw);
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
  return events;
}
