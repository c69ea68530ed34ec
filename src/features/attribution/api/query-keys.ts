// The attribution figures' query keys, one per endpoint: what a realtime change of an order or a
// click total refreshes.
export const attributionKeys = {
  all: ["attribution"] as const,
  /** GET /affiliate-links/stats (influencer) */
  links: () => [...attributionKeys.all, "links"] as const,
  /** GET /campaigns/stats (business) */
  campaigns: () => [...attributionKeys.all, "campaigns"] as const,
  /** GET /admin/attribution/stats (admin) */
  platform: () => [...attributionKeys.all, "platform"] as const,
};
