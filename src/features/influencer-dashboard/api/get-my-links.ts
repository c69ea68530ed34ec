import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client.ts";
import { t } from "@/lib/i18n/index.ts";
import { screenState } from "@/lib/screen-state.ts";
import { influencerKeys } from "@/features/influencer-dashboard/api/query-keys.ts";

export const myLinkSchema = z.object({
  id: z.string(),
  influencer_id: z.string().optional(),
  campaign_id: z.string(),
  campaign_name: z.string().nullish(),
  status: z.enum(["pending", "approved", "rejected"]),
  is_approved: z.boolean().optional(),
  campaign_status: z.enum(["active", "inactive"]).nullish(),
  is_active: z.boolean().nullish(),
  /** Only when approved. */
  affiliate_url: z.string().nullish(),
  /** Only when approved. */
  keyword: z.string().nullish(),
  created_at: z.string(),
  decided_at: z.string().nullish(),
});

export type MyLink = z.infer<typeof myLinkSchema>;

export const myLinksResponseSchema = z.object({ links: z.array(myLinkSchema) });

// GET /affiliate-links/my-links - the caller's link applications and links
export function getMyLinks(signal?: AbortSignal): Promise<MyLink[]> {
  return apiRequest("/affiliate-links/my-links", { schema: myLinksResponseSchema, signal }).then((body) => body.links);
}

export const myLinksQuery = () =>
  queryOptions({ queryKey: influencerKeys.links(), queryFn: ({ signal }) => getMyLinks(signal) });

export function useMyLinks() {
  const query = useQuery(myLinksQuery());
  return screenState(query, t("influencer.links.loadFailed"));
}
