// `npm run bench:ledger -- [orders] [concurrency]`: the cost of the ledger against a fresh local
// stack (through the gateway, the api function and Postgres). N orders of the demo influencer
// are moved to delivered by C admin clients at once; it prints the latency of a status change
// that posts nothing (ready, out for delivery) beside one that posts the delivery transaction,
// then of reading the payout summary over that ledger, requesting a payout of all N deliveries
// and completing it. A benchmark, not a test: it asserts nothing beyond every call succeeding.
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { freePort } from "../local-stack/free-port.ts";
import { startStack } from "../local-stack/stack.ts";

const total = Number(process.argv[2] ?? 1000);
const concurrency = Number(process.argv[3] ?? 16);
const influencerId = "00000000-0000-4000-8000-00000000a001";
const businessId = "00000000-0000-4000-8000-00000000b001";
const admin = { email: "admin@example.com", password: "Admin123!" };

const dataDir = mkdtempSync(join(tmpdir(), "marketplace-bench-"));
chmodSync(dataDir, 0o755);
const stack = await startStack({ port: await freePort(), dataDir, admin });
const sql = postgres(stack.databaseUrl, { max: 4, onnotice: () => {} });
let failures = 0;

async function call(method: string, path: string, token: string, body?: unknown): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${stack.url}/functions/v1/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await res.arrayBuffer();
  if (!res.ok) failures++;
  return performance.now() - started;
}

async function login(email: string, password: string): Promise<string> {
  const res = await fetch(`${stack.url}/functions/v1/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  return ((await res.json()) as { token: string }).token;
}

function report(label: string, latencies: number[]) {
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(1);
  console.log(`  ${label}: n ${latencies.length}, p50 ${pct(50)} ms, p95 ${pct(95)} ms, p99 ${pct(99)} ms`);
}

try {
  // The deliveries are requested at once below: no holding period on this throwaway stack.
  await sql`update public.marketplace_settings set commission_hold_days = 0 where id`;
  const [campaign] = await sql<{ id: string }[]>`
    insert into public.campaigns (business_id, product_name, price_cents, commission_rate, image_urls)
    values (${businessId}, 'Bench product', 1999, 0.333, ${["https://example.com/p.png"]}) returning id`;
  await sql`insert into public.affiliate_links (influencer_id, campaign_id, status) values (${influencerId}, ${campaign.id}, 'approved')`;
  const orderIds: string[] = [];
  for (let n = 0; n < total; n++) {
    const [order] = await sql<{ id: string }[]>`select id from private.place_order(${influencerId}, ${campaign.id},
      ${`+8551${String(20_000_000 + n)}`}, 'Tuol Kouk', 'Boeng Kak Ti Muoy', ${1 + (n % 3)}, ${`bench-${n}`},
      null, 'Bench Customer', 'House 1, Street 2')`;
    orderIds.push(order.id);
  }
  const adminToken = await login(admin.email, admin.password);
  const influencerToken = await login("influencer@example.com", "Demo1234!");

  const plain: number[] = [];
  const posting: number[] = [];
  let next = 0;
  async function client() {
    while (next < orderIds.length) {
      const id = orderIds[next++];
      plain.push(await call("PUT", `/admin/orders/${id}/status`, adminToken, { new_status: "ready_for_pickup" }));
      plain.push(await call("PUT", `/admin/orders/${id}/status`, adminToken, { new_status: "out_for_delivery" }));
      posting.push(await call("PUT", `/admin/orders/${id}/status`, adminToken, { new_status: "delivered" }));
    }
  }
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, client));
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `ledger: ${total} orders delivered by ${concurrency} admin clients in ${seconds.toFixed(2)} s (${((3 * total) / seconds).toFixed(1)} status changes/s)`,
  );
  report("status change without posting", plain);
  report("status change to delivered, posting 5 entries", posting);

  const summary: number[] = [];
  for (let i = 0; i < 50; i++) summary.push(await call("GET", "/payouts/summary", influencerToken));
  report(`GET /payouts/summary over ${total} deliveries`, summary);
  await sql`update public.users set bank_name = 'ABA Bank', account_name = 'Bench', account_number = '1' where id = ${influencerId}`;
  report(`POST /payouts/request covering ${total} entries`, [await call("POST", "/payouts/request", influencerToken)]);
  report("PUT /payouts/admin/complete", [
    await call("PUT", `/payouts/admin/complete/${influencerId}`, adminToken, { aba_reference: "ABA-BENCH" }),
  ]);
  console.log(`  failures ${failures}`);
  if (failures > 0) process.exitCode = 1;
} finally {
  await sql.end();
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
