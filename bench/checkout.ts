// `npm run bench:checkout -- [orders] [concurrency] [pgbench seconds]`: the checkout's cost
// (issue 24), on a fresh local stack, in one sitting:
//
// 1. The API: N checkout orders (default 2000) at a concurrency (default 16) through the gateway,
//    the api function and Postgres: orders/s, latency percentiles, and CPU ms per order of the
//    stack's own processes only, found by PID: this stack's Postgres (its postmaster, from
//    postmaster.pid in the data dir, and every process under it: backends, the WAL sender of the
//    Realtime stand-in, autovacuum; exited ones count through the postmaster's cutime/cstime), the
//    api function's Deno process, the other functions' Deno processes, and this Node process (the
//    gateway, the Realtime and Storage stand-ins and this bench's own HTTP client live in it).
// 2. pgbench (/usr/bin/pgbench) running the API's exact transaction for a fixed time at the same
//    concurrency against the same database, as the same role (postgres, the function's
//    SUPABASE_DB_URL), extended protocol as postgres.js sends it: BEGIN, the settings statement of
//    withRole (supabase/functions/_shared/db.ts), the route's checkout statement
//    (supabase/functions/api/routes/checkout.ts) with no Idempotency-Key, COMMIT. Each transaction
//    has its own random phone and client address, so the rate limits let it through. Before
//    issue 24 part 4 the route sent place_order_once (which answered only order_id, replayed) and
//    then selected the order in a second statement: the script follows whichever the database has.
//    Prints both throughputs and the API's share of the database's.
// 3. A link with 100,000 orders against a new link: Postgres CPU per checkout (the backend's own
//    utime + stime, from /proc) for the same transaction sent one at a time on one connection,
//    in alternating rounds. The 100,000 orders are placed through private.place_order; on a
//    database from before the order counters (whose fraud check read every order of the link,
//    which makes placing 100,000 on one link quadratic) they are inserted straight into the tables.
//
// A benchmark, not a test: it asserts nothing beyond every order being accepted.
import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { freePort } from "../local-stack/free-port.ts";
import { startStack } from "../local-stack/stack.ts";
import { percentiles, postmasterPidOf, procStat, selfCpuMs, treeCpuMs } from "./measure.ts";

const total = Number(process.argv[2] ?? 2000);
const concurrency = Number(process.argv[3] ?? 16);
const pgbenchSeconds = Number(process.argv[4] ?? 20);
const busyLinkOrders = 100_000;
const roundCheckouts = 300;
const influencerId = "00000000-0000-4000-8000-00000000a001";
const businessId = "00000000-0000-4000-8000-00000000b001";
/** What withRole sends before the work (role, claims and statement timeout, as literals). */
const settingsStatement =
  `select set_config('role', 'service_role', true), ` +
  `set_config('request.jwt.claims', '{"role":"service_role"}', true), ` +
  `set_config('statement_timeout', '8s', true)`;
const placedColumns = `"id","order_number","product_name","quantity","unit_price_cents","delivery_fee_cents","total_cents","status","created_at"`;
/** Linux's USER_HZ: /proc reports CPU time in these ticks. */
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

