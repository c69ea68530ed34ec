import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { useStartConnect } from "@/lib/social-connect.ts";

// GET /instagram/connect - Instagram's authorize URL with a signed, single-use state
export function getInstagramConnectUrl(): Promise<string> {
  return apiCall(API.instagramConnectUrl).then((body) => body.url);
}

/** Asks for the authorize URL and sends the browser there (Instagram then returns to the callback page). */
export function useStartInstagramConnect(navigateTo?: (url: string) => void) {
  return useStartConnect(getInstagramConnectUrl, navigateTo);
}
