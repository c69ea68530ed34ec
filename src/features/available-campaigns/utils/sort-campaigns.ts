// The two orders of the available campaigns grid (docs/product.md, "Screens"): Newest by
// created_at, and Highest Commission, highest rate first. Ties keep the newer campaign first; the
// input is not changed.
import type { Campaign } from "@contract/campaigns.ts";

export type CampaignSort = "newest" | "commission";

const time = (value: string) => {
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? 0 : ms;
};

const newestFirst = (a: Pick<Campaign, "created_at">, b: Pick<Campaign, "created_at">) =>
  time(b.created_at) - time(a.created_at);

export function sortCampaigns<C extends Pick<Campaign, "created_at" | "commission_rate">>(
  campaigns: readonly C[],
  sort: CampaignSort,
): C[] {
  const copy = [...campaigns];
  if (sort === "commission") return copy.sort((a, b) => b.commission_rate - a.commission_rate || newestFirst(a, b));
  return copy.sort(newestFirst);
}
