// The private Broadcast topics the database sends live events to, and what an event says
// (supabase/schemas/11_live_events.sql; docs/architecture.md, "Live screens"). Apart from
// realtime.ts, which tests replace with stand-ins, so screens name the real topics in tests too.

export const liveTopics = {
  /** Every order, user, link application and payout request change; approved admins only. */
  admin: "admin",
  /** A shop's orders, campaigns, link applications, payout requests and click counts. */
  shop: (businessId: string) => `shop:${businessId}`,
  /** An influencer's orders, links, campaigns, keyword triggers and activity, clicks, payouts, Instagram account and Facebook Page. */
  influencer: (influencerId: string) => `influencer:${influencerId}`,
  /** The account's own row: approval, rejection. */
  user: (userId: string) => `user:${userId}`,
};

/** What the database sends: which row of which table changed, and how (never its data). */
export interface LiveEvent {
  table: string;
  op: "INSERT" | "UPDATE" | "DELETE";
  id: string;
}

/**
 * Tables whose events the database sends at most once per window per row (click counts: once per
 * link per 5 s). A screen refetches once more a window after such an event, for the changes the
 * window held back.
 */
export const THROTTLED_TABLES: Record<string, number> = { link_click_counts: 5_000 };
