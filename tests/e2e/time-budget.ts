// The journeys' wall-clock budgets (Playwright's test and expect timeouts, and every explicit
// timeout in tests/e2e), scaled by E2E_TIME_FACTOR so a slow or loaded machine does not fail them:
// `E2E_TIME_FACTOR=3 npm test` gives everything three times as long. Unset, 1: the budgets as
// written. Read here only; nothing waits longer than it must, a budget is only a limit.
const raw = process.env.E2E_TIME_FACTOR?.trim() || "1";
const factor = Number(raw);
if (!/^\d+(\.\d+)?$/.test(raw) || !(factor > 0)) {
  throw new Error(`E2E_TIME_FACTOR must be a positive number (e.g. 2.5), not ${JSON.stringify(raw)}`);
}

/** `ms` scaled by E2E_TIME_FACTOR. */
export function budget(ms: number): number {
  return Math.round(ms * factor);
}

/**
 * How long a realtime update may take to reach another open screen: the journeys check that it
 * arrives without a reload, not how fast (bench:realtime measures that, about a second). 2 s
 * failed now and then on CI's two loaded cores, so 5 s: a limit, never a wait.
 */
export const LIVE = { timeout: budget(5_000) };
