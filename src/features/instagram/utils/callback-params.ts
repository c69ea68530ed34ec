// What Instagram's authorize step put in the callback URL: a code and our state, or an error
// when the person cancelled (or Instagram refused), or neither when the page was opened by hand.
export type CallbackParams =
  { kind: "code"; code: string; state: string } | { kind: "cancelled"; reason: string | null } | { kind: "invalid" };

export function readCallbackParams(search: URLSearchParams): CallbackParams {
  const error = search.get("error");
  if (error) {
    const reason = (search.get("error_description") ?? "").trim();
    return { kind: "cancelled", reason: reason || null };
  }
  const code = (search.get("code") ?? "").trim();
  const state = (search.get("state") ?? "").trim();
  // Instagram appends "#_" to the redirect; browsers keep it in the hash, not the code.
  return code && state ? { kind: "code", code, state } : { kind: "invalid" };
}
