import { instagramConnectedResponseSchema, type InstagramConnectInput } from "@contract/instagram.ts";
import type { z } from "zod";
import { ApiError, apiRequest } from "@/lib/api-client.ts";

export type InstagramConnected = z.infer<typeof instagramConnectedResponseSchema>;

// POST /instagram/connect - hands Instagram's code and our state to the function, which connects the account
export function finishInstagramConnect(input: InstagramConnectInput): Promise<InstagramConnected> {
  return apiRequest("/instagram/connect", { method: "POST", body: input, schema: instagramConnectedResponseSchema });
}

/**
 * Whether sending the code again can help: not after a refusal (a 4xx other than a timeout or a
 * rate limit: a forged, used or expired state, an account not approved), which the same request
 * meets again. After no answer or a server failure the code may still be unused.
 */
export function canSendAgain(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status === null) return true;
  return !(error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429);
}

// A code works once: React's strict mode runs the callback page's effect twice, and a remount
// would run it again, so each code is sent once per page load and every caller shares that one
// answer; only a request that got no answer may be sent again.
const sent = new Map<string, Promise<InstagramConnected>>();

/** finishInstagramConnect, at most once per code (again only after canSendAgain failures). */
export function finishInstagramConnectOnce(
  input: { code: string; state: string },
  send: (input: InstagramConnectInput) => Promise<InstagramConnected> = finishInstagramConnect,
): Promise<InstagramConnected> {
  let answer = sent.get(input.code);
  if (!answer) {
    answer = send(input).catch((error: unknown) => {
      if (canSendAgain(error)) sent.delete(input.code);
      throw error;
    });
    sent.set(input.code, answer);
  }
  return answer;
}
