// Sending the keyword reply of a pending event, on either platform: the trigger's template with
// the product and the short link (its `?s=` says the platform and whether it was a comment or a
// message, so the click says where it came from), sent by the platform's channel as a private
// reply to a comment or a message to the person who wrote. Throttling by Meta is retried after 1, 2
// and 4 s (the local test stack shortens these); any other refusal is final and recorded with
// Meta's code and message for the influencer to read.
import { asService, type Sql } from "../db.ts";
import type { ClickSource } from "../contract/attribution.ts";
import { fillDmTemplate } from "../contract/instagram.ts";
import { shortUrl } from "../contract/links.ts";
import { MetaError } from "../meta-call.ts";

/** Waits before the 2nd, 3rd and 4th attempt; a fifth is not made. */
export const RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 4000];

/** The longest wait the variable may ask for (the reply runs after the answer). */
const MAX_RETRY_DELAY_MS = 60_000;

/**
 * The waits between attempts: RETRY_DELAYS_MS unless the variable `name` (the local test stack's
 * INSTAGRAM_REPLY_RETRY_DELAYS_MS, FACEBOOK_REPLY_RETRY_DELAYS_MS) names others as whole
 * milliseconds separated by commas ("20,40,80"), one per retry. Read once at start; throws naming
 * a bad value.
 */
export function readRetryDelays(name: string, value: string | undefined): readonly number[] {
  if (value === undefined || value.trim() === "") return RETRY_DELAYS_MS;
  const delays = value.split(",").map((part) => part.trim());
  if (!delays.every((part) => /^\d+$/.test(part) && Number(part) <= MAX_RETRY_DELAY_MS)) {
    throw new Error(
      `${name} must be whole milliseconds (at most ${MAX_RETRY_DELAY_MS}) separated by commas, e.g. 1000,2000,4000`,
    );
  }
  return delays.map(Number);
}

/** What a reply goes to: the event as recorded. */
export interface ReplyTarget {
  influencerId: string;
  accountId: string;
  kind: "comment" | "dm";
  externalId: string;
  senderId: string;
}

/** How one platform sends a reply. */
export interface ReplyChannel {
  /** The short link's `?s=` of a reply to a comment and to a direct message. */
  sources: { comment: ClickSource; dm: ClickSource };
  /**
   * Sends `text` as the reply; the message id. Throws a MetaError when Meta refuses, and a
   * Disconnected when the account or Page is no longer connected.
   */
  send(target: ReplyTarget, text: string): Promise<string>;
}

/** The account or Page was disconnected after the event arrived: nothing can be sent. */
export class Disconnected extends Error {}

export interface ReplyDeps {
  sql: Sql;
  channel: ReplyChannel;
  appUrl: string;
  /** The waits before each retry of a throttled send (RETRY_DELAYS_MS in production). */
  retryDelaysMs: readonly number[];
}

interface PendingReply {
  influencer_id: string;
  account_id: string;
  kind: "comment" | "dm";
  external_id: string;
  sender_id: string;
  dm_template_text: string;
  product_name: string;
  short_code: string;
}

type Result =
  | { outcome: "sent"; messageId: string; attempts: number }
  | { outcome: "failed"; code: number | null; subcode: number | null; message: string; attempts: number };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function sendReply(deps: ReplyDeps, eventId: string): Promise<void> {
  const [pending] = await asService(
    deps.sql,
    (tx) => tx<PendingReply[]>`
      select e.influencer_id, e.account_id, e.kind, e.external_id, e.sender_id, k.dm_template_text, c.product_name,
             l.short_code
      from public.keyword_events e
      join public.keyword_triggers k on k.id = e.keyword_trigger_id
      join public.affiliate_links l on l.id = k.affiliate_link_id
      join public.campaigns c on c.id = k.campaign_id
      where e.id = ${eventId} and e.outcome = 'pending'`,
  );
  if (!pending) return;
  const result = await attemptSending(deps, eventId, pending);
  await asService(deps.sql, (tx) =>
    result.outcome === "sent"
      ? tx`update public.keyword_events
           set outcome = 'sent', reply_message_id = ${result.messageId}, attempts = ${result.attempts}, finished_at = now()
           where id = ${eventId}`
      : tx`update public.keyword_events
           set outcome = 'failed', error_code = ${result.code}, error_subcode = ${result.subcode},
               error_message = ${result.message}, attempts = ${result.attempts}, finished_at = now()
           where id = ${eventId}`,
  );
}

async function attemptSending(deps: ReplyDeps, eventId: string, pending: PendingReply): Promise<Result> {
  const source = deps.channel.sources[pending.kind];
  const text = fillDmTemplate(
    pending.dm_template_text,
    pending.product_name,
    `${shortUrl(deps.appUrl, pending.short_code)}?s=${source}`,
  );
  const target: ReplyTarget = {
    influencerId: pending.influencer_id,
    accountId: pending.account_id,
    kind: pending.kind,
    externalId: pending.external_id,
    senderId: pending.sender_id,
  };

  for (let attempt = 1; ; attempt++) {
    try {
      return { outcome: "sent", messageId: await deps.channel.send(target, text), attempts: attempt };
    } catch (error) {
      if (error instanceof Disconnected) {
        return { outcome: "failed", code: null, subcode: null, message: error.message, attempts: attempt - 1 };
      }
      if (!(error instanceof MetaError)) throw error;
      const retryable = error.isRateLimit || error.status >= 500;
      if (!retryable || attempt > deps.retryDelaysMs.length) {
        return {
          outcome: "failed",
          code: error.code,
          subcode: error.subcode,
          message: error.message,
          attempts: attempt,
        };
      }
      // The count shows on the influencer's activity while it waits.
      await asService(
        deps.sql,
        (tx) => tx`update public.keyword_events set attempts = ${attempt} where id = ${eventId}`,
      );
      await sleep(deps.retryDelaysMs[attempt - 1]);
    }
  }
}
