// What the benches measure with, beside their own requests: CPU time of the stack's processes, read
// from /proc by PID (so other processes on the machine never count), and latency percentiles.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const TICKS_PER_MS = 100 / 1000;

/** A process's utime, stime, cutime, cstime (ms) and parent, or undefined once it has ended. */
export function procStat(pid: number): { own: number; children: number; ppid: number } | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // After the command name: state, ppid, ..., utime (11), stime (12), cutime (13), cstime (14).
  return {
    ppid: Number(fields[1]),
    own: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_MS,
    children: (Number(fields[13]) + Number(fields[14])) / TICKS_PER_MS,
  };
}

/**
 * CPU ms used so far by a process and every process under it: their own time, and the time of
 * those that ended (their parent reaped them into its cutime/cstime).
 */
export function treeCpuMs(root: number | undefined): number {
  if (!root) return 0;
  const parents = new Map<number, number>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const stat = procStat(Number(name));
    if (stat) parents.set(Number(name), stat.ppid);
  }
  let sum = 0;
  const queue = [root];
  while (queue.length) {
    const pid = queue.pop()!;
    const stat = procStat(pid);
    if (!stat) continue;
    sum += stat.own + stat.children;
    for (const [child, parent] of parents) if (parent === pid) queue.push(child);
  }
  return sum;
}

/** This Node process's CPU ms, and that of the children it reaped (pgbench). */
export function selfCpuMs(): { own: number; children: number } {
  const stat = procStat(process.pid)!;
  return { own: stat.own, children: stat.children };
}

export function percentiles(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(1);
  return `p50 ${pct(50)} ms, p95 ${pct(95)} ms, p99 ${pct(99)} ms, max ${sorted.at(-1)?.toFixed(1)} ms`;
}

/** The PID of the postmaster of a stack started with `dataDir` (its postmaster.pid). */
export function postmasterPidOf(dataDir: string): number {
  return Number(readFileSync(join(dataDir, "postgres", "pgdata", "postmaster.pid"), "utf8").split("\n")[0]);
}
