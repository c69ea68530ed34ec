// Slows and then refuses repeated failed sign-ins, per email and per client address, counted
// over a sliding window in private.login_failures (so it holds across function instances).
export const LOGIN_WINDOW = "15 minutes";
export const MAX_FAILURES_PER_EMAIL = 10;
export const MAX_FAILURES_PER_ADDRESS = 50;
const FREE_FAILURES = 3;
const MAX_DELAY_MS = 4000;

export type ThrottleDecision = { refuse: true } | { refuse: false; delayMs: number };

/** What to do with a sign-in, given the failures already counted in the window. */
export function throttleDecision(failuresByEmail: number, failuresByAddress: number): ThrottleDecision {
  if (failuresByEmail >= MAX_FAILURES_PER_EMAIL || failuresByAddress >= MAX_FAILURES_PER_ADDRESS) {
    return { refuse: true };
  }
  const excess = Math.max(failuresByEmail, failuresByAddress) - FREE_FAILURES;
  return { refuse: false, delayMs: excess < 0 ? 0 : Math.min(250 * 2 ** excess, MAX_DELAY_MS) };
}
