// `npm test`: static checks, then every layer against real parts, on a fresh stack on free ports.
// First it makes sure pg_prove, pgTAP and Chromium are there (local-stack/test-tools.ts). The
// stack's Postgres is chosen as for npm start (LOCAL_STACK_POSTGRES=system|embedded forces one).
//   0. ESLint (with the layout's boundaries), Prettier, tsc, deno check and the generated API
//      reference (docs/api-reference.md, from the route table); any error stops here,
//      and, once the stack's database is migrated, the generated database types must match it and
//      the declarative schema (supabase/schemas/) must describe what the migrations give
//   1. pgTAP (pg_prove) on the stack's database, as the owner role postgres
//   2. deno test for the api function
//   3. Playwright journeys in /usr/bin/chromium, and beside them vitest's scheduled jobs
//   4. vitest: integration (API through the gateway, Realtime, Storage), and beside it the SPA
//      units and the standalone tests (tooling, deploy check, fakes), which need no stack
// The machine has two cores. The static checks run in two lanes while the stack starts. The
// journeys keep both cores busy (a second Playwright worker made them slower), so only a test that
// mostly waits runs beside them; the integration tests leave a core idle, which the tests that need
// no stack take. A layer run beside another prints its output when it ends, so the log reads one
// layer at a time.
// Exits non-zero on any failure and ends with one summary line "Summary: N passed, N failed".
import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { denoBinary } from "./edge-function.ts";
import { apiReferenceDifference } from "./api-reference.ts";
import { databaseTypesDifference } from "./database-types.ts";
import { freePort } from "./free-port.ts";
import { schemaDifference } from "./schema-check.ts";
import { startStack, type Stack } from "./stack.ts";
import { chromiumPath, ensureTestTools, installPgTap } from "./test-tools.ts";

const root = join(import.meta.dirname, "..");
const runStarted = Date.now();
const bin = (name: string) => join(root, "node_modules", ".bin", name);

interface LayerResult {
  layer: string;
  passed: number;
  failed: number;
  exitCode: number;
  seconds: number;
}

/** How a layer's output reaches the log: as it comes, or all at once when it ends (run beside another). */
type Output = "live" | "at-end";

function runLayer(
  layer: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd = root,
  count: (output: string) => { passed: number; failed: number },
  show: Output = "live",
): Promise<LayerResult> {
  if (show === "live") console.log(`\n=== ${layer} ===`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const take = (stream: NodeJS.WriteStream) => (chunk: Buffer) => {
      output += chunk;
      if (show === "live") stream.write(chunk);
    };
    child.stdout.on("data", take(process.stdout));
    child.stderr.on("data", take(process.stderr));
    child.on("close", (code) => {
      if (show === "at-end") process.stdout.write(`\n=== ${layer} ===\n${output}`);
      const counted = count(stripVTControlCharacters(output));
      const exitCode = code ?? 1;
      // A runner that failed without reporting a failed test still counts as one failure.
      const failed = exitCode !== 0 && counted.failed === 0 ? 1 : counted.failed;
      resolve({ layer, passed: counted.passed, failed, exitCode, seconds: (Date.now() - started) / 1000 });
    });
  });
}

const number = (output: string, pattern: RegExp) => {
  let total = 0;
  for (const match of output.matchAll(pattern)) total += Number(match[1]);
  return total;
};

const countPgProve = (output: string) => {
  const tests = number(output, /Tests=(\d+)/g);
  const failed = number(output, /Failed (\d+)\/\d+ subtests/g);
  return { passed: tests - failed, failed };
};
const countDeno = (output: string) => {
  const match = /(\d+) passed[^|\n]*\| (\d+) failed/.exec(output);
  return match ? { passed: Number(match[1]), failed: Number(match[2]) } : { passed: 0, failed: 0 };
};
const countVitest = (output: string) => {
  const line = output.split("\n").find((l) => /^\s*Tests\s+/.test(l)) ?? "";
  return { passed: number(line, /(\d+) passed/g), failed: number(line, /(\d+) failed/g) };
};
const countPlaywright = (output: string) => ({
  passed: number(output, /^\s*(\d+) passed/gm),
  failed: number(output, /^\s*(\d+) (?:failed|flaky)/gm),
});

/** A check passes or fails as a whole: it counts as one. Checks run two at a time: output at the end. */
async function runCheck(name: string, command: string, args: string[], cwd = root): Promise<LayerResult> {
  const result = await runLayer(
    name,
    command,
    args,
    { NO_COLOR: "1" },
    cwd,
    () => ({ passed: 0, failed: 0 }),
    "at-end",
  );
  return { ...result, passed: result.exitCode === 0 ? 1 : 0 };
}

