// What connecting an Instagram account and connecting a Facebook Page share: Meta's authorize page
// and back. The way there (an authorize URL the server signs, then the browser leaves), what the
// callback URL holds when the person comes back, a code sent at most once, and the connection
// forgotten at once on disconnect.
import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";

/** What Meta's authorize step put in the callback URL. */
export type CallbackParams =
  | { kind: "code"; code: string; state: string }
  /** The person cancelled (`error=access_denied`) or Meta refused; `reason` is Meta's description. */
  | { kind: "cancelled"; error: string; reason: string | null }
  /** Neither: the page was opened by hand. */
  | { kind: "invalid" };

export function readCallbackParams(search: URLSearchParams): CallbackParams {
  const error = (search.get("error") ?? "").trim();
  if (error) {
    const reason = (search.get("error_description") ?? "").trim();
    return { kind: "cancelled", error, reason: reason || null };
  }
  const code = (search.get("code") ?? "").trim();
  const state = (search.get("state") ?? "").trim();
  // Instagram appends "#_" and Facebook "#_=_" to the redirect: browsers keep it in the hash.
  return code && state ? { kind: "code", code, state } : { kind: "invalid" };
}

/** The fragment Meta appends to its redirects ("#_" Instagram, "#_=_" Facebook), nothing of ours. */
export const isMetaHash = (hash: string) => hash === "#_" || hash === "#_=_";

/**
 * `send`, at most once per code. A code works once, and so does the state (the server spends it
 * before calling Meta): React's strict mode runs the callback page's effect twice, and a remount
 * would run it again, so each code is sent once per page load and every caller shares that answer.
 */
export function oncePerCode<T>(
  send: (input: { code: string; state: string }) => Promise<T>,
): (input: { code: string; state: string }) => Promise<T> {
  const sent = new Map<string, Promise<T>>();
  return (input) => {
    let answer = sent.get(input.code);
    if (!answer) {
      answer = send(input);
      sent.set(input.code, answer);
    }
    return answer;
  };
}

/** Asks for the authorize URL and sends the browser there (Meta then returns to the callback page). */
export function useStartConnect(
  getUrl: () => Promise<string>,
  navigateTo: (url: string) => void = (url) => window.location.assign(url),
) {
  return useMutation({ mutationFn: getUrl, onSuccess: (url) => navigateTo(url) });
}

/**
 * Disconnects: the card shows Connect at once. Either way the connection is read again (a refusal
 * such as "No Facebook Page is connected" means another tab got there first).
 */
export function useDisconnect<T>(disconnect: () => Promise<T>, queryKey: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnect,
    onSuccess: () => queryClient.setQueryData(queryKey, null),
    onSettled: () => void queryClient.invalidateQueries({ queryKey }),
  });
}
