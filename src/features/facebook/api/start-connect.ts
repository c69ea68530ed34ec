import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { useStartConnect } from "@/lib/social-connect.ts";

// GET /facebook/connect - Facebook Login's URL with a signed, single-use state
export function getFacebookConnectUrl(): Promise<string> {
  return apiCall(API.facebookConnectUrl).then((body) => body.url);
}

/** Asks for Facebook Login's URL and sends the browser there (Facebook then returns to the callback page). */
export function useStartFacebookConnect(navigateTo?: (url: string) => void) {
  return useStartConnect(getFacebookConnectUrl, navigateTo);
}
