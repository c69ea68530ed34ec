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
