import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { useDisconnect } from "@/lib/social-connect.ts";
import { instagramKeys } from "@/features/instagram/api/query-keys.ts";

// DELETE /instagram/account - disconnects the influencer's Instagram account
export function disconnectInstagram() {
  return apiCall(API.instagramDisconnect);
}

export function useDisconnectInstagram() {
  return useDisconnect(disconnectInstagram, instagramKeys.account());
}
