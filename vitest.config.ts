import { readdirSync, readFileSync } from "node:fs";
import { defineConfig, mergeConfig } from "vitest/config";
import viteConfig from "./vite.config.ts";
import { choosePhoneRunBase } from "./tests/helpers/phones.ts";

// The run's test phones start at a random slot that every worker inherits (tests/helpers/phones.ts).
choosePhoneRunBase();

// The projects: fast SPA units in happy-dom (two projects, see below); standalone Node tests that
// need no stack (the tooling, the deploy check, the fakes' and stand-ins' own tests); the scheduled
// jobs, which wait for the next minute; and integration tests (API, realtime, storage) in Node
// against real Postgres and the real function. `npm test` runs them through
// local-stack/test-all.ts: the scheduled jobs beside the journeys, the units and the standalone
// tests beside the integration tests.
// The units ran in jsdom until its start-up took about half of their time: happy-dom and worker
// threads (instead of processes) cut the layer's CPU time by about a quarter. Then a fresh
// environment per file was still three quarters of the rest: the files that replace modules
// (vi.mock, vi.doMock) keep one each, since a mock would reach the files after them, and the others
// share one (isolate: false), which takes the layer from about 146 to about 80 s of CPU. What a
// test changes in the shared environment is put back after it (src/testing/setup.ts).
// The unit projects extend vite.config.ts, so SPA modules resolve (aliases, plugins) as in the build.
const unitFiles = ["src/**/*.test.{ts,tsx}"];
/**
 * SPA unit files that each run in an environment of their own: those that replace a module, and
 * the i18n module's own, which first reads it before any catalog has loaded.
 */
const isolatedUnits = [
  ...readdirSync(new URL("./src", import.meta.url), { recursive: true, encoding: "utf8" })
    .map((file) => `src/${file}`)
    .filter((file) => /\.test\.tsx?$/.test(file) && /\bvi\.(mock|doMock)\(/.test(readFileSync(file, "utf8"))),
  "src/lib/i18n/i18n.test.ts",
];
/** The scheduled jobs' test, which mostly waits for the next minute: run beside the journeys. */
const scheduled = ["tests/scheduler/scheduled-jobs.test.ts"];
/** Node tests that start no stack and read no STACK_URL or DATABASE_URL. */
const standalone = [
  "tests/tooling/**/*.test.ts",
  "tests/deploy/**/*.test.ts",
  "tests/fake-server/**/*.test.ts",
  "tests/meta-fake/**/*.test.ts",
  "tests/facebook-fake/**/*.test.ts",
  "tests/telegram-fake/**/*.test.ts",
  "tests/email-fake/**/*.test.ts",
  "tests/scheduler/cron.test.ts",
  "tests/realtime/filters.test.ts",
  "tests/storage/storage-parts.test.ts",
];

const units = {
  include: unitFiles,
  environment: "happy-dom",
  pool: "threads" as const,
  // The fake API behind fetch, and RTL's cleanup after each test (src/testing/setup.ts).
  setupFiles: ["src/testing/setup.ts"],
};

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      projects: [
        {
          extends: true,
          test: { name: "unit", ...units, exclude: isolatedUnits, isolate: false },
        },
        {
          extends: true,
          test: { name: "unit-isolated", ...units, include: isolatedUnits },
        },
        {
          test: { name: "scheduled", include: scheduled, environment: "node", testTimeout: 90_000 },
        },
        {
          test: {
            name: "standalone",
            include: standalone,
            environment: "node",
            testTimeout: 60_000,
            fileParallelism: false,
          },
        },
        {
          test: {
            name: "integration",
            include: ["tests/**/*.test.ts"],
            exclude: [...standalone, ...scheduled],
            environment: "node",
            testTimeout: 60_000,
            hookTimeout: 120_000,
            fileParallelism: false,
          },
        },
      ],
    },
  }),
);
