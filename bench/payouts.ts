// `npm run bench:payouts -- [largest]`: the payout screens over a growing ledger. One fresh local
// stack's demo influencer and demo business (the shop) get 100, 1,000, 10,000 and 100,000 ledger
// entries each (default largest 100000; a smaller one, e.g. 10000, stops there), grown step by
// step on the same stack. Every entry comes from the real posting path: orders are written by SQL
// as out_for_delivery (as bench/seed-orders.ts does) and an approved admin moves them with
// public.change_order_status, in batches on the server. The shop's orders all go through the
// influencer, who also sells for a second shop, so the influencer (1 entry per delivery) and the
// shop (2: gross and fee) grow together. Each step delivers in chunks: a few percent reverted
// (a third of those delivered again), 2% of the orders held for review, each chunk dated back
// past the holding period (the only write outside the posting path: the transactions' created_at,
// as the pgTAP test commission_hold.test.sql does, with the delivery times the running balances
// keep) and all but the last paid out (both users
// request with a holding period of 0, the admin completes both, the period is 7 days again);
// then a few paid deliveries come back (owed) and the rest is delivered now (pending). So the
// summary has available, pending, held and owed money; its figures are printed at each size, and
// the random picks are seeded, so two runs pay, revert and hold the same orders by position. At
// each size it prints p50/p95/p99 (up to 200 calls, at most 15 s of them, after one untimed call)
// through the gateway and the api function of GET /payouts/summary and GET /payouts/history (the
// first page, and the page its next_cursor names when there is one) for both users, then the
// growth of each p95 from 1,000 entries to the largest size. A benchmark, not a test: it asserts
// nothing beyond the seeding succeeding; failed calls are counted and printed with their status.
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { freePort } from "../local-stack/free-port.ts";
import { startStack } from "../local-stack/stack.ts";

const largest = Number(process.argv[2] ?? 100_000);
const sizes = [100, 1000, 10_000, 100_000].filter((size) => size < largest).concat(largest);
const maxSamples = 200;
const maxSampleMs = 15_000;
const batchSize = 2000;
/** Payouts requested and completed per step, for each user (the 100,000 step's pass 50 requests). */
const payoutsPerStep = [1, 2, 5, 45];
const influencerId = "00000000-0000-4000-8000-00000000a001";
const businessId = "00000000-0000-4000-8000-00000000b001";
const users = [
  { label: "influencer", id: influencerId, email: "influencer@example.com", password: "Demo1234!" },
  { label: "shop", id: businessId, email: "business@example.com", password: "Demo1234!" },
] as const;
const admin = { email: "admin@example.com", password: "Admin123!" };

const dataDir = mkdtempSync(join(tmpdir(), "marketplace-bench-"));
chmodSync(dataDir, 0o755);
const stack = await startStack({ port: await freePort(), dataDir, admin });
const sql = postgres(stack.adminDatabaseUrl, { max: 4, onnotice: () => {} });

interface Result {
  user: string;
  path: string;
  size: number;
  entries: number;
  latencies: number[];
  failures: string[];
}
const results: Result[] = [];

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

async function login(email: string, password: string): Promise<string> {
  const res = await fetch(`${stack.url}/functions/v1/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  return ((await res.json()) as { token: string }).token;
}

async function get(path: string, token: string) {
  const started = performance.now();
  const res = await fetch(`${stack.url}/functions/v1/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  const ms = performance.now() - started;
  let body: { next_cursor?: string | null; error?: string; summary?: Record<string, unknown> } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // a gateway's non-JSON error page: the status says enough
  }
  return { ms, ok: res.ok, status: res.status, body };
}

/** Runs `work` as an approved user of the database (role authenticated, the user's claims). */
async function asUser<T>(userId: string, work: (tx: postgres.TransactionSql) => Promise<T>): Promise<T> {
  return (await sql.begin(async (tx) => {
    await tx`select set_config('role', 'authenticated', true),
                    set_config('request.jwt.claims', ${JSON.stringify({ sub: userId, role: "authenticated", aud: "authenticated" })}, true)`;
    return await work(tx);
  })) as T;
}

