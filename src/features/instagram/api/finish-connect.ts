import type { InstagramConnectedResponse, InstagramConnectInput } from "@contract/instagram.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";
import { oncePerCode } from "@/lib/social-connect.ts";

export type InstagramConnected = InstagramConnectedResponse;

// POST /instagram/connect - hands Instagram's code and our state to the function, which connects the account
export function finishInstagramConnect(input: InstagramConnectInput): Promise<InstagramConnected> {
  return apiCall(API.instagramConnect, { body: input });
}

/** finishInstagramConnect, at most once per code (both the code and the state are single-use). */
export const finishInstagramConnectOnce = oncePerCode(finishInstagramConnect);
