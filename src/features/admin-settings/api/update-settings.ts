import { useMutation, useQueryClient } from "@tanstack/react-query";
import { settingsSavedResponseSchema, type Settings, type SettingsUpdateInput } from "@contract/settings.ts";
import { apiRequest } from "@/lib/api-client.ts";
import { settingsKeys } from "@/features/admin-settings/api/query-keys.ts";

// PUT /admin/settings - change the settings; the answer is the settings as saved
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SettingsUpdateInput): Promise<Settings> =>
      apiRequest("/admin/settings", { method: "PUT", body: input, schema: settingsSavedResponseSchema }).then(
        (body) => body.settings,
      ),
    onSuccess: (settings) => queryClient.setQueryData(settingsKeys.all, settings),
  });
}
