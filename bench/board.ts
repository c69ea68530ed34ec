// `npm run bench:board -- [largest] [requests]`: the boards at scale (issue 15, issue 24). A fresh
// local stack gets its orders through the real triggers (bench/seed-orders.ts: placed as the
// checkout places them, then part of them moved on by the admin, in sets of 1,000), across 200
// shops: 10,000 first, then the same database grows to 100,000 and 1,000,000 (or up to `largest`,
// default 1,000,000), and after each step the running balances and counters are checked against
// the entries and orders. At each size it prints p50/p95/p99 through the gateway and the api
// function for: the admin's first page, a deep page (reached by following next_cursor 100 pages
// down, and one near the end of the set), a search by 4 phone digits and by order number, a status
// filter, a business's own list, and the stats summaries (a business's and the admin's). A
// benchmark, not a test: it asserts nothing beyond every call succeeding. Aim: p99 under 50 ms
// each.
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { freePort } from "../local-stack/free-port.ts";
import { startStack } from "../local-stack/stack.ts";
import { encodeCursor } from "../supabase/functions/_shared/contract/paging.ts";
import { seedOrders } from "./seed-orders.ts";

const largest = Number(process.argv[2] ?? 1_000_000);
const sizes = [10_000, 100_000, 1_000_000].filter((size) => size < largest).concat(largest);
const requests = Number(process.argv[3] ?? 200);
const admin = { email: "admin@example.com", password: "Admin123!" };

const dataDir = mkdtempSync(join(tmpdir(), "marketplace-bench-"));
chmodSync(dataDir, 0o755);
const stack = await startStack({ port: await freePort(), dataDir, admin });
const sql = postgres(stack.adminDatabaseUrl, { max: 8, onnotice: () => {} });
let failures = 0;

async function get(path: string, token: string): Promise<{ ms: number; body: { next_cursor?: string | null } }> {
  const started = performance.now();
  const res = await fetch(`${stack.url}/functions/v1/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.json();
  const ms = performance.now() - started;
  if (!res.ok) {
    failures++;
    console.error(`  ${path}: ${res.status} ${JSON.stringify(body)}`);
  }
  return { ms, body };
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

/** `requests` timed calls of `path(i)`, after a few untimed ones that warm the connections. */
async function measure(label: string, token: string, path: (i: number) => string) {
  for (let i = 0; i < 10; i++) await get(path(i), token);
  const latencies: number[] = [];
  for (let i = 0; i < requests; i++) latencies.push((await get(path(i), token)).ms);
  report(label, latencies);
}

async function measureAll(totalOrders: number, adminToken: string, businessToken: string) {
  await measure("GET /admin/orders (first page of 50)", adminToken, () => "/admin/orders");

  // Page 100, reached the way a board reaches it.
  let cursor: string | null = null;
  const following: number[] = [];
  for (let page = 1; page < 100; page++) {
    const { ms, body } = await get(`/admin/orders${cursor ? `?cursor=${cursor}` : ""}`, adminToken);
    following.push(ms);
    cursor = body.next_cursor ?? null;
  }
  report("GET /admin/orders following next_cursor, pages 1-99", following);
  const page100 = cursor;
  await measure("GET /admin/orders page 100 (cursor)", adminToken, () => `/admin/orders?cursor=${page100}`);
  const [near] = await sql<{ micros: string; id: string }[]>`
    select (extract(epoch from created_at) * 1000000)::bigint::text as micros, id from public.orders
    order by created_at desc, id desc offset ${Math.floor(totalOrders * 0.9)} limit 1`;
  const deep = encodeCursor({ micros: Number(near.micros), id: near.id });
  await measure("GET /admin/orders a page 90% down (cursor)", adminToken, () => `/admin/orders?cursor=${deep}`);

  // Four digits of real customers' phones, a different run each time.
  const phones = (
    await sql<{ customer_phone: string }[]>`
      select customer_phone from private.order_contacts order by random() limit ${requests + 10}`
  ).map((row) => row.customer_phone);
  await measure("GET /admin/orders?q=<4 phone digits>", adminToken, (i) => `/admin/orders?q=${phones[i].slice(-4)}`);
  await measure(
    "GET /admin/orders?q=<order number>",
    adminToken,
    (i) => `/admin/orders?q=${1 + ((i * 7919) % totalOrders)}`,
  );
  await measure("GET /admin/orders?status=out_for_delivery", adminToken, () => "/admin/orders?status=out_for_delivery");

  await measure("GET /orders/user/all (a business, first page)", businessToken, () => "/orders/user/all");
  await measure("GET /orders/stats/summary (a business)", businessToken, () => "/orders/stats/summary");
  await measure("GET /orders/stats/summary (the admin, every order)", adminToken, () => "/orders/stats/summary");
}

try {
  console.log(
    `bench:board: sizes ${sizes.join(", ")}; loadavg at start ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  for (const size of sizes) {
    await seedOrders(sql, size);
    // Signed in after seeding: a long seed outlives a token.
    const adminToken = await login(admin.email, admin.password);
    const businessToken = await login("business@example.com", "Demo1234!");
    console.log(
      `${size} orders (loadavg ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}):`,
    );
    await measureAll(size, adminToken, businessToken);
  }
  console.log(`  failures ${failures}`);
  if (failures > 0) process.exitCode = 1;
} finally {
  await sql.end();
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
