// Affiliate links and keyword triggers as the API returns them, with the queries that read them
// (each joins the campaign for its name; RLS limits every row to what the caller may see).
import {
  affiliateUrl,
  type AffiliateLink,
  type KeywordTrigger,
  type LinkApplication,
} from "../../_shared/contract/links.ts";

interface LinkBase {
  id: string;
  influencer_id: string;
  campaign_id: string;
  campaign_name: string;
  status: "pending" | "approved" | "rejected";
  is_approved: boolean;
  created_at: Date;
  decided_at: Date | null;
}

export interface OwnLinkRow extends LinkBase {
  campaign_status: "active" | "inactive";
  keyword: string | null;
}

export interface ApplicationRow extends LinkBase {
  influencer_email: string;
}

export interface TriggerRow {
  id: string;
  affiliate_link_id: string;
  campaign_id: string;
  campaign_name: string;
  keyword: string;
  dm_template_text: string;
  is_active: boolean;
  created_at: Date;
}

/** An influencer's links with their campaign and keyword; add a where clause on `l`. */
export const ownLinksQuery = `
  select l.id, l.influencer_id, l.campaign_id, c.product_name as campaign_name, l.status, l.is_approved,
         c.status as campaign_status, k.keyword, l.created_at, l.decided_at
  from public.affiliate_links l
  join public.campaigns c on c.id = l.campaign_id
  left join public.keyword_triggers k on k.affiliate_link_id = l.id`;

/** Links with the applicant's email, for admins; add a where clause on `l`. */
export const applicationsQuery = `
  select l.id, l.influencer_id, u.email as influencer_email, l.campaign_id, c.product_name as campaign_name,
         l.status, l.is_approved, l.created_at, l.decided_at
  from public.affiliate_links l
  join public.users u on u.id = l.influencer_id
  join public.campaigns c on c.id = l.campaign_id`;

export const newestLinksFirst = "order by l.created_at desc, l.id desc";

export const ownTriggersQuery = `
  select k.id, k.affiliate_link_id, k.campaign_id, c.product_name as campaign_name, k.keyword,
         k.dm_template_text, k.is_active, k.created_at
  from public.keyword_triggers k
  join public.campaigns c on c.id = k.campaign_id
  where k.influencer_id = $1
  order by k.created_at desc, k.id desc`;

export function toOwnLinkJson(row: OwnLinkRow, appUrl: string): AffiliateLink {
  const approved = row.status === "approved";
  return {
    id: row.id,
    influencer_id: row.influencer_id,
    campaign_id: row.campaign_id,
    campaign_name: row.campaign_name,
    status: row.status,
    is_approved: row.is_approved,
    campaign_status: row.campaign_status,
    is_active: approved && row.campaign_status === "active",
    // Only an approved link is a link; before that it is an application.
    affiliate_url: approved ? affiliateUrl(appUrl, row.influencer_id, row.campaign_id) : null,
    keyword: approved ? row.keyword : null,
    created_at: row.created_at.toISOString(),
    decided_at: row.decided_at?.toISOString() ?? null,
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
    created_at: row.created_at.toISOString(),
    decided_at: row.decided_at?.toISOString() ?? null,
  };
}

export function toTriggerJson(row: TriggerRow): KeywordTrigger {
  return { ...row, created_at: row.created_at.toISOString() };
}
