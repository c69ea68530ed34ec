import { defineConfig } from "vitest/config";

// Two projects: fast SPA units in jsdom, and integration tests (API, realtime, storage) in Node
// against real Postgres and the real function. `npm test` runs both through local-stack/test-all.ts.
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["src/**/*.test.{ts,tsx}"],
          environment: "jsdom",
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
});
