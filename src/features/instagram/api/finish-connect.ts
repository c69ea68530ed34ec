import type { InstagramConnectedResponse, InstagramConnectInput } from "@contract/instagram.ts";
import { API } from "@contract/routes.ts";
import { apiCall } from "@/lib/api-client.ts";

export type InstagramConnected = InstagramConnectedResponse;

// POST /instagram/connect - hands Instagram's code and our state to the function, which connects the account
export function finishInstagramConnect(input: InstagramConnectInput): Promise<InstagramConnected> {
  return apiCall(API.instagramConnect, { body: input });
}

// A code works once, and so does the state (the server spends it before calling Instagram):
// React's strict mode runs the callback page's effect twice, and a remount would run it again, so
// each code is sent once per page load and every caller shares that one answer.
const sent = new Map<string, Promise<InstagramConnected>>();

/** finishInstagramConnect, at most once per code. */
export function finishInstagramConnectOnce(
  input: { code: string; state: string },
  send: (input: InstagramConnectInput) => Promise<InstagramConnected> = finishInstagramConnect,
): Promise<InstagramConnected> {
  let answer = sent.get(input.code);
  if (!answer) {
    answer = send(input);
    sent.set(input.code, answer);
  }
  return answer;
}