const functionsDir = join(root, "supabase", "functions");

/** Lint, format and type checks of the SPA, the tools and the function (which Deno checks), in two lanes. */
async function staticChecks(): Promise<LayerResult[]> {
  const [lintLane, typeLane] = await Promise.all([
    (async () => [
      await runCheck("eslint", bin("eslint"), ["--max-warnings", "0", "."]),
      await runCheck(
        "deno check (functions)",
        denoBinary(),
        ["check", "--config", join("api", "deno.json"), "_shared", "api"],
        functionsDir,
      ),
      // Each function is deployed with its own import map: checked with it.
      await runCheck(
        "deno check (webhook)",
        denoBinary(),
        ["check", "--config", join("instagram-webhook", "deno.json"), "instagram-webhook"],
        functionsDir,
      ),
      await runCheck(
        "deno check (facebook)",
        denoBinary(),
        ["check", "--config", join("facebook-webhook", "deno.json"), "facebook-webhook"],
        functionsDir,
      ),
      await runCheck(
        "deno check (telegram)",
        denoBinary(),
        ["check", "--config", join("telegram-webhook", "deno.json"), "telegram-webhook"],
        functionsDir,
      ),
    ])(),
    (async () => [
      await runCheck("tsc", bin("tsc"), ["--noEmit", "-p", "tsconfig.json"]),
      await runCheck("prettier", bin("prettier"), ["--check", "."]),
    ])(),
  ]);
  return [
    ...lintLane,
    ...typeLane,
    // docs/api-reference.md is written from the route table (npm run docs:api).
    await runDifferenceCheck("generated API reference", "docs/api-reference.md matches the route table", async () =>
      apiReferenceDifference(),
    ),
  ];
}

/** The SPA units and the standalone tests, which need no stack, one after the other; output at the end. */
async function testsNeedingNoStack(): Promise<LayerResult[]> {
  return [
    await runLayer(
      "vitest unit",
      bin("vitest"),
      ["run", "--project", "unit", "--project", "unit-isolated"],
      {},
      root,
      countVitest,
      "at-end",
    ),
    await runLayer(
      "vitest standalone",
      bin("vitest"),
      ["run", "--project", "standalone"],
      {},
      root,
      countVitest,
      "at-end",
    ),
  ];
}

/** A check run in this process: `difference` is null when it holds, else what is wrong. */
async function runDifferenceCheck(
  layer: string,
  ok: string,
  difference: () => Promise<string | null>,
): Promise<LayerResult> {
  console.log(`\n=== ${layer} ===`);
  const started = Date.now();
  const found = await difference();
  console.log(found ?? ok);
  const failed = found ? 1 : 0;
  return { layer, passed: 1 - failed, failed, exitCode: failed, seconds: (Date.now() - started) / 1000 };
}

/**
 * The stack's own lines that tell of an error (a function's "unexpected error" and its cause, a
 * crash), the newest 200: a 500 in a test says only "Something went wrong", and the stack is gone
 * once the run ends, so they are printed with a failed run's results.
 */
const stackErrors: string[] = [];
function keepStackError(line: string) {
  if (!/error|exception|panic|deadlock/i.test(line)) return;
  stackErrors.push(line);
  if (stackErrors.length > 200) stackErrors.shift();
}

function report(results: LayerResult[]): never {
  const failing = results.some((r) => r.exitCode !== 0 || r.failed > 0);
  if (failing && stackErrors.length > 0) {
    console.log("\n=== the stack's error lines (newest 200) ===");
    for (const line of stackErrors) console.log(line);
  }
  console.log("\n=== results ===");
  for (const r of results) {
    console.log(
      `${r.layer.padEnd(28)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed  ${r.seconds.toFixed(1)} s`,
    );
  }
  const passed = results.reduce((sum, r) => sum + r.passed, 0);
  const failed = results.reduce((sum, r) => sum + r.failed, 0);
  const ok = results.every((r) => r.exitCode === 0) && failed === 0;
  console.log(`Wall time: ${Math.round((Date.now() - runStarted) / 1000)} s`);
  console.log(`Summary: ${passed} passed, ${failed} failed`);
  process.exit(ok ? 0 : 1);
}

