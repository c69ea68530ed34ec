import { queryOptions, useQuery } from "@tanstack/react-query";
import { instagramAccountResponseSchema, type instagramAccountSchema } from "@contract/instagram.ts";
import type { z } from "zod";
import { apiRequest } from "@/lib/api-client.ts";
import { screenState } from "@/lib/screen-state.ts";
import { t } from "@/features/instagram/i18n.ts";
import { instagramKeys } from "@/features/instagram/api/query-keys.ts";

export type InstagramAccount = z.infer<typeof instagramAccountSchema>;

// GET /instagram/account - the connected account (never its token), or null
export function getInstagramAccount(signal?: AbortSignal): Promise<InstagramAccount | null> {
  return apiRequest("/instagram/account", { schema: instagramAccountResponseSchema, signal }).then(
    (body) => body.instagram,
  );
}

export const instagramAccountQuery = () =>
  queryOptions({ queryKey: instagramKeys.account(), queryFn: ({ signal }) => getInstagramAccount(signal) });

export function useInstagramAccount(enabled = true) {
  return screenState(useQuery({ ...instagramAccountQuery(), enabled }), t("instagram.loadFailed"));
}
