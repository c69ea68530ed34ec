// `npm run bench:board -- [orders] [requests]`: the boards at scale (issue 15). A fresh local
// stack gets 100,000 orders (default) across 200 shops, written straight into the real tables
// by SQL (generate_series, as the superuser: the checkout's rate limit would take hours), each
// with its customer phone and its first history row. It then prints p50/p95/p99 through the
// gateway and the api function for: the admin's first page, a deep page (reached by following
// next_cursor 100 pages down, and one near the end of the set), a search by 4 phone digits, a
// business's own list, and the stats summaries. A benchmark, not a test: it asserts nothing
// beyond every call succeeding. Aim: p99 under 50 ms each.
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { freePort } from "../local-stack/free-port.ts";
import { startStack } from "../local-stack/stack.ts";
import { encodeCursor } from "../supabase/functions/_shared/contract/paging.ts";

const totalOrders = Number(process.argv[2] ?? 100_000);
const requests = Number(process.argv[3] ?? 200);
const SHOPS = 200;
const influencerId = "00000000-0000-4000-8000-00000000a001";
const demoBusinessId = "00000000-0000-4000-8000-00000000b001";
const admin = { email: "admin@example.com", password: "Admin123!" };

const dataDir = mkdtempSync(join(tmpdir(), "marketplace-bench-"));
chmodSync(dataDir, 0o755);
const stack = await startStack({ port: await freePort(), dataDir, admin });
const sql = postgres(stack.adminDatabaseUrl, { max: 4, onnotice: () => {} });
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

async function seed() {
  const started = performance.now();
  // 199 shops besides the demo business (whose login the business list uses), one campaign each,
  // each linked to the demo influencer.
  await sql`
    insert into public.users (email, user_type, status, business_name, decided_at)
    select 'bench-shop-' || n || '@example.com', 'business', 'approved', 'Bench Shop ' || n, now()
    from generate_series(2, ${SHOPS}) n`;
  await sql`
    insert into public.campaigns (business_id, product_name, price_cents, commission_rate, description, image_urls)
    select u.id, 'Bench product of ' || coalesce(u.business_name, u.email), 500 + (row_number() over (order by u.id))::int * 10,
           0.1, 'Bench', array['https://example.com/p.png']
    from public.users u where u.user_type = 'business' and (u.email like 'bench-shop-%' or u.id = ${demoBusinessId})`;
  await sql`
    insert into public.affiliate_links (influencer_id, campaign_id, status, decided_at, short_code)
    select ${influencerId}, c.id, 'approved', now(), 'B' || lpad(row_number() over (order by c.id)::text, 6, '0')
    from public.campaigns c where c.product_name like 'Bench product of %'`;
  // Orders every 7 seconds back from now, round-robin over the shops, in the order they were
  // placed (oldest first, so the order numbers rise with time).
  await sql`
    with shops as (
      select (row_number() over (order by c.id) - 1)::int as n, c.id as campaign_id, c.business_id, l.id as link_id,
             c.product_name, c.price_cents, c.commission_rate
      from public.campaigns c join public.affiliate_links l on l.campaign_id = c.id
      where c.product_name like 'Bench product of %')
    insert into public.orders (campaign_id, affiliate_link_id, business_id, influencer_id, product_name, unit_price_cents,
      commission_rate, quantity, delivery_fee_cents, delivery_district, delivery_commune, status, created_at, updated_at)
    select s.campaign_id, s.link_id, s.business_id, ${influencerId}, s.product_name, s.price_cents, s.commission_rate,
           1 + g % 3, 150, 'Tuol Kouk', 'Boeng Kak Muoy',
           (array['new_order', 'ready_for_pickup', 'out_for_delivery'])[1 + g % 3]::public.order_status,
           now() - g * interval '7 seconds', now() - g * interval '7 seconds'
    from generate_series(${totalOrders}, 1, -1) g join shops s on s.n = g % ${SHOPS}
    order by g desc`;
  await sql`
    insert into private.order_contacts (order_id, customer_phone)
    select o.id, '+8551' || lpad((abs(hashtextextended(o.id::text, 0)) % 100000000)::text, 8, '0')
    from public.orders o where o.influencer_id = ${influencerId}`;
  await sql`
    insert into public.order_status_history (order_id, from_status, to_status, note, changed_at)
    select o.id, null, 'new_order', 'Order placed at checkout', o.created_at from public.orders o
    where o.influencer_id = ${influencerId}`;
  await sql`vacuum analyze`;
  // The local Realtime stand-in decodes every seeded row from the WAL; measure after it caught up,
  // as a hosted project's Realtime would run elsewhere.
  for (const give_up = Date.now() + 120_000; Date.now() < give_up;) {
    const [{ behind }] = await sql<{ behind: boolean }[]>`
      select coalesce(bool_or(confirmed_flush_lsn < pg_current_wal_lsn()), false) as behind
      from pg_replication_slots where slot_type = 'logical'`;
    if (!behind) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  console.log(
    `board: seeded ${totalOrders} orders across ${SHOPS} shops in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

try {
  await seed();
  const adminToken = await login(admin.email, admin.password);
  const businessToken = await login("business@example.com", "Demo1234!");

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

  console.log(`  failures ${failures}`);
  if (failures > 0) process.exitCode = 1;
} finally {
  await sql.end();
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
