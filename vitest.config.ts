import { defineConfig, mergeConfig } from "vitest/config";
import viteConfig from "./vite.config.ts";
import { choosePhoneRunBase } from "./tests/helpers/phones.ts";

// The run's test phones start at a random slot that every worker inherits (tests/helpers/phones.ts).
choosePhoneRunBase();

// Two projects: fast SPA units in happy-dom, and integration tests (API, realtime, storage) in Node
// against real Postgres and the real function. `npm test` runs both through local-stack/test-all.ts.
// The units ran in jsdom until its start-up took about half of their time: happy-dom and worker
// threads (instead of processes) cut the layer's CPU time by about a quarter. Each file still gets
// a fresh environment: sharing one (isolate: false) lets one file's vi.mock reach the next.
// The unit project extends vite.config.ts, so SPA modules resolve (aliases, plugins) as in the build.
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
            name: "integration",
            include: ["tests/**/*.test.ts"],
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