let adminId = "";

/** Moves the orders to `status` through public.change_order_status as the admin, in batches. */
const phases = { moves: 0, payouts: 0 };

async function move(orderIds: string[], status: "delivered" | "out_for_delivery") {
  const started = performance.now();
  for (let start = 0; start < orderIds.length; start += batchSize) {
    const batch = orderIds.slice(start, start + batchSize);
    await asUser(
      adminId,
      (tx) => tx`select count(public.change_order_status(id, ${status}, 'bench')) from unnest(${batch}::uuid[]) id`,
    );
  }
  phases.moves += performance.now() - started;
}

/** New out_for_delivery orders of `campaignId` (through the influencer); `held` of them held for review. */
async function placeOrders(campaignId: string, count: number, held: number): Promise<string[]> {
  if (count <= 0) return [];
  const rows = await sql<{ id: string }[]>`
    insert into public.orders (campaign_id, affiliate_link_id, business_id, influencer_id, product_name, unit_price_cents,
      commission_rate, quantity, delivery_fee_cents, delivery_district, delivery_commune, delivery_commune_code, status,
      review_status)
    select c.id, l.id, c.business_id, ${influencerId}, c.product_name, c.price_cents, c.commission_rate, 1 + g % 3, 150,
           'Tuol Kouk', 'Boeng Kak Ti Muoy', '120407', 'out_for_delivery',
           case when g <= ${held} then 'held'::public.order_review_status end
    from public.campaigns c join public.affiliate_links l on l.campaign_id = c.id and l.influencer_id = ${influencerId}
    cross join generate_series(1, ${count}) g
    where c.id = ${campaignId}
    returning id`;
  const ids = rows.map((row) => row.id);
  await sql`
    insert into public.order_status_history (order_id, from_status, to_status, note)
    select id, null, 'new_order', 'Order placed at checkout' from unnest(${ids}::uuid[]) id`;
  return ids;
}

async function entryCounts(): Promise<{ influencer: number; shop: number }> {
  const rows = await sql<{ user_id: string; entries: number }[]>`
    select a.user_id, count(*)::int as entries from public.ledger_entries e
    join public.ledger_accounts a on a.id = e.account_id
    where a.user_id in (${influencerId}, ${businessId}) group by a.user_id`;
  const of = (id: string) => rows.find((row) => row.user_id === id)?.entries ?? 0;
  return { influencer: of(influencerId), shop: of(businessId) };
}

/** Both users request everything available (no holding period for that moment); the admin pays both. */
async function payBoth(reference: string) {
  const started = performance.now();
  await sql`update public.marketplace_settings set commission_hold_days = 0 where id`;
  for (const user of users) {
    await asUser(user.id, (tx) => tx`select public.request_payout()`);
    await asUser(adminId, (tx) => tx`select public.complete_payouts(${user.id}, ${`${reference}-${user.label}`})`);
  }
  await sql`update public.marketplace_settings set commission_hold_days = 7 where id`;
  phases.payouts += performance.now() - started;
}

/** A seeded generator (mulberry32), so two runs revert, hold and pay the same orders by position. */
let seed = 20_261_126;
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

/** `count` items picked at random (and removed) from `items`. */
function pick<T>(items: T[], count: number): T[] {
  return shuffle(items).splice(0, Math.max(0, Math.min(items.length, Math.round(count))));
}

const payoutsOf = (step: number) => payoutsPerStep[Math.min(step, payoutsPerStep.length - 1)];
/** Chunks of deliveries over the whole run: each step's payouts, and one left unpaid. */
const chunks = sizes.reduce((sum, _size, step) => sum + payoutsOf(step) + 1, 0);
let chunksAged = 0;
let agedUpTo = 0;

