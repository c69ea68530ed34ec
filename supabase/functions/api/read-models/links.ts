// Affiliate links and keyword triggers as the API returns them, with the queries that read them
// (each joins the campaign for its name; RLS limits every row to what the caller may see).
import type { CampaignStatus } from "../../_shared/contract/campaigns.ts";
import {
  affiliateUrl,
  shortUrl,
  type AffiliateLink,
  type KeywordTrigger,
  type LinkApplication,
  type SharedWithShop,
} from "../../_shared/contract/links.ts";
import { money } from "../../_shared/contract/money.ts";
import type { Tables } from "../../_shared/database.types.ts";
import type { Fragment, Tx } from "../../_shared/db.ts";
import { cursorMicros } from "../lib/keyset.ts";

type LinkRow = Pick<
  Tables<"affiliate_links">,
  | "id"
  | "influencer_id"
  | "campaign_id"
  | "status"
  | "is_approved"
  | "short_code"
  | "created_at"
  | "decided_at"
  | "attempt"
  | "reapplied_at"
> & {
  campaign_name: Tables<"campaigns">["product_name"];
  /**
   * The current attempt's rejection: null unless rejected (a left join on the link's attempt, one
   * row per rejected attempt; RLS shows it to the influencer and admins only).
   */
  rejection_reason: Tables<"affiliate_link_rejections">["reason"] | null;
};

export type OwnLinkRow = LinkRow & {
  campaign_status: CampaignStatus;
  campaign_price_cents: Tables<"campaigns">["price_cents"];
  campaign_commission_rate: Tables<"campaigns">["commission_rate"];
  /** Null until an approval gives the link its trigger (a left join). */
  keyword: Tables<"keyword_triggers">["keyword"] | null;
};

export type ApplicationRow = LinkRow & {
  influencer_email: Tables<"users">["email"];
  /** The first attempt's rejection, on a second attempt; else null (both columns). */
  previous_rejection_reason: Tables<"affiliate_link_rejections">["reason"] | null;
  previous_rejected_at: Tables<"affiliate_link_rejections">["created_at"] | null;
  /** public.link_self_dealing: what the influencer shares with the shop (admins only). */
  shared_with_shop: SharedWithShop[];
};

export type TriggerRow = Pick<
  Tables<"keyword_triggers">,
  "id" | "affiliate_link_id" | "campaign_id" | "keyword" | "dm_template_text" | "is_active" | "created_at"
> & { campaign_name: Tables<"campaigns">["product_name"]; short_code: string };

/**
 * An influencer's links `l` with their campaign (its price and rate as they are now) and keyword;
 * `where` filters `l`. Newest first.
 */
export function readOwnLinks(tx: Tx, where: Fragment) {
  return tx<OwnLinkRow[]>`
    select l.id, l.influencer_id, l.campaign_id, c.product_name as campaign_name, l.status, l.is_approved,
           l.short_code, c.status as campaign_status, c.price_cents as campaign_price_cents,
           c.commission_rate as campaign_commission_rate, k.keyword, l.created_at, l.decided_at,
           r.reason as rejection_reason, l.attempt, l.reapplied_at
    from public.affiliate_links l
    join public.campaigns c on c.id = l.campaign_id
    left join public.keyword_triggers k on k.affiliate_link_id = l.id
    left join public.affiliate_link_rejections r on r.affiliate_link_id = l.id and r.attempt = l.attempt
    where ${where}
    order by l.created_at desc, l.id desc`;
}

/**
 * Links `l` with the applicant's email and what they share with the shop, for admins (the
 * function refuses anyone else); `where` filters `l`. Newest first.
 */
