import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { useDisconnect } from "@/lib/social-connect.ts";
import { facebookKeys } from "@/features/facebook/api/query-keys.ts";

// DELETE /facebook/page - disconnects the influencer's Page: the app unsubscribed, its token deleted
export function disconnectFacebook() {
  return apiCall(API.facebookDisconnect);
}

export function useDisconnectFacebook() {
  return useDisconnect(disconnectFacebook, facebookKeys.page());
}
