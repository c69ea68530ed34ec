// The commission holding period, for tests of payouts that are not about the hold: they release
// deliveries at once (commission_hold_days 0, as an admin may set it) and put the default of 7
// days back afterwards. Free of test-runner imports: vitest and Playwright files both use it.
import { admin } from "./accounts.ts";
import { api } from "./api.ts";

export const DEFAULT_HOLD_DAYS = 7;

export async function setCommissionHoldDays(days: number) {
  const res = await api("PUT", "/admin/settings", {
    token: (await admin()).token,
    body: { commission_hold_days: days },
  });
  if (res.status !== 200) throw new Error(`set the hold: ${res.status} ${JSON.stringify(res.body)}`);
}
