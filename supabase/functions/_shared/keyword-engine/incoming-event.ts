// A comment or direct message as the keyword engine reads it, whichever platform's webhook
// delivered it (the payload readers of instagram-webhook and facebook-webhook make these).

export type Platform = "instagram" | "facebook";

export interface IncomingEvent {
  /** The Instagram account or Facebook Page that received it (entry[].id). */
  accountId: string;
  kind: "comment" | "dm";
  /** The comment id or the message mid. */
  externalId: string;
  senderId: string;
  /** Who wrote, as the platform names them (an Instagram username, a Facebook name), when it says. */
  fromUsername: string | null;
  text: string;
}

/** Never answer ourselves: what the account itself wrote (its own comments, its own messages). */
export function fromOthers(events: IncomingEvent[]): IncomingEvent[] {
  return events.filter((event) => event.senderId !== event.accountId);
}
