import type { FacebookConnectedResponse, FacebookConnectInput } from "@contract/facebook.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { oncePerCode } from "@/lib/social-connect.ts";

// POST /facebook/connect - hands Facebook's code and our state to the function: the one Page the
// influencer manages is connected, or the Pages to choose from come back (for ten minutes)
export function finishFacebookConnect(input: FacebookConnectInput): Promise<FacebookConnectedResponse> {
  return apiCall(API.facebookConnect, { body: input });
}

/** finishFacebookConnect, at most once per code (both the code and the state are single-use). */
export const finishFacebookConnectOnce = oncePerCode(finishFacebookConnect);
