import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client.ts";
import { t } from "@/lib/i18n/index.ts";
import { screenState } from "@/lib/screen-state.ts";
import { influencerKeys } from "@/features/influencer-dashboard/api/query-keys.ts";

export const keywordTriggerSchema = z.object({
  id: z.string(),
  affiliate_link_id: z.string(),
  campaign_id: z.string(),
  campaign_name: z.string().nullish(),
  keyword: z.string(),
  dm_template_text: z.string(),
  is_active: z.boolean(),
  created_at: z.string().optional(),
});

export type KeywordTrigger = z.infer<typeof keywordTriggerSchema>;

export const triggersResponseSchema = z.object({ triggers: z.array(keywordTriggerSchema) });

// GET /keyword-triggers/my-triggers - the DM keywords of the caller's approved links
export function getMyTriggers(signal?: AbortSignal): Promise<KeywordTrigger[]> {
  return apiRequest("/keyword-triggers/my-triggers", { schema: triggersResponseSchema, signal }).then(
    (body) => body.triggers,
  );
}

export const myTriggersQuery = () =>
  queryOptions({ queryKey: influencerKeys.triggers(), queryFn: ({ signal }) => getMyTriggers(signal) });

export function useMyTriggers() {
  const query = useQuery(myTriggersQuery());
  return screenState(query, t("influencer.triggers.loadFailed"));
}
