// What an incoming comment or DM becomes: a row of public.instagram_events, pending a reply when
// it holds an active keyword of a live link, or skipped with the reason. The row's uniqueness on
// (account, kind, comment id or mid) makes a redelivered webhook a no-op: only the delivery that
// inserted the row sends the reply.
import { asService, type Sql } from "../_shared/db.ts";
import type { InstagramSkipReason } from "../_shared/contract/instagram.ts";
import { firstKeyword } from "./keyword-match.ts";
import type { IncomingEvent } from "./payload.ts";

interface TriggerCandidate {
  id: string;
  keyword: string;
  is_active: boolean;
  /** The link is approved and its campaign takes orders today. */
  is_live: boolean;
}

interface Decision {
  triggerId: string | null;
  keyword: string | null;
  skipReason: InstagramSkipReason | null;
}

/**
 * Among the triggers with the keyword found first, an active one of a live link wins. A suspended
 * influencer's keywords are still recognised (the event shows which one) but never answered.
 */
export function decide(text: string, triggers: readonly TriggerCandidate[], suspended = false): Decision {
  const keyword = firstKeyword(
    text,
    triggers.map((trigger) => trigger.keyword),
  );
  if (!keyword) return { triggerId: null, keyword: null, skipReason: "no_keyword" };
  const rank = (t: TriggerCandidate) => (t.is_active ? 2 : 0) + (t.is_live ? 1 : 0);
  const [best] = triggers.filter((t) => t.keyword === keyword).sort((a, b) => rank(b) - rank(a));
  // A deactivated campaign also switches its triggers off: the campaign is the reason to give.
  const skipReason = suspended
    ? "account_suspended"
    : !best.is_live
      ? "campaign_inactive"
      : !best.is_active
        ? "trigger_off"
        : null;
  return { triggerId: best.id, keyword, skipReason };
}

/** Records the event; the id when it awaits a reply (new and matched), else null. */
export function recordEvent(sql: Sql, event: IncomingEvent): Promise<string | null> {
  return asService(sql, async (tx) => {
    const [account] = await tx<{ influencer_id: string; suspended: boolean }[]>`
      select a.influencer_id, u.status = 'suspended' as suspended
      from public.instagram_accounts a join public.users u on u.id = a.influencer_id
      where a.ig_user_id = ${event.accountId}`;
    // An account no one connected (or one disconnected since): nothing to answer, nothing to show.
    if (!account) return null;
    const triggers = await tx<TriggerCandidate[]>`
      select k.id, k.keyword, k.is_active,
             l.status = 'approved' and private.campaign_closed_reason(c.status, c.start_date, c.end_date) is null
               and b.status = 'approved' as is_live
      from public.keyword_triggers k
      join public.affiliate_links l on l.id = k.affiliate_link_id
      join public.campaigns c on c.id = k.campaign_id
      join public.users b on b.id = c.business_id
      where k.influencer_id = ${account.influencer_id}`;
    const decision = decide(event.text, triggers, account.suspended);
    const outcome = decision.skipReason ? "skipped" : "pending";
    const [inserted] = await tx<{ id: string }[]>`
      insert into public.instagram_events
        (influencer_id, ig_account_id, kind, external_id, sender_id, from_username,
         keyword_trigger_id, keyword, outcome, skip_reason, finished_at)
      values (${account.influencer_id}, ${event.accountId}, ${event.kind}, ${event.externalId}, ${event.senderId},
              ${event.fromUsername}, ${decision.triggerId}, ${decision.keyword}, ${outcome}, ${decision.skipReason},
              ${decision.skipReason ? new Date().toISOString() : null})
      on conflict (ig_account_id, kind, external_id) do nothing
      returning id`;
    return inserted && outcome === "pending" ? inserted.id : null;
  });
}