export function readApplications(tx: Tx, where: Fragment, limit: number | null = null) {
  return tx<(ApplicationRow & { cursor_micros: number })[]>`
    select l.id, l.influencer_id, u.email as influencer_email, l.campaign_id, c.product_name as campaign_name,
           l.status, l.is_approved, l.short_code, l.created_at, l.decided_at, r.reason as rejection_reason,
           l.attempt, l.reapplied_at, p.reason as previous_rejection_reason, p.created_at as previous_rejected_at,
           public.link_self_dealing(l.id) as shared_with_shop,
           ${cursorMicros(tx, tx`l.created_at`)} as cursor_micros
    from public.affiliate_links l
    join public.users u on u.id = l.influencer_id
    join public.campaigns c on c.id = l.campaign_id
    -- One rejection row per rejected attempt: the current one, and the first one's on a second attempt.
    left join public.affiliate_link_rejections r on r.affiliate_link_id = l.id and r.attempt = l.attempt
    left join public.affiliate_link_rejections p on p.affiliate_link_id = l.id and p.attempt = 1 and l.attempt = 2
    where ${where}
    order by l.created_at desc, l.id desc
    limit ${limit}`;
}

/** An influencer's keyword triggers (those `where` picks of `k`, or all), newest first. */
export function readOwnTriggers(tx: Tx, influencerId: string, where: Fragment = tx`true`) {
  return tx<TriggerRow[]>`
    select k.id, k.affiliate_link_id, k.campaign_id, c.product_name as campaign_name, k.keyword,
           k.dm_template_text, k.is_active, k.created_at, l.short_code
    from public.keyword_triggers k
    join public.campaigns c on c.id = k.campaign_id
    join public.affiliate_links l on l.id = k.affiliate_link_id
    where k.influencer_id = ${influencerId} and ${where}
    order by k.created_at desc, k.id desc`;
}

export function toOwnLinkJson(row: OwnLinkRow, appUrl: string): AffiliateLink {
  const approved = row.status === "approved";
  return {
    id: row.id,
    influencer_id: row.influencer_id,
    campaign_id: row.campaign_id,
    campaign_name: row.campaign_name,
    ...money("campaign_price", row.campaign_price_cents),
    campaign_commission_rate: row.campaign_commission_rate,
    status: row.status,
    is_approved: row.is_approved,
    campaign_status: row.campaign_status,
    is_active: approved && row.campaign_status === "active",
    // Only an approved link is a link; before that it is an application.
    affiliate_url: approved ? affiliateUrl(appUrl, row.influencer_id, row.campaign_id) : null,
    short_url: approved && row.short_code ? shortUrl(appUrl, row.short_code) : null,
    keyword: approved ? row.keyword : null,
    created_at: row.created_at,
    decided_at: row.decided_at,
    rejection_reason: row.rejection_reason,
    attempt: row.attempt,
    reapplied_at: row.reapplied_at,
    // One more application is allowed after the first rejection (public.reapply_for_link).
    can_reapply: row.status === "rejected" && row.attempt === 1,
  };
}

export function toApplicationJson(row: ApplicationRow, appUrl: string): LinkApplication {
  return {
    id: row.id,
    influencer_id: row.influencer_id,
    influencer_email: row.influencer_email,
    campaign_id: row.campaign_id,
    campaign_name: row.campaign_name,
    // The admin sees the URL an approval gives (or gave), to check what is being approved.
    affiliate_url: affiliateUrl(appUrl, row.influencer_id, row.campaign_id),
    status: row.status,
    is_approved: row.is_approved,
    created_at: row.created_at,
    decided_at: row.decided_at,
    rejection_reason: row.rejection_reason,
    attempt: row.attempt,
    reapplied_at: row.reapplied_at,
    previous_rejection:
      row.previous_rejection_reason !== null && row.previous_rejected_at !== null
        ? { reason: row.previous_rejection_reason, rejected_at: row.previous_rejected_at }
        : null,
    flags: row.shared_with_shop.length > 0 ? ["self_dealing"] : [],
    shared_with_shop: row.shared_with_shop,
  };
}

export function toTriggerJson(row: TriggerRow, appUrl: string): KeywordTrigger {
  return {
    id: row.id,
    affiliate_link_id: row.affiliate_link_id,
    campaign_id: row.campaign_id,
    campaign_name: row.campaign_name,
    keyword: row.keyword,
    dm_template_text: row.dm_template_text,
    short_url: shortUrl(appUrl, row.short_code),
    is_active: row.is_active,
    created_at: row.created_at,
  };
}