async function main() {
  ensureTestTools();
  const dataDir = mkdtempSync(join(tmpdir(), "marketplace-test-stack-"));
  chmodSync(dataDir, 0o755); // the postgres OS user must reach the cluster folder inside
  let stack: Stack | undefined;
  const cleanup = async () => {
    await stack?.stop();
    stack = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.on("SIGINT", () => void cleanup().then(() => process.exit(130)));
  process.on("SIGTERM", () => void cleanup().then(() => process.exit(143)));

  const results: LayerResult[] = [];
  let standalone: Promise<LayerResult[]> | undefined;
  try {
    console.log("Starting a test stack on free ports while the static checks run...");
    const starting = startStack({
      port: await freePort(),
      dataDir,
      admin: { email: "admin@example.com", password: "Admin123!" },
      // The throttling test waits through every retry: milliseconds instead of 1, 2 and 4 s.
      replyRetryDelaysMs: [20, 40, 80],
      log: keepStackError,
    }).then((started) => (stack = started));
    // A start that fails while the checks run is reported when awaited below, not as unhandled.
    starting.catch(() => undefined);
    results.push(...(await staticChecks()));
    stack = await starting;
    // A failed check stops here (the finally stops the stack and reports).
    if (results.some((r) => r.exitCode !== 0)) return;
    console.log(`Test stack ready at ${stack.url} in ${stack.timings.ready} ms on ${stack.postgres}`);
    results.push(
      await runDifferenceCheck(
        "generated database types",
        "supabase/functions/_shared/database.types.ts matches the migrations",
        () => databaseTypesDifference(stack!.databaseUrl),
      ),
      await runDifferenceCheck("schema files vs migrations", "supabase/schemas/ and the migrations agree", () =>
        schemaDifference(),
      ),
    );
    await installPgTap(stack.adminDatabaseUrl);
    const db = new URL(stack.databaseUrl);
    const env = {
      STACK_URL: stack.url,
      DATABASE_URL: stack.databaseUrl,
      CHROMIUM_PATH: chromiumPath,
      CI: process.env.CI ?? "",
      // Tests drive the Meta fake's control endpoints (simulated comments, the replies it received).
      META_FAKE_URL: stack.metaFake?.url ?? "",
      // And the Facebook fake's (simulated comments and Messenger messages, what the Pages sent).
      FACEBOOK_FAKE_URL: stack.facebookFake?.url ?? "",
      // And the Telegram fake's (simulated /start, blocked chats, flood control, the messages sent).
      TELEGRAM_FAKE_URL: stack.telegramFake?.url ?? "",
      // And the email fake's (what it received, failures on demand).
      EMAIL_FAKE_URL: stack.emailFake?.url ?? "",
    };

    const pgTapFiles = readdirSync(join(root, "supabase", "tests", "database"))
      .filter((f) => f.endsWith(".test.sql"))
      .sort()
      .map((f) => join("supabase", "tests", "database", f));
    results.push(
      await runLayer(
        "pgTAP",
        "pg_prove",
        ["-h", db.hostname, "-p", db.port, "-U", db.username, "-d", db.pathname.slice(1), ...pgTapFiles],
        env,
        root,
        countPgProve,
      ),
    );

    results.push(
      await runLayer(
        "deno test (functions)",
        denoBinary(),
        [
          "test",
          "--allow-net",
          "--allow-env",
          "--allow-read",
          "--config",
          join("api", "deno.json"),
          "_shared",
          "api",
          "instagram-webhook",
          "facebook-webhook",
          "telegram-webhook",
        ],
        { ...env, NO_COLOR: "1" },
        functionsDir,
        countDeno,
      ),
    );

    // The journeys before the integration tests, whose thousands of orders, users and campaigns
    // would make every board and list the journeys open longer (figures in docs/architecture.md,
    // "Tests"). The scheduled jobs' test, which mostly waits for the next minute, waits beside them.
    const scheduled = runLayer(
      "vitest scheduled",
      bin("vitest"),
      ["run", "--project", "scheduled"],
      env,
      root,
      countVitest,
      "at-end",
    );
    results.push(
      await runLayer("playwright", bin("playwright"), ["test", "--reporter=list"], env, root, countPlaywright),
      await scheduled,
    );
    // The SPA units and the standalone tests need no stack: they run beside the integration tests.
    standalone = testsNeedingNoStack();
    results.push(
      await runLayer("vitest integration", bin("vitest"), ["run", "--project", "integration"], env, root, countVitest),
      ...(await standalone),
    );
    standalone = undefined;
  } catch (error) {
    console.error(error);
    results.push({ layer: "test stack", passed: 0, failed: 1, exitCode: 1, seconds: 0 });
    // The tests beside the stack ran on without it: their results still count.
    if (standalone) results.push(...(await standalone));
  } finally {
    await cleanup();
    report(results);
  }
}

await main();
