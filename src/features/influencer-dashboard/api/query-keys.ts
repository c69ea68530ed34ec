// The influencer dashboard's query keys, one per endpoint: what realtime events name when an
// admin's decision or a campaign's deactivation changes the influencer's links.
export const influencerKeys = {
  all: ["influencer"] as const,
  /** GET /affiliate-links/my-links */
  links: () => [...influencerKeys.all, "links"] as const,
  /** GET /keyword-triggers/my-triggers */
  triggers: () => [...influencerKeys.all, "triggers"] as const,
  /** GET /affiliate-links/storefront */
  storefront: () => [...influencerKeys.all, "storefront"] as const,
};
