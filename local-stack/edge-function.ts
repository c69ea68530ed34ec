// Runs an edge function (`api`, `instagram-webhook`, `facebook-webhook`, `telegram-webhook`) under real Deno, as `supabase functions serve`
// would: each with its own import map, on a port of its own.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const functionsDir = join(root, "supabase", "functions");

// Deno 2.1 (the hosted Edge Runtime's) trusts only its bundled root certificates unless told
// otherwise; a machine whose npm registry sits behind its own CA (as these do) needs the system's
// store too, or `deno check` and the first `deno run` cannot fetch the npm imports. Every Deno we
// spawn inherits this environment.
process.env.DENO_TLS_CA_STORE ??= "system,mozilla";

/**
 * The Deno binary of the hosted Edge Runtime's version: the platform package
 * `@deno/linux-x64-glibc`, pinned in package.json's optionalDependencies. The npm registry holds
 * Deno 2.1.4 for linux-x64 only (the `deno` wrapper package's other platforms start at 2.2), so
 * elsewhere the functions cannot run at hosted's version yet.
 */
export function denoBinary(): string {
  const binary = join(root, "node_modules", "@deno", `${process.platform}-${process.arch}-glibc`, "deno");
  if (!existsSync(binary))
    throw new Error(
      `Deno is not installed for ${process.platform}-${process.arch}: npm ci installs the hosted Edge Runtime's ` +
        "Deno (2.1.4) from @deno/linux-x64-glibc, which exists for linux-x64 only",
    );
  return binary;
}

export interface EdgeFunction {
  url: string;
  /** The PID of the function's current Deno process (a fault test kills it). */
  pid(): number | undefined;
  /** Resolves when the function has been restarted `count` times in all. */
  restarted(count: number): Promise<void>;
  /**
   * The stack is stopping: from now on an exit is a stop, not a crash, and is not restarted.
   * Synchronous, so a stop can say so before its first await (see Stack.stop).
   */
  stopRestarting(): void;
  stop(): Promise<void>;
}

interface FunctionOptions {
  /** The folder under supabase/functions. */
  name: "api" | "instagram-webhook" | "facebook-webhook" | "telegram-webhook";
  port: number;
  databaseUrl: string;
  /** The private ES256 JWK the function signs tokens with. */
  signingKey: string;
  /** SUPABASE_SECRET_KEYS, a JSON object of name -> sb_secret_... key, as hosted sets it. */
  secretKeys: string;
  /** The one origin browsers use (Storage URLs and affiliate links start with it). */
  publicUrl: string;
  /** More variables (the Instagram app's, the Telegram bot's). */
  env?: Record<string, string>;
  log?: (line: string) => void;
}

/**
 * Runs the function and keeps it running: hosted Supabase starts a new worker when one dies
 * (out of memory, a crash), so when the process exits on its own it is started again on the same
 * port, and the output says so.
 */
export async function startEdgeFunction(opts: FunctionOptions): Promise<EdgeFunction> {
  const log = opts.log ?? ((line) => process.stderr.write(`[${opts.name}] ${line}\n`));
  const url = `http://127.0.0.1:${opts.port}`;
  let child = await launch(opts, url, log, 120_000); // the first start may download npm packages
  let stopping = false;
  let restarts = 0;
  // The restart under way, if any: a stop waits for it, then stops what it started.
  let restarting: Promise<void> | undefined;
  const waiters: { count: number; resolve: () => void }[] = [];

  const restart = async (exit: string) => {
    const started = Date.now();
    log(`the function exited (${exit}); restarting it`);
    for (;;) {
      try {
        child = await launch(opts, url, log, 30_000);
        break;
      } catch (error) {
        if (stopping) return;
        log(`restart failed, trying again: ${error instanceof Error ? error.message.split("\n")[0] : error}`);
        await new Promise((resolve) => setTimeout(resolve, 1000));
        if (stopping) return;
      }
    }
    restarts += 1;
    log(`the function is back after ${Date.now() - started} ms (restart ${restarts})`);
    for (const waiter of waiters.filter((w) => restarts >= w.count)) waiter.resolve();
    supervise(child);
  };

  const supervise = (current: ChildProcess) => {
    current.once("exit", (code, signal) => {
      // Ctrl-C reaches the whole process group, so the functions exit at the same moment as
      // the stack begins to stop: usually `stopping` is set by then (Stack.stop sets it first
      // thing), but a child's exit can be handled before the stack's own SIGINT. A function that
      // exits on SIGINT was stopped by Ctrl-C: hosted never sends one to a worker, and the crashes
      // it restarts after are other signals (SIGKILL when out of memory) or exit codes.
      if (stopping || signal === "SIGINT") return;
      restarting = restart(signal ?? `code ${code}`).finally(() => (restarting = undefined));
    });
  };
  supervise(child);

  return {
    url,
    pid: () => child.pid,
    restarted: (count) =>
      new Promise((resolve) => {
        if (restarts >= count) resolve();
        else waiters.push({ count, resolve });
      }),
    stopRestarting() {
      stopping = true;
    },
    async stop() {
      stopping = true;
      // A restart that was launching when the stop came may still bring a process up: stop that one.
      await restarting;
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
        child.kill("SIGTERM");
        await exited;
      }
    },
  };
}

/** Starts one Deno process and waits until it answers HTTP. */
async function launch(
  opts: FunctionOptions,
  url: string,
  log: (line: string) => void,
  timeoutMs: number,
): Promise<ChildProcess> {
  const child: ChildProcess = spawn(
    denoBinary(),
    [
      "run",
      "--allow-net",
      "--allow-env",
      "--allow-read",
      "--config",
      join(functionsDir, opts.name, "deno.json"),
      join(functionsDir, opts.name, "index.ts"),
    ],
    {
      cwd: functionsDir,
      env: {
        ...process.env,
        SUPABASE_DB_URL: opts.databaseUrl,
        JWT_SIGNING_KEY: opts.signingKey,
        SUPABASE_URL: opts.publicUrl,
        SUPABASE_SECRET_KEYS: opts.secretKeys,
        APP_URL: opts.publicUrl,
        ...opts.env,
        FUNCTION_PORT: String(opts.port),
        FUNCTION_HOST: "127.0.0.1",
        NO_COLOR: "1",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const line of chunk.toString().split("\n")) if (line.trim()) log(line);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the ${opts.name} function exited:\n${output}`);
    try {
      await fetch(`${url}/api/health-check-of-local-stack`);
      return child;
    } catch {
      if (Date.now() > deadline) {
        child.kill("SIGKILL");
        throw new Error(`the ${opts.name} function did not start:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
