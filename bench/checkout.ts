// `npm run bench:checkout -- [orders] [concurrency]`: places N checkout orders at a given
// concurrency against a fresh local stack (through the gateway, the api function and Postgres)
// and prints orders/s and latency percentiles. A benchmark, not a test: it asserts nothing
// beyond every order being accepted.
//
// Each simulated customer has its own phone number and its own loopback address (127.0.0.x),
// as real customers would, so the per-phone and per-address checkout limits do not apply.
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { Agent, request } from "node:http";
import { freePort } from "../local-stack/free-port.ts";
import { startStack } from "../local-stack/stack.ts";

const total = Number(process.argv[2] ?? 500);
const concurrency = Number(process.argv[3] ?? 16);
const influencerId = "00000000-0000-4000-8000-00000000a001";
const businessId = "00000000-0000-4000-8000-00000000b001";

/** CPU seconds used so far by this machine's processes, summed per program name (deno, postgres, node). */
function cpuSecondsByProgram(): Map<string, number> {
  const ticksPerSecond = 100; // USER_HZ, 100 on Linux
  const totals = new Map<string, number>();
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue;
    } // ended meanwhile
    const program = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const seconds = (Number(fields[11]) + Number(fields[12])) / ticksPerSecond; // utime + stime
    totals.set(program, (totals.get(program) ?? 0) + seconds);
  }
  return totals;
}

const dataDir = mkdtempSync(join(tmpdir(), "marketplace-bench-"));
chmodSync(dataDir, 0o755);
const stack = await startStack({
  port: await freePort(),
  dataDir,
  admin: { email: "admin@example.com", password: "Admin123!" },
});
try {
  const sql = postgres(stack.databaseUrl, { max: 1, onnotice: () => {} });
  const [campaign] = await sql<{ id: string }[]>`
    insert into public.campaigns (business_id, product_name, price_cents, commission_rate, image_urls)
    values (${businessId}, 'Bench product', 1250, 0.15, ${["https://example.com/p.png"]}) returning id`;
  await sql`insert into public.affiliate_links (influencer_id, campaign_id, status) values (${influencerId}, ${campaign.id}, 'approved')`;
  await sql.end();

  // One keep-alive connection pool per source address (a customer's phone).
  const agents = Array.from({ length: 200 }, () => new Agent({ keepAlive: true }));
  const target = new URL(`${stack.url}/functions/v1/api/checkout/order`);

  function post(body: string, n: number): Promise<number> {
    return new Promise((resolve, reject) => {
      const req = request(
        {
          hostname: target.hostname,
          port: target.port,
          path: target.pathname,
          method: "POST",
          headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
          agent: agents[n % agents.length],
          localAddress: `127.0.0.${(n % agents.length) + 2}`,
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  }
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;

  async function customer() {
    while (next < total) {
      const n = next++;
      const body = JSON.stringify({
        influencer_id: influencerId,
        product_id: campaign.id,
        customer_phone: `+8551${String(20_000_000 + n)}`,
        delivery_district: "Tuol Kouk",
        delivery_commune: "Boeng Kak Muoy",
        quantity: 1 + (n % 3),
      });
      const started = performance.now();
      const status = await post(body, n);
      latencies.push(performance.now() - started);
      if (status !== 201) failures++;
    }
  }

  const cpuBefore = cpuSecondsByProgram();
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, customer));
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = cpuSecondsByProgram();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(1);
  console.log(`checkout: ${total} orders at concurrency ${concurrency} in ${seconds.toFixed(2)} s`);
  console.log(`  throughput ${(total / seconds).toFixed(1)} orders/s, failures ${failures}`);
  console.log(
    `  latency p50 ${pct(50)} ms, p95 ${pct(95)} ms, p99 ${pct(99)} ms, max ${latencies.at(-1)?.toFixed(1)} ms`,
  );
  // CPU per order is steadier than throughput on a shared machine, and says where time goes. The
  // node figure includes this script's own HTTP client besides the gateway.
  const perOrder = ["deno", "postgres", "node"].map(
    (program) =>
      `${program} ${((((cpuAfter.get(program) ?? 0) - (cpuBefore.get(program) ?? 0)) * 1000) / total).toFixed(2)}`,
  );
  console.log(`  CPU ms per order: ${perOrder.join(", ")}`);
  for (const agent of agents) agent.destroy();
  if (failures > 0) process.exitCode = 1;
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
