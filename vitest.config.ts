import { defineConfig, mergeConfig } from "vitest/config";
import viteConfig from "./vite.config.ts";
import { choosePhoneRunBase } from "./tests/helpers/phones.ts";

// The run's test phones start at a random slot that every worker inherits (tests/helpers/phones.ts).
choosePhoneRunBase();

// Three projects: fast SPA units in happy-dom; standalone Node tests that need no stack (the
// tooling, the deploy check, the fakes' and stand-ins' own tests); and integration tests (API,
// realtime, storage) in Node against real Postgres and the real function. `npm test` runs them
// through local-stack/test-all.ts, the first two beside the third.
// The units ran in jsdom until its start-up took about half of their time: happy-dom and worker
// threads (instead of processes) cut the layer's CPU time by about a quarter. Each file still gets
// a fresh environment: sharing one (isolate: false) lets one file's vi.mock reach the next.
// The unit project extends vite.config.ts, so SPA modules resolve (aliases, plugins) as in the build.
/** Node tests that start no stack and read no STACK_URL or DATABASE_URL. */
const standalone = [
  "tests/tooling/**/*.test.ts",
  "tests/deploy/**/*.test.ts",
  "tests/fake-server/**/*.test.ts",
  "tests/meta-fake/**/*.test.ts",
  "tests/telegram-fake/**/*.test.ts",
  "tests/scheduler/cron.test.ts",
  "tests/realtime/filters.test.ts",
  "tests/storage/storage-parts.test.ts",
];

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: "unit",
            include: ["src/**/*.test.{ts,tsx}"],
            environment: "happy-dom",
            pool: "threads",
            // The fake API behind fetch, and RTL's cleanup after each test (src/testing/setup.ts).
            setupFiles: ["src/testing/setup.ts"],
          },
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
            exclude: standalone,
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
