// Sending the keyword reply of a pending event: the trigger's template with the product and the
// short link (?s=comment or ?s=dm, so the click says where it came from), as a private reply to a
// comment or a DM to the person who wrote. Throttling by Meta is retried after 1, 2 and 4 s (the
// local test stack shortens these with INSTAGRAM_REPLY_RETRY_DELAYS_MS); any other refusal is
// final and recorded with Meta's code and message for the influencer to read.
import { asService, type Sql } from "../_shared/db.ts";
import { fillDmTemplate } from "../_shared/contract/instagram.ts";
import { shortUrl } from "../_shared/contract/links.ts";
import { currentToken } from "../_shared/instagram/accounts.ts";
import type { InstagramConfig } from "../_shared/instagram/config.ts";
import { MetaError, sendMessage, type Recipient } from "../_shared/instagram/meta-api.ts";

/** Waits before the 2nd, 3rd and 4th attempt; a fifth is not made. */
export const RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 4000];

/** The longest wait INSTAGRAM_REPLY_RETRY_DELAYS_MS may ask for (the reply runs after the answer). */
const MAX_RETRY_DELAY_MS = 60_000;

/**
 * The waits between attempts: RETRY_DELAYS_MS unless INSTAGRAM_REPLY_RETRY_DELAYS_MS names others
 * as whole milliseconds separated by commas (the local test stack's "20,40,80"), one per retry.
 * Read once at start; throws naming a bad value.
 */
export function readRetryDelays(value: string | undefined): readonly number[] {
  if (value === undefined || value.trim() === "") return RETRY_DELAYS_MS;
  const delays = value.split(",").map((part) => part.trim());
  if (!delays.every((part) => /^\d+$/.test(part) && Number(part) <= MAX_RETRY_DELAY_MS)) {
    throw new Error(
      `INSTAGRAM_REPLY_RETRY_DELAYS_MS must be whole milliseconds (at most ${MAX_RETRY_DELAY_MS}) separated by commas, e.g. 1000,2000,4000`,
    );
  }
  return delays.map(Number);
}

export interface ReplyDeps {
  sql: Sql;
  config: InstagramConfig;
  appUrl: string;
  /** The waits before each retry of a throttled send (RETRY_DELAYS_MS in production). */
  retryDelaysMs: readonly number[];
}

interface PendingReply {
  kind: "comment" | "dm";
  external_id: string;
  sender_id: string;
  dm_template_text: string;
  product_name: string;
  short_code: string;
  influencer_id: string | null;
  token_ciphertext: string | null;
  token_issued_at: string | null;
}

type Result =
  | { outcome: "sent"; messageId: string; attempts: number }
  | { outcome: "failed"; code: number | null; subcode: number | null; message: string; attempts: number };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function sendReply(deps: ReplyDeps, eventId: string): Promise<void> {
  const [pending] = await asService(
    deps.sql,
    (tx) => tx<PendingReply[]>`
      select e.kind, e.external_id, e.sender_id, k.dm_template_text, c.product_name, l.short_code,
             a.influencer_id, a.token_ciphertext, a.token_issued_at
      from public.instagram_events e
      join public.keyword_triggers k on k.id = e.keyword_trigger_id
      join public.affiliate_links l on l.id = k.affiliate_link_id
      join public.campaigns c on c.id = k.campaign_id
      left join public.instagram_accounts a on a.ig_user_id = e.ig_account_id
      where e.id = ${eventId} and e.outcome = 'pending'`,
  );
  if (!pending) return;
  const result = await attemptSending(deps, eventId, pending);
  await asService(deps.sql, (tx) =>
    result.outcome === "sent"
      ? tx`update public.instagram_events
           set outcome = 'sent', reply_message_id = ${result.messageId}, attempts = ${result.attempts}, finished_at = now()
           where id = ${eventId}`
      : tx`update public.instagram_events
           set outcome = 'failed', error_code = ${result.code}, error_subcode = ${result.subcode},
               error_message = ${result.message}, attempts = ${result.attempts}, finished_at = now()
           where id = ${eventId}`,
  );
}

async function attemptSending(deps: ReplyDeps, eventId: string, pending: PendingReply): Promise<Result> {
  if (!pending.influencer_id || !pending.token_ciphertext || !pending.token_issued_at) {
    return { outcome: "failed", code: null, subcode: null, message: "Instagram was disconnected", attempts: 0 };
  }
  const token = await currentToken(deps.sql, deps.config, {
    influencer_id: pending.influencer_id,
    token_ciphertext: pending.token_ciphertext,
    token_issued_at: pending.token_issued_at,
  });
  const source = pending.kind === "comment" ? "comment" : "dm";
  const text = fillDmTemplate(
    pending.dm_template_text,
    pending.product_name,
    `${shortUrl(deps.appUrl, pending.short_code)}?s=${source}`,
  );
  const recipient: Recipient =
    pending.kind === "comment" ? { comment_id: pending.external_id } : { id: pending.sender_id };

  for (let attempt = 1; ; attempt++) {
    try {
      const sent = await sendMessage(deps.config, token, recipient, text);
      return { outcome: "sent", messageId: sent.message_id, attempts: attempt };
    } catch (error) {
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
        (tx) => tx`update public.instagram_events set attempts = ${attempt} where id = ${eventId}`,
      );
      await sleep(deps.retryDelaysMs[attempt - 1]);
    }
  }
}
