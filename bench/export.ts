// `npm run bench:export -- [orders] [runs]`: the CSV exports at scale (issue 22). A fresh local
// stack gets 100,000 orders (default, seeded as bench:board seeds them), then the admin's export
// (every order with its customer's phone) and the demo influencer's (the same orders, no phones)
// are downloaded through the gateway `runs` times each (default 2: the first warms the function's
// JIT). For each it prints the rows and rows/s, and what the api function's Deno process spent: CPU time (utime + stime
// from /proc/<pid>/stat) and memory (VmRSS sampled every 10 ms and VmHWM, from
// /proc/<pid>/status). Hosted Supabase gives a request 2 s of CPU and a worker 256 MB. A
// benchmark, not a test: it asserts only that each export is complete.
import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { freePort } from "../local-stack/free-port.ts";
import { startStack } from "../local-stack/stack.ts";
import { seedOrders } from "./seed-orders.ts";

const totalOrders = Number(process.argv[2] ?? 100_000);
const runs = Number(process.argv[3] ?? 2);
const admin = { email: "admin@example.com", password: "Admin123!" };
/** Linux's USER_HZ: /proc reports CPU time in these ticks. */
const TICKS_PER_SECOND = 100;

const dataDir = mkdtempSync(join(tmpdir(), "marketplace-bench-"));
chmodSync(dataDir, 0o755);
const stack = await startStack({ port: await freePort(), dataDir, admin });
const sql = postgres(stack.adminDatabaseUrl, { max: 8, onnotice: () => {} });
let failures = 0;

async function login(email: string, password: string): Promise<string> {
  const res = await fetch(`${stack.url}/functions/v1/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  return ((await res.json()) as { token: string }).token;
}

/** CPU milliseconds the process has used so far (user + system). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command name.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** A memory figure of /proc/<pid>/status in MB (VmRSS now, VmHWM the peak so far). */
function memoryMb(pid: number, field: "VmRSS" | "VmHWM"): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) / 1024 : NaN;
}

/** Downloads one export, counting its lines as they arrive, and what the function spent on it. */
async function measure(label: string, path: string, token: string, expectedRows: number) {
  const pid = stack.api.pid();
  if (!pid) throw new Error("the api function is not running");
  const rssBefore = memoryMb(pid, "VmRSS");
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, memoryMb(pid, "VmRSS"))), 10);
  const cpuBefore = cpuMs(pid);
  const started = performance.now();
  const res = await fetch(`${stack.url}/functions/v1/api${path}`, {
    headers: { authorization: `Bearer ${token}`, "accept-encoding": "identity" },
  });
  let lines = 0;
  let bytes = 0;
  let firstByteMs = 0;
  const reader = res.body!.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    const part = read.value;
    if (!firstByteMs) firstByteMs = performance.now() - started;
    bytes += part.length;
    for (const byte of part) if (byte === 10) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuMs(pid) - cpuBefore;
  clearInterval(sampler);
  rssPeak = Math.max(rssPeak, memoryMb(pid, "VmRSS"));
  const rows = lines - 1; // the header
  if (res.status !== 200 || rows !== expectedRows) {
    failures++;
    console.error(`  ${label}: status ${res.status}, ${rows} rows of ${expectedRows}`);
  }
  console.log(
    `  ${label}: ${rows} rows, ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s ` +
      `(first byte ${firstByteMs.toFixed(0)} ms) = ${Math.round(rows / seconds)} rows/s; ` +
      `function CPU ${cpu.toFixed(0)} ms (${((cpu / rows) * 1000).toFixed(1)} µs a row); ` +
      `RSS ${rssBefore.toFixed(0)} MB before, peak ${rssPeak.toFixed(0)} MB (VmHWM ${memoryMb(pid, "VmHWM").toFixed(0)} MB)`,
  );
}

try {
  await seedOrders(sql, totalOrders);
  const adminToken = await login(admin.email, admin.password);
  // The demo influencer's links brought every seeded order: its export is the same rows without phones.
  const influencerToken = await login("influencer@example.com", "Demo1234!");
  for (let run = 1; run <= runs; run++) {
    await measure(`run ${run} GET /admin/orders/export`, "/admin/orders/export", adminToken, totalOrders);
    await measure(`run ${run} GET /orders/export (the influencer)`, "/orders/export", influencerToken, totalOrders);
  }
  console.log(`  failures ${failures}`);
  if (failures > 0) process.exitCode = 1;
} finally {
  await sql.end();
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
