import { z } from "zod";
import { apiRequest } from "@/lib/api-client.ts";
import { t } from "@/lib/i18n/index.ts";
import { useRequest } from "@/lib/use-request.ts";

export const districtsResponseSchema = z.object({ districts: z.array(z.string()) });

// GET /delivery-zones/districts - every district (khan) of Phnom Penh
export function getDistricts(signal?: AbortSignal): Promise<string[]> {
  return apiRequest("/delivery-zones/districts", { schema: districtsResponseSchema, signal, token: null }).then(
    (body) => body.districts,
  );
}

export function useDistricts() {
  return useRequest((signal) => getDistricts(signal), [], t("checkout.districtsFailed"));
}
