import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { KeywordTriggerUpdateInput } from "@contract/instagram.ts";
import type { KeywordTrigger } from "@contract/links.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { influencerKeys } from "@/features/influencer-dashboard/api/query-keys.ts";

// PUT /keyword-triggers/{id} - change a keyword's DM reply, or switch it on or off
export function updateTrigger(id: string, update: KeywordTriggerUpdateInput) {
  return apiCall(API.updateTrigger, { params: { id }, body: update });
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