/**
 * Dates the delivery and reversal transactions posted since the last call back in time, as if
 * posted over months: chunk k of the run 8 + 2 * (chunks - 1 - k) days ago, so the last one is
 * past the 7-day holding period. The ledger is append-only, so its guard is lifted for this update
 * only (as the pgTAP test commission_hold.test.sql does); the entries stay as posted.
 */
async function age() {
  const days = 8 + 2 * (chunks - 1 - chunksAged++);
  await sql.begin(async (tx) => {
    await tx`alter table public.ledger_transactions disable trigger ledger_transactions_append_only`;
    const [{ last }] = await tx<{ last: string }[]>`
      select coalesce(max(id), 0)::text as last from public.ledger_transactions`;
    await tx`
      update public.ledger_transactions set created_at = created_at - make_interval(days => ${days})
      where id > ${agedUpTo} and id <= ${last} and kind <> 'payout'`;
    await tx`alter table public.ledger_transactions enable trigger ledger_transactions_append_only`;
    // The running balances (where the schema has them) keep each earning's delivery time as the
    // posting wrote it: move those of the aged transactions too, and sum the hours of the accounts
    // they are on afresh from their unrequested earnings (a few thousand rows, not the ledger).
    const [{ kept }] = await tx<{ kept: boolean }[]>`
      select to_regclass('private.unrequested_earnings') is not null as kept`;
    if (kept) {
      const accounts = await tx<{ account_id: number }[]>`
        update private.unrequested_earnings u set earned_at = coalesce(d.created_at, t.created_at)
        from public.ledger_transactions t
        left join public.ledger_transactions d on d.id = t.reverses_transaction_id
        where t.id = u.transaction_id and u.transaction_id > ${agedUpTo} and u.transaction_id <= ${last}
        returning u.account_id`;
      const touched = [...new Set(accounts.map((row) => row.account_id))];
      await tx`delete from private.unrequested_earning_hours where account_id = any(${touched}::bigint[])`;
      await tx`
        insert into private.unrequested_earning_hours (account_id, held, earned_hour, amount_cents)
        select u.account_id, private.held_for_review(u.line, o.review_status), private.earning_hour(u.earned_at),
               sum(u.amount_cents)
        from private.unrequested_earnings u join public.orders o on o.id = u.order_id
        where u.account_id = any(${touched}::bigint[])
        group by 1, 2, 3 having sum(u.amount_cents) <> 0`;
    }
    agedUpTo = Number(last);
  });
}

