import { defineConfig } from "@playwright/test";
import { budget } from "./tests/e2e/time-budget.ts";
import { choosePhoneRunBase } from "./tests/helpers/phones.ts";

// The run's test phones start at a random slot that every worker inherits (tests/helpers/phones.ts).
choosePhoneRunBase();

// Journeys in the machine's Chromium (Playwright's own browser download cannot work here)
// against the stack npm test starts (STACK_URL).
export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/playwright",
  // Scaled by E2E_TIME_FACTOR (tests/e2e/time-budget.ts), as is every timeout in the journeys.
  timeout: budget(60_000),
  expect: { timeout: budget(10_000) },
  workers: 1,
  retries: 0,
  forbidOnly: true,
  use: {
    baseURL: process.env.STACK_URL,
    browserName: "chromium",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
});