console.log(`bench:checkout: loadavg at start ${load()}`);
const dataDir = mkdtempSync(join(tmpdir(), "marketplace-bench-"));
chmodSync(dataDir, 0o755);
const stack = await startStack({
  port: await freePort(),
  dataDir,
  admin: { email: "admin@example.com", password: "Admin123!" },
});
const postmasterPid = postmasterPidOf(dataDir);
const sql = postgres(stack.databaseUrl, { max: 4, onnotice: () => {} });
const admin = postgres(stack.adminDatabaseUrl, { max: 1, onnotice: () => {} });
try {
  // Whether place_order_once answers the placed order itself (issue 24 part 4) or only its id.
  const [{ result }] = await admin<{ result: string }[]>`
    select pg_get_function_result('private.place_order_once'::regproc) as result`;
  const oneStatement = result.includes("placed");
  const [{ counters }] = await admin<{ counters: boolean }[]>`
    select to_regclass('private.order_counts') is not null as counters`;
  console.log(
    `  ${stack.postgres}; the route's checkout: ${oneStatement ? "one statement (placed order answered)" : "place_order_once, then a select of the order"}`,
  );

  async function newLink(name: string): Promise<string> {
    const [campaign] = await sql<{ id: string }[]>`
      insert into public.campaigns (business_id, product_name, price_cents, commission_rate, image_urls)
      values (${businessId}, ${name}, 1250, 0.15, ${["https://example.com/p.png"]}) returning id`;
    await sql`insert into public.affiliate_links (influencer_id, campaign_id, status) values (${influencerId}, ${campaign.id}, 'approved')`;
    return campaign.id;
  }
  const campaignId = await newLink("Bench product");

  /** The route's statements for one checkout, with psql-style :variables for pgbench. */
  function checkoutScript(campaign: string, phone: string, address: string): string[] {
    const args = `NULL, '${influencerId}', '${campaign}', ${phone}, 'Tuol Kouk', 'Boeng Kak Ti Muoy', 1, ${address}, NULL, 'Bench Customer', 'House 1, Street 2'`;
    return oneStatement
      ? [
          `select ${placedColumns}, p.replayed, p.notice_queued from private.place_order_once(${args}) as p ` +
            `cross join lateral (select (p.placed).*) as o`,
        ]
      : [
          `select order_id, replayed from private.place_order_once(${args})`,
          `select ${placedColumns} from public.orders where id = $order_id`,
        ];
  }

  // 1. The API -------------------------------------------------------------------------------
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
  async function customer(count: number) {
    while (next < count) {
      const n = next++;
      const body = JSON.stringify({
        influencer_id: influencerId,
        product_id: campaignId,
        customer_phone: `+8551${String(20_000_000 + n)}`,
        delivery_district: "Tuol Kouk",
        delivery_commune: "Boeng Kak Ti Muoy",
        recipient_name: "Bench Customer",
        address_line: "House 1, Street 2",
        quantity: 1 + (n % 3),
      });
      const started = performance.now();
      const status = await post(body, n);
      latencies.push(performance.now() - started);
      if (status !== 201) failures++;
    }
  }
  // A warm-up (the function's JIT, the pool's connections), not measured.
  await Promise.all(Array.from({ length: concurrency }, () => customer(Math.min(200, total))));
  latencies.length = 0;
  const warmedUp = next;
  const parts = () => ({
    postgres: treeCpuMs(postmasterPid),
    api: treeCpuMs(stack.api.pid()),
    otherFunctions: treeCpuMs(stack.instagramWebhook.pid()) + treeCpuMs(stack.telegramWebhook.pid()),
    node: selfCpuMs().own,
  });
  const cpuBefore = parts();
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, () => customer(warmedUp + total)));
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = parts();
  for (const agent of agents) agent.destroy();
  const apiThroughput = total / seconds;
  console.log(`API: ${total} orders at concurrency ${concurrency} in ${seconds.toFixed(2)} s (loadavg ${load()})`);
  console.log(`  throughput ${apiThroughput.toFixed(1)} orders/s, failures ${failures}`);
  console.log(`  latency ${percentiles(latencies)}`);
  const perOrder = (key: keyof typeof cpuBefore) => ((cpuAfter[key] - cpuBefore[key]) / total).toFixed(2);
  console.log(
    `  CPU ms per order: postgres ${perOrder("postgres")}, api function (deno) ${perOrder("api")}, ` +
      `other functions (deno) ${perOrder("otherFunctions")}, node (gateway, realtime and storage stand-ins, ` +
      `this bench's HTTP client) ${perOrder("node")}`,
  );

  // 2. pgbench, the same transaction -----------------------------------------------------------
  const scriptDir = mkdtempSync(join(tmpdir(), "bench-checkout-"));
  const script = join(scriptDir, "checkout.sql");
  const statements = checkoutScript(campaignId, `'+8551' || :phone`, `'10.' || :a || '.' || :b || '.' || :c`);
  writeFileSync(
    script,
    [
      // 8 digits from 30000000: apart from the API's phones (20000000 on).
      `\\set phone random(30000000, 99999999)`,
      `\\set a random(0, 255)`,
      `\\set b random(0, 255)`,
      `\\set c random(0, 255)`,
      `BEGIN;`,
      `${settingsStatement};`,
      ...(oneStatement ? [`${statements[0]};`] : [`${statements[0]} \\gset`, `${statements[1]};`]).map((line) =>
        line.replace("$order_id", ":order_id"),
      ),
      `COMMIT;`,
      "",
    ].join("\n"),
  );
  const db = new URL(stack.databaseUrl);
  const pgbenchBefore = { ...parts(), client: selfCpuMs().children };
  const [{ before: ordersBefore }] = await admin<
    { before: number }[]
  >`select count(*)::int as before from public.orders`;
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(
      "/usr/bin/pgbench",
      [
        "-n",
        "-M",
        "extended",
        "-c",
        String(concurrency),
        "-j",
        "2",
        "-T",
        String(pgbenchSeconds),
        "-f",
        script,
        "-h",
        db.hostname,
        "-p",
        db.port,
        "-U",
        db.username,
        db.pathname.slice(1),
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let text = "";
    child.stdout.on("data", (chunk) => (text += chunk));
    child.stderr.on("data", (chunk) => (text += chunk));
    child.on("error", reject);
    child.on("close", () => resolve(text));
  });
  const pgbenchAfter = { ...parts(), client: selfCpuMs().children };
  const [{ after: ordersAfter }] = await admin<{ after: number }[]>`select count(*)::int as after from public.orders`;
  rmSync(scriptDir, { recursive: true, force: true });
  const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(output)?.[1] ?? NaN);
  const processed = Number(/number of transactions actually processed: (\d+)/.exec(output)?.[1] ?? NaN);
  const pgbenchFailed = /number of failed transactions: (\d+)/.exec(output)?.[1] ?? "?";
  const latencyAverage = /latency average = ([\d.]+ ms)/.exec(output)?.[1] ?? "?";
  if (!Number.isFinite(tps)) console.log(output);
  console.log(
    `pgbench: the same transaction, ${concurrency} clients, ${pgbenchSeconds} s (loadavg ${load()}): ` +
      `${tps.toFixed(1)} transactions/s, ${processed} processed, ${pgbenchFailed} failed, latency average ${latencyAverage}, ` +
      `${ordersAfter - ordersBefore} orders placed`,
  );
  const perTransaction = (key: keyof typeof pgbenchBefore) =>
    ((pgbenchAfter[key] - pgbenchBefore[key]) / processed).toFixed(2);
  console.log(
    `  CPU ms per transaction: postgres ${perTransaction("postgres")}, pgbench itself ${perTransaction("client")}, ` +
      `api function (idle) ${perTransaction("api")}, node (idle stack) ${perTransaction("node")}`,
  );
  console.log(
    `API / pgbench: ${apiThroughput.toFixed(1)} / ${tps.toFixed(1)} = ${((100 * apiThroughput) / tps).toFixed(0)}% ` +
      `(aim: 70% or more)`,
  );

  // 3. A link with 100,000 orders against a new link ---------------------------------------------
  const busyCampaign = await newLink("Bench product with many orders");
  let t = performance.now();
  if (counters) {
    // Through the checkout's function, in batches of 1,000 (one transaction each), on two
    // connections; phones and addresses from 40000000 on, one each.
    const batches: number[] = [];
    for (let first = 1; first <= busyLinkOrders; first += 1000) batches.push(first);
    const worker = async (db: postgres.Sql) => {
      for (let first = batches.shift(); first !== undefined; first = batches.shift()) {
        await db.unsafe(`
          do $seed$ begin
            for g in ${first} .. ${Math.min(busyLinkOrders, first + 999)} loop
              perform private.place_order('${influencerId}', '${busyCampaign}', '+8551' || (40000000 + g),
                'Tuol Kouk', 'Boeng Kak Ti Muoy', 1 + g % 3,
                '10.' || (g >> 16) % 256 || '.' || (g >> 8) % 256 || '.' || g % 256, p_recipient_name => 'Bench Customer', p_address_line => 'House 1, Street 2');
            end loop;
          end $seed$`);
      }
    };
    // The admin pool has one connection; a second for the second worker.
    const second = postgres(stack.adminDatabaseUrl, { max: 1, onnotice: () => {} });
    try {
      await Promise.all([worker(admin), worker(second)]);
    } finally {
      await second.end();
    }
  } else {
    await admin`
      with placed as (
        insert into public.orders (campaign_id, affiliate_link_id, business_id, influencer_id, product_name,
          unit_price_cents, commission_rate, quantity, delivery_fee_cents, delivery_district, delivery_commune,
          delivery_commune_code)
        select c.id, l.id, c.business_id, l.influencer_id, c.product_name, c.price_cents, c.commission_rate,
               1 + g % 3, 150, 'Tuol Kouk', 'Boeng Kak Ti Muoy', '120407'
        from generate_series(1, ${busyLinkOrders}) g
        cross join public.campaigns c join public.affiliate_links l on l.campaign_id = c.id
        where c.id = ${busyCampaign}
        returning id, created_at),
      contacts as (
        insert into private.order_contacts (order_id, customer_phone)
        select id, '+8551' || (40000000 + row_number() over (order by id)) from placed)
      insert into public.order_status_history (order_id, from_status, to_status, note, changed_at)
      select id, null, 'new_order', 'Order placed at checkout', created_at from placed`;
  }
  const seededIn = (performance.now() - t) / 1000;
  t = performance.now();
  await admin`vacuum analyze`;
  for (const giveUp = Date.now() + 300_000; Date.now() < giveUp;) {
    const [{ behind }] = await admin<{ behind: boolean }[]>`
      select coalesce(bool_or(confirmed_flush_lsn < pg_current_wal_lsn()), false) as behind
      from pg_replication_slots where slot_type = 'logical'`;
    if (!behind) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const [{ count: busyCount }] = await admin<{ count: number }[]>`
    select count(*)::int from public.orders where campaign_id = ${busyCampaign}`;
  console.log(
    `a link with ${busyCount} orders: placed ${counters ? "through private.place_order" : "straight into the tables (no counters before issue 24)"} ` +
      `in ${seededIn.toFixed(1)} s, then vacuum analyze and Realtime catching up ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );

  // One connection as the api function's role; the statements as the route sends them.
  const one = postgres(stack.databaseUrl, { max: 1, onnotice: () => {} });
  let phone = 50_000_000;
  async function round(campaign: string): Promise<number> {
    const [{ pid }] = await one<{ pid: number }[]>`select pg_backend_pid() as pid`;
    const before = procStat(pid)!.own;
    for (let i = 0; i < roundCheckouts; i++) {
      phone++;
      const [first, second] = checkoutScript(campaign, "$1", "$2");
      const address = `10.${(phone >> 16) % 256}.${(phone >> 8) % 256}.${phone % 256}`;
      await one.begin(async (tx) => {
        await tx.unsafe(settingsStatement);
        const [row] = await tx.unsafe(first, [`+8551${phone}`, address]);
        if (second) await tx.unsafe(second.replace("$order_id", "$1"), [row.order_id]);
      });
    }
    return (procStat(pid)!.own - before) / roundCheckouts;
  }
  try {
    const fresh: number[] = [];
    const busy: number[] = [];
    await round(await newLink("Bench warm-up")); // plans and caches, not measured
    for (let r = 1; r <= 3; r++) {
      fresh.push(await round(await newLink(`Bench new link ${r}`)));
      busy.push(await round(busyCampaign));
    }
    console.log(
      `Postgres CPU per checkout (backend utime + stime, ${roundCheckouts} one at a time per round, loadavg ${load()}):`,
    );
    console.log(`  new link: ${fresh.map((ms) => ms.toFixed(3)).join(", ")} ms; median ${median(fresh).toFixed(3)} ms`);
    console.log(
      `  link with ${busyLinkOrders} orders: ${busy.map((ms) => ms.toFixed(3)).join(", ")} ms; median ${median(busy).toFixed(3)} ms`,
    );
    console.log(`  ratio ${(median(busy) / median(fresh)).toFixed(2)} (aim: within 1.20)`);
  } finally {
    await one.end();
  }
  if (failures > 0) process.exitCode = 1;
} finally {
  await sql.end();
  await admin.end();
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
