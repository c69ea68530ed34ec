import { useMutation, useQueryClient } from "@tanstack/react-query";
import { API } from "@contract/routes.ts";
import type { Settings, SettingsUpdateInput } from "@contract/settings.ts";
import { apiCall } from "@/lib/api-client.ts";
import { settingsKeys } from "@/features/admin-settings/api/query-keys.ts";

// PUT /admin/settings - change the settings; the answer is the settings as saved
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SettingsUpdateInput): Promise<Settings> =>
      apiCall(API.updateSettings, { body: input }).then((body) => body.settings),
    onSuccess: (settings) => queryClient.setQueryData(settingsKeys.all, settings),
  });
}
