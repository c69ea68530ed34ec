import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { KeywordTriggerUpdateInput } from "@contract/instagram.ts";
import { keywordTriggerSchema, type KeywordTrigger } from "@contract/links.ts";
import { message } from "@contract/fields.ts";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client.ts";
import { influencerKeys } from "@/features/influencer-dashboard/api/query-keys.ts";

const triggerSavedResponseSchema = z.object({ message, trigger: keywordTriggerSchema });

// PUT /keyword-triggers/{id} - change a keyword's DM reply, or switch it on or off
export function updateTrigger(id: string, update: KeywordTriggerUpdateInput) {
  return apiRequest(`/keyword-triggers/${encodeURIComponent(id)}`, {
    method: "PUT",
    body: update,
    schema: triggerSavedResponseSchema,
  });
}

export function useUpdateTrigger() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, update }: { id: string; update: KeywordTriggerUpdateInput }) => updateTrigger(id, update),
    // The answer is the trigger as saved: it replaces the list's copy without a refetch.
    onSuccess: ({ trigger }) =>
      queryClient.setQueryData<KeywordTrigger[]>(influencerKeys.triggers(), (list) =>
        list?.map((item) => (item.id === trigger.id ? trigger : item)),
      ),
  });
}
