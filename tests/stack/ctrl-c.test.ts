// Ctrl-C stops everything (issue 22). A terminal's Ctrl-C sends SIGINT to the whole foreground
// process group: `npm start` and the Deno functions it supervises get it at the same moment. The
// functions' exits must be taken for the stop they are, not for crashes to restart. This starts
// its own `npm start` (a private cluster in a temporary folder, ports of its own), interrupts its
// process group, and then looks for anything of that stack still running.
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../../local-stack/free-port.ts";

const root = join(import.meta.dirname, "..", "..");
const dataDir = mkdtempSync(join(tmpdir(), "marketplace-ctrl-c-"));
chmodSync(dataDir, 0o755); // the postgres OS user must reach the cluster folder inside
let start: ChildProcess | undefined;

interface ProcessInfo {
  pid: number;
  ppid: number;
  state: string;
  command: string;
}

/** Every process now, from /proc/<pid>/stat (the command name may hold spaces and parentheses). */
function processes(): ProcessInfo[] {
  const found: ProcessInfo[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const command = readFileSync(`/proc/${entry}/cmdline`, "utf8").replaceAll("\0", " ").trim();
      found.push({ pid: Number(entry), ppid: Number(ppid), state, command });
    } catch {
      // It ended while we read.
    }
  }
  return found;
}

/** The processes below `pid`, at any depth. */
function descendantsOf(pid: number): ProcessInfo[] {
  const all = processes();
  const below = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of all)
      if (below.has(p.ppid) && !below.has(p.pid)) {
        below.add(p.pid);
        grew = true;
      }
  }
  return all.filter((p) => p.pid !== pid && below.has(p.pid));
}

/**
 * Running processes that belong to this test's stack, whoever their parent is now: the data
 * folder in their command line (Postgres), working directory or environment (everything the
 * stack starts inherits LOCAL_STACK_DIR, a restarted function too).
 */
function processesOfStack(): ProcessInfo[] {
  return processes().filter((p) => {
    if (p.state === "Z") return false; // exited, waiting to be reaped: nothing runs
    if (p.command.includes(dataDir)) return true;
    try {
      if (readlinkSync(`/proc/${p.pid}/cwd`).startsWith(dataDir)) return true;
      return readFileSync(`/proc/${p.pid}/environ`, "utf8").split("\0").includes(`LOCAL_STACK_DIR=${dataDir}`);
    } catch {
      return false; // ended meanwhile, or another user's
    }
  });
}

function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

/**
 * The processes `list()` still finds once they stopped ending: a process that is not our child
 * gives no event when it ends, so /proc is read until the list is empty or `ms` have passed.
 */
async function leftOver(list: () => ProcessInfo[], ms = 5_000): Promise<string[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const left = list();
    if (left.length === 0 || Date.now() > deadline) return left.map((p) => `${p.pid} ${p.command}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

afterAll(() => {
  // Whatever a failed run left behind, so the next tests start clean.
  for (const p of processesOfStack()) {
    try {
      process.kill(p.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  if (start?.exitCode === null) start.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

describe("Ctrl-C on npm start", () => {
  it("stops Postgres, the gateway and every function, and nothing is started again", async () => {
    const port = await freePort();
    // Its own cluster: not the server the other tests use (DATABASE_URL would name one).
    const { DATABASE_URL: _db, STACK_URL: _stack, ...env } = process.env;
    // Detached: a process group of its own, as a terminal gives the command it runs.
    start = spawn(process.execPath, ["--import", "tsx", join("local-stack", "start.ts")], {
      cwd: root,
      detached: true,
      env: { ...env, PORT: String(port), LOCAL_STACK_DIR: dataDir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const started = start;
    let output = "";
    const exited = new Promise<number | null>((resolve) => started.once("exit", (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      const collect = (chunk: Buffer) => {
        output += chunk.toString();
        if (/^Ready: /m.test(output)) resolve();
      };
      started.stdout?.on("data", collect);
      started.stderr?.on("data", collect);
      void exited.then((code) => reject(new Error(`npm start exited (${code}) before it was ready:\n${output}`)));
    });

    const before = [
      ...new Map([...descendantsOf(started.pid!), ...processesOfStack()].map((p) => [p.pid, p])).values(),
    ];
    // What the stack runs: four Deno functions and a Postgres server (its own session, so not below).
    expect(before.filter((p) => p.command.includes("deno run"))).toHaveLength(4);
    expect(before.some((p) => p.command.includes(join(dataDir, "postgres")))).toBe(true);

    process.kill(-started.pid!, "SIGINT");
    expect(await exited).toBe(0);

    // Some end just after `npm start` does (tsx's esbuild service sees its stdin close).
    expect(await leftOver(() => before.filter((p) => isRunning(p.pid)))).toEqual([]);
    expect(await leftOver(processesOfStack)).toEqual([]);
    expect(output).not.toContain("restarting it");
  }, 180_000);
});
