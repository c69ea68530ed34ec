// The attribution figures' query keys, one per endpoint: what an order's realtime change refreshes.
export const attributionKeys = {
  all: ["attribution"] as const,
  /** GET /affiliate-links/stats (influencer) */
  links: () => [...attributionKeys.all, "links"] as const,
  /** GET /campaigns/stats (business) */
  campaigns: () => [...attributionKeys.all, "campaigns"] as const,
  /** GET /admin/attribution/stats (admin) */
  platform: () => [...attributionKeys.all, "platform"] as const,
};

/**
 * Clicks have no realtime feed of their own (orders do): the figures also refresh this often
 * while the page is in view, so a click shows within half a minute.
 */
export const STATS_REFRESH_MS = 30_000;
