// What an incoming comment or direct message becomes, on either platform: a row of
// public.keyword_events, pending a reply when it holds an active keyword of a live link, or skipped
// with the reason. The row's uniqueness on (platform, account, kind, comment id or mid) makes a
// redelivered webhook a no-op: only the delivery that inserted the row sends the reply.
import { asService, type Sql, type Tx } from "../db.ts";
import type { KeywordSkipReason } from "../contract/instagram.ts";
import type { IncomingEvent, Platform } from "./incoming-event.ts";
import { firstKeyword } from "./keyword-match.ts";

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
  skipReason: KeywordSkipReason | null;
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

interface ConnectedAccount {
  influencer_id: string;
  suspended: boolean;
}

/** The influencer who connected the account or Page that received the event, if anyone did. */
function connectedAccount(tx: Tx, platform: Platform, accountId: string) {
  return platform === "instagram"
    ? tx<ConnectedAccount[]>`
        select a.influencer_id, u.status = 'suspended' as suspended
        from public.instagram_accounts a join public.users u on u.id = a.influencer_id
        where a.ig_user_id = ${accountId}`
    : tx<ConnectedAccount[]>`
        select p.influencer_id, u.status = 'suspended' as suspended
        from public.facebook_pages p join public.users u on u.id = p.influencer_id
        where p.page_id = ${accountId}`;
}

/** Records the event; the id when it awaits a reply (new and matched), else null. */
export function recordEvent(sql: Sql, platform: Platform, event: IncomingEvent): Promise<string | null> {
  return asService(sql, async (tx) => {
    const [account] = await connectedAccount(tx, platform, event.accountId);
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
      insert into public.keyword_events
        (influencer_id, platform, account_id, kind, external_id, sender_id, from_username,
         keyword_trigger_id, keyword, outcome, skip_reason, finished_at)
      values (${account.influencer_id}, ${platform}, ${event.accountId}, ${event.kind}, ${event.externalId}, ${event.senderId},
              ${event.fromUsername}, ${decision.triggerId}, ${decision.keyword}, ${outcome}, ${decision.skipReason},
              ${decision.skipReason ? new Date().toISOString() : null})
      on conflict (platform, account_id, kind, external_id) do nothing
      returning id`;
    return inserted && outcome === "pending" ? inserted.id : null;
  });
}
