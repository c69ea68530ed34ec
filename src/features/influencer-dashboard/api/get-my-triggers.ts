import { z } from "zod";
import { apiRequest } from "@/lib/api-client.ts";
import { t } from "@/lib/i18n/index.ts";
import { useRequest } from "@/lib/use-request.ts";

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

export function useMyTriggers() {
  return useRequest((signal) => getMyTriggers(signal), [], t("influencer.triggers.loadFailed"));
}
