import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { API } from "@contract/routes.ts";
import type { ProvinceFee, ProvinceFeeUpdateInput } from "@contract/delivery-fees.ts";
import { apiCall } from "@/lib/api-client.ts";
import { screenState } from "@/lib/screen-state.ts";
import { t } from "@/features/admin-settings/i18n.ts";
import { settingsKeys } from "@/features/admin-settings/api/query-keys.ts";

// GET /admin/delivery-fees - every province's fee and estimate (admins)
export const provinceFeesQuery = () =>
  queryOptions({
    queryKey: settingsKeys.provinceFees(),
    queryFn: ({ signal }) => apiCall(API.provinceFees, { signal }).then((body) => body.provinces),
  });

export function useProvinceFees() {
  return screenState(useQuery(provinceFeesQuery()), t("fees.loadFailed"));
}

// PUT /admin/delivery-fees/{province} - the answer is the province as saved
export function useUpdateProvinceFee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, input }: { code: string; input: ProvinceFeeUpdateInput }): Promise<ProvinceFee> =>
      apiCall(API.updateProvinceFee, { params: { province: code }, body: input }).then((body) => body.province),
    onSuccess: (saved) =>
      queryClient.setQueryData<ProvinceFee[]>(settingsKeys.provinceFees(), (provinces) =>
        provinces?.map((province) => (province.code === saved.code ? saved : province)),
      ),
  });
}
