import { queryOptions, useQuery } from "@tanstack/react-query";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { screenState } from "@/lib/screen-state.ts";
import { t } from "@/features/admin-settings/i18n.ts";
import { settingsKeys } from "@/features/admin-settings/api/query-keys.ts";

// GET /admin/settings - the marketplace settings (admins)
export const settingsQuery = () =>
  queryOptions({
    queryKey: settingsKeys.all,
    queryFn: ({ signal }) => apiCall(API.settings, { signal }).then((body) => body.settings),
  });

export function useSettings() {
  return screenState(useQuery(settingsQuery()), t("settings.loadFailed"));
}
