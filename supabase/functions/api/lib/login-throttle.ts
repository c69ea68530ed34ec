// How long a failed sign-in waits before its answer. The database decides whether an attempt is
// refused (private.begin_login_attempt: 10 failures of an email from one address, or 50 from one
// address, in 15 minutes) and counts the failures before it; repeated guessing from one place
// then gets slower as it goes on.
const FREE_FAILURES = 3;
const MAX_DELAY_MS = 4000;

export function failureDelayMs(pairFailures: number, addressFailures: number): number {
  const excess = Math.max(pairFailures, addressFailures) - FREE_FAILURES;
  return excess < 0 ? 0 : Math.min(250 * 2 ** excess, MAX_DELAY_MS);
}
