import { queryOptions, useQuery } from "@tanstack/react-query";
import type { InstagramAccount as ContractInstagramAccount } from "@contract/instagram.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { screenState } from "@/lib/screen-state.ts";
import { t } from "@/features/instagram/i18n.ts";
import { instagramKeys } from "@/features/instagram/api/query-keys.ts";

export type InstagramAccount = ContractInstagramAccount;

// GET /instagram/account - the connected account (never its token), or null
export function getInstagramAccount(signal?: AbortSignal): Promise<InstagramAccount | null> {
  return apiCall(API.instagramAccount, { signal }).then((body) => body.instagram);
}

export const instagramAccountQuery = () =>
  queryOptions({ queryKey: instagramKeys.account(), queryFn: ({ signal }) => getInstagramAccount(signal) });

export function useInstagramAccount(enabled = true) {
  return screenState(useQuery({ ...instagramAccountQuery(), enabled }), t("instagram.loadFailed"));
}