/** Grows both ledgers to about `target` entries each. */
async function grow(step: number, target: number, shopCampaign: string, otherCampaign: string) {
  const started = performance.now();
  phases.moves = phases.payouts = 0;
  // Deliveries and reversals per order placed: 1 + 3% reverted + 1% delivered again.
  const perOrder = 1.04;
  const before = await entryCounts();
  // 90% of the way in chunks of deliveries (a few reverted, some of those delivered again), each
  // aged past the holding period and all but the last paid out to both users; then a few paid
  // deliveries come back (owed), and the rest is delivered now, inside the holding period.
  const shopOrders = Math.floor(((target - before.shop) * 0.9) / 2 / perOrder);
  const otherOrders = Math.max(0, Math.floor(((target - before.influencer) * 0.9) / perOrder) - shopOrders);
  const fresh = shuffle([
    ...(await placeOrders(shopCampaign, shopOrders, Math.round(shopOrders * 0.02))),
    ...(await placeOrders(otherCampaign, otherOrders, Math.round(otherOrders * 0.02))),
  ]);
  const payouts = payoutsOf(step);
  const chunk = Math.ceil(fresh.length / (payouts + 1));
  const paid: string[] = [];
  for (let n = 0; n <= payouts; n++) {
    const ids = fresh.slice(n * chunk, (n + 1) * chunk);
    await move(ids, "delivered");
    const delivered = [...ids];
    const reverted = pick(delivered, ids.length * 0.03);
    await move(reverted, "out_for_delivery");
    const again = reverted.slice(0, Math.round(reverted.length / 3));
    await move(again, "delivered");
    await age();
    if (n === payouts) break;
    paid.push(...delivered, ...again);
    await payBoth(`ABA-BENCH-${target}-${n + 1}`);
  }
  // Deliveries that come back after they were paid: their reversals are available at once, owed.
  await move(pick(paid, paid.length * 0.005), "out_for_delivery");
  // The rest, exactly: delivered inside the holding period, so pending (or held for review).
  const now = await entryCounts();
  const shopRest = Math.max(0, Math.floor((target - now.shop) / 2));
  const otherRest = Math.max(0, target - now.influencer - shopRest);
  await move(
    shuffle([
      ...(await placeOrders(shopCampaign, shopRest, Math.round(shopRest * 0.02))),
      ...(await placeOrders(otherCampaign, otherRest, Math.round(otherRest * 0.02))),
    ]),
    "delivered",
  );
  await sql`vacuum analyze`;
  // The local Realtime stand-in decodes every row from the WAL; measure after it caught up, as a
  // hosted project's Realtime would run elsewhere (as bench/seed-orders.ts does).
  // It shares this process's event loop with the gateway, so measuring while it still decodes
  // would time its backlog, not the API.
  const catchingUp = performance.now();
  for (const giveUp = Date.now() + 900_000; Date.now() < giveUp;) {
    const [{ behind }] = await sql<{ behind: boolean }[]>`
      select coalesce(bool_or(confirmed_flush_lsn < pg_current_wal_lsn()), false) as behind
      from pg_replication_slots where slot_type = 'logical'`;
    if (!behind) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const caughtUpIn = seconds(catchingUp);
  const after = await entryCounts();
  const [{ requests }] = await sql<{ requests: number }[]>`
    select count(*)::int as requests from public.payout_requests where user_id = ${influencerId}`;
  console.log(
    `step ${target}: seeded in ${seconds(started)} s; entries: influencer ${after.influencer}, shop ${after.shop}; ` +
      `${requests} payouts each (status changes ${(phases.moves / 1000).toFixed(1)} s, ` +
      `payout requests and completions ${(phases.payouts / 1000).toFixed(1)} s; Realtime caught up in ${caughtUpIn} s)`,
  );
  return after;
}

function pct(sorted: number[], p: number) {
  return sorted.length === 0
    ? "-"
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(1);
}

/** Up to `maxSamples` calls of `path`, stopping once `maxSampleMs` were spent, after one untimed call. */
async function measure(user: string, path: string, size: number, entries: number, token: string) {
  const loadAtStart = load();
  await get(path, token);
  const latencies: number[] = [];
  const failures: string[] = [];
  const started = performance.now();
  for (let i = 0; i < maxSamples && performance.now() - started < maxSampleMs; i++) {
    const { ms, ok, status, body } = await get(path, token);
    if (ok) latencies.push(ms);
    else failures.push(`HTTP ${status} after ${ms.toFixed(0)} ms${body.error ? ` (${body.error})` : ""}`);
  }
  latencies.sort((a, b) => a - b);
  results.push({ user, path: path.replace(/cursor=.*/, "cursor=<next_cursor>"), size, entries, latencies, failures });
  console.log(
    `  ${user} ${path.replace(/cursor=.*/, "cursor=<next_cursor>")} @ ${size} (${entries} entries): ` +
      `n ${latencies.length}, p50 ${pct(latencies, 50)} ms, p95 ${pct(latencies, 95)} ms, p99 ${pct(latencies, 99)} ms, ` +
      `failures ${failures.length}; load ${loadAtStart}`,
  );
  for (const failure of failures) console.log(`    ${failure}`);
}

const runStarted = performance.now();
try {
  [{ id: adminId }] = await sql<{ id: string }[]>`select id from public.users where email = ${admin.email}`;
  // A second shop the influencer sells for, so the influencer's ledger grows as fast as the shop's.
  const [other] = await sql<{ id: string }[]>`
    insert into public.users (email, user_type, status, business_name, decided_at)
    values ('bench-payouts-shop@example.com', 'business', 'approved', 'Bench Payouts Shop', now()) returning id`;
  const campaignIds: string[] = [];
  for (const [shopId, name] of [
    [businessId, "Bench payouts product"],
    [other.id, "Bench payouts product of another shop"],
  ]) {
    const [campaign] = await sql<{ id: string }[]>`
      insert into public.campaigns (business_id, product_name, price_cents, commission_rate, description, image_urls)
      values (${shopId}, ${name}, 1999, 0.1, 'Bench', ${["https://example.com/p.png"]}) returning id`;
    await sql`
      insert into public.affiliate_links (influencer_id, campaign_id, status, decided_at)
      values (${influencerId}, ${campaign.id}, 'approved', now())`;
    campaignIds.push(campaign.id);
  }
  await sql`
    update public.users set bank_name = 'ABA Bank', account_name = 'Bench', account_number = '000123456'
    where id in (${influencerId}, ${businessId})`;

  for (const [step, size] of sizes.entries()) {
    const entries = await grow(step, size, campaignIds[0], campaignIds[1]);
    // Where the schema keeps running balances, they must still equal the entries after the seeding
    // (the aging above included).
    const [{ kept }] = await sql<{ kept: boolean }[]>`
      select to_regprocedure('private.running_balance_differences()') is not null as kept`;
    if (kept) {
      const differences = await sql`select * from private.running_balance_differences()`;
      console.log(`  running balances that differ from the entries: ${differences.length}`);
    }
    for (const user of users) {
      const token = await login(user.email, user.password);
      const count = user.label === "influencer" ? entries.influencer : entries.shop;
      const { body, status } = await get("/payouts/summary", token);
      const figures = Object.entries(body.summary ?? { [`HTTP ${status}_cents`]: body.error ?? "" })
        .filter(([key]) => key.endsWith("_cents"))
        .map(([key, value]) => `${key.replace(/_cents$/, "")} ${String(value)}`);
      console.log(`  ${user.label} summary (cents): ${figures.join(", ")}`);
      await measure(user.label, "/payouts/summary", size, count, token);
      await measure(user.label, "/payouts/history", size, count, token);
      const first = await get("/payouts/history", token);
      if (first.body.next_cursor) {
        await measure(user.label, `/payouts/history?cursor=${first.body.next_cursor}`, size, count, token);
      }
    }
  }

  const from = sizes.includes(1000) ? 1000 : sizes[0];
  console.log(`growth of p95 from ${from} to ${largest} entries:`);
  for (const user of users) {
    for (const path of new Set(results.filter((r) => r.user === user.label).map((r) => r.path))) {
      const at = (size: number) => results.find((r) => r.user === user.label && r.path === path && r.size === size);
      const low = at(from);
      const high = at(largest);
      const p95 = (r?: Result) => (r && r.latencies.length > 0 ? Number(pct(r.latencies, 95)) : null);
      const [a, b] = [p95(low), p95(high)];
      const growth =
        !low || !high
          ? `n/a (not measured at ${low ? largest : from} entries: no next_cursor there)`
          : a === null || b === null
            ? "n/a (no successful call at one of the sizes)"
            : `x${(b / a).toFixed(1)} (${a} ms -> ${b} ms)`;
      console.log(`  ${user.label} ${path}: ${growth}`);
    }
  }
  const failed = results.reduce((sum, r) => sum + r.failures.length, 0);
  console.log(`failures ${failed}; whole run ${seconds(runStarted)} s`);
} finally {
  await sql.end();
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
