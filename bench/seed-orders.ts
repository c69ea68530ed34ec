// Orders at scale for the benches (bench:board, bench:export), written through the real triggers:
// the counters, the live events, the phone-search runs, the fraud check, the audit log and the
// ledger's postings all run for every order. They go round-robin over 200 shops' links of the demo
// influencer, in batches of BATCH orders, one DO block each (seedBatch: placed, then part of them
// moved on by the admin), two connections side by side, a batch each in turn.
// Sets, not one order at a time: placing each order through private.place_order and moving it
// through public.change_order_status (as this seed did until issue 24) costs about 2.6 ms of the
// two cores per order, so 22 minutes for 1,000,000; a statement over 1,000 orders runs each
// statement trigger once and plans each statement once. What the checkout itself costs as orders
// grow is bench:checkout's to measure (a link with 100,000 orders, through private.place_order).
// The seed's connections do not wait for each commit to reach the disk (synchronous_commit off): a
// lost batch would only be seeded again.
import type postgres from "postgres";

const SHOPS = 200;
const influencerId = "00000000-0000-4000-8000-00000000a001";
const demoBusinessId = "00000000-0000-4000-8000-00000000b001";
const adminEmail = "admin@example.com";
const BATCH = 1_000;

/** Mobile prefixes of Cambodia's operators (Cellcard, Smart, Metfone, Seatel and others), after +855. */
const MOBILE_PREFIXES = [
  10, 11, 12, 15, 16, 17, 61, 69, 70, 76, 77, 78, 81, 85, 86, 87, 88, 89, 90, 92, 93, 95, 96, 97, 98, 99,
];

/**
 * The phone of the seeded order number g (1-based): an operator's prefix and seven digits spread
 * as real numbers are, so a search by 4 digits matches what it would among customers (consecutive
 * numbers made "0000" match a tenth of the board). Multiplying by 7,654,321, which shares no
 * factor with 10^7, permutes the seven digits: every g below 10 million has a phone of its own.
 */
const seedPhoneSql = (g: string) =>
  `'+855' || (array[${MOBILE_PREFIXES.join(", ")}])[1 + ${g} % ${MOBILE_PREFIXES.length}]` +
  ` || lpad(((${g}::bigint * 7654321) % 10000000)::text, 7, '0')`;

/** The 199 shops besides the demo business, one campaign each, each linked to the demo influencer. */
async function seedShops(sql: postgres.Sql) {
  const [{ links }] = await sql<{ links: number }[]>`
    select count(*)::int as links from public.campaigns where product_name like 'Bench product of %'`;
  if (links > 0) return;
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
}

/**
 * Seeds orders first..last (inclusive, the seed's own numbering) in sets, one DO block, in two
 * transactions: placed (committed), then moved on (committed). Round-robin over the bench links;
 * each order's phone is its own. Every row is written as the checkout and the admin's status change
 * write it, so the real triggers count, send, index, audit and post it, once per statement
 * rather than once per order:
 * - placed as private.place_order places one: the order with the campaign's price and commission
 *   and the place's fee (public.find_commune, public.delivery_quote), its contact, its fraud check
 *   (private.flag_order, which reads the counters) and its first history row. The checkout's
 *   own checks (rate limit, link and campaign open) are not run: bench:checkout measures the
 *   checkout itself, on a link with 100,000 orders;
 * - moved on as public.change_order_status moves one, as the admin (its claims set): the status, a
 *   history row with the admin as the actor (audited by its trigger) and, for a delivery, the
 *   ledger's posting (private.post_delivery, the real one). By a rotating share (s = (g + g / 200)
 *   % 20, so each link gets every kind): 10 of 20 stay new, 3 ready for pickup, 3 out for delivery,
 *   2 delivered, 2 cancelled (with a reason in turn).
 * Each placed order has its own placing time, as checkouts one after another have.
 */
async function seedBatch(sql: postgres.Sql | postgres.ReservedSql, adminId: string, first: number, last: number) {
  const claims = JSON.stringify({ sub: adminId, role: "authenticated", aud: "authenticated", email: adminEmail });
  const share = "(b.g + b.g / 200) % 20";
  const moved = (to: string, from: string, shares: string, reason = "null") => `
      update public.orders o set status = '${to}', cancellation_reason = ${reason}
      from unnest(ids, gs) as b (id, g) where o.id = b.id and ${share} ${shares};
      insert into public.order_status_history (order_id, from_status, to_status, changed_by, cancellation_reason)
      select b.id, '${from}', '${to}', (select auth.uid()), ${reason}
      from unnest(ids, gs) as b (id, g) where ${share} ${shares} order by b.g;`;
  await sql.unsafe(`
    do $seed$
    declare
      campaigns constant uuid[] := array(select c.id from public.campaigns c where c.product_name like 'Bench product of %' order by c.id);
      reasons constant public.order_cancellation_reason[] := array['customer_unreachable', 'out_of_stock', 'duplicate',
        'other', 'customer_refused', 'suspected_fraud'];
      place public.communes;
      district_name text;
      fee integer;
      ids uuid[];
      gs int[];
      placed_at timestamptz[];
    begin
      select * into place from public.find_commune(null, 'Tuol Kouk', 'Boeng Kak Ti Muoy');
      select d.name_en into district_name from public.districts d where d.code = place.district_code;
      select q.fee_cents into fee from public.delivery_quote(place.code) q;
      select array_agg(gen_random_uuid() order by g), array_agg(g order by g), array_agg(clock_timestamp() order by g)
        into ids, gs, placed_at
      from generate_series(${int(first)}, ${int(last)}) g;

      insert into public.orders (id, created_at, updated_at, campaign_id, affiliate_link_id, business_id, influencer_id,
        product_name, unit_price_cents, commission_rate, quantity, delivery_fee_cents, delivery_district,
        delivery_commune, delivery_commune_code)
      select b.id, b.at, b.at, c.id, l.id, c.business_id, l.influencer_id, c.product_name, c.price_cents,
             c.commission_rate, 1 + b.g % 3, fee, district_name, place.name_en, place.code
      from unnest(ids, gs, placed_at) as b (id, g, at)
      join public.campaigns c on c.id = campaigns[1 + b.g % cardinality(campaigns)]
      join public.affiliate_links l on l.campaign_id = c.id and l.influencer_id = ${literal(influencerId)} and l.status = 'approved'
      order by b.g;
      insert into private.order_contacts (order_id, customer_phone, placed_at, recipient_name, address_line)
      select b.id, ${seedPhoneSql("b.g")}, b.at, 'Bench Customer', 'House 1, Street 2'
      from unnest(ids, gs, placed_at) as b (id, g, at) order by b.g;
      perform private.flag_order(o, c.customer_phone)
      from public.orders o join private.order_contacts c on c.order_id = o.id where o.id = any (ids);
      insert into public.order_status_history (order_id, from_status, to_status, note, changed_at)
      select b.id, null, 'new_order', 'Order placed at checkout', b.at
      from unnest(ids, gs, placed_at) as b (id, g, at) order by b.g;
      commit;

      -- The admin's claims last until the commit.
      perform set_config('request.jwt.claims', ${literal(claims)}, true);
      ${moved("ready_for_pickup", "new_order", "between 10 and 17")}
      ${moved("out_for_delivery", "ready_for_pickup", "between 13 and 17")}
      ${moved("cancelled", "new_order", ">= 18", `reasons[1 + (b.g + ${share}) % 6]`)}
      ${moved("delivered", "out_for_delivery", "between 16 and 17")}
      perform private.post_delivery(b.id) from unnest(ids, gs) as b (id, g) where ${share} between 16 and 17 order by b.g;
      commit;
    end
    $seed$`);
}

function int(n: number): string {
  if (!Number.isSafeInteger(n)) throw new Error(`not an integer: ${n}`);
  return String(n);
}
function literal(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * `count` reserved connections whose backends count in different slots of private.order_counts,
 * so they never update the same counter row, and which do not wait for their commits to reach
 * the disk. A backend in a slot already taken is held aside until the others are found (released,
 * it would come straight back), so the pool needs a few more connections than `count`.
 */
async function seedConnections(sql: postgres.Sql, count: number): Promise<postgres.ReservedSql[]> {
  const slot = async (c: postgres.ReservedSql) => (await c<{ s: number }[]>`select pg_backend_pid() % 8 as s`)[0].s;
  const chosen = new Map<number, postgres.ReservedSql>();
  const spare: postgres.ReservedSql[] = [];
  while (chosen.size < count) {
    const c = await sql.reserve();
    const s = await slot(c);
    if (chosen.has(s)) spare.push(c);
    else chosen.set(s, c);
  }
  for (const c of spare) c.release();
  const connections = [...chosen.values()];
  for (const c of connections) await c`set synchronous_commit = off`;
  return connections;
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/**
 * Grows the bench's orders to `totalOrders` (seeding the shops first on a fresh stack): places
 * the missing ones and moves their share on, then vacuums and waits for the Realtime stand-in to
 * catch up. `sql` is a superuser connection with at least 8 connections in its pool.
 */
export async function seedOrders(sql: postgres.Sql, totalOrders: number) {
  const started = performance.now();
  await seedShops(sql);
  const [{ placed }] = await sql<{ placed: number }[]>`
    select count(*)::int as placed from public.orders where influencer_id = ${influencerId}`;
  const [{ id: adminId }] = await sql<{ id: string }[]>`select id from public.users where email = ${adminEmail}`;
  const batches: [number, number][] = [];
  for (let first = placed + 1; first <= totalOrders; first += BATCH)
    batches.push([first, Math.min(totalOrders, first + BATCH - 1)]);

  // Two workers, each seeding a batch, taking the batches in turn: both cores stay busy to the end.
  // They count in different slots; a worker's deliveries lock the influencer's ledger account
  // (every delivery posts to it) only for its batch's last statement.
  const workers = await seedConnections(sql, 2);
  let next = 0;
  try {
    await Promise.all(
      workers.map(async (worker) => {
        for (let k = next++; k < batches.length; k = next++) {
          const [first, last] = batches[k];
          await seedBatch(worker, adminId, first, last);
          if (last % 100_000 === 0) console.log(`  seeding: ${last} orders placed after ${seconds(started)} s`);
        }
      }),
    );
  } finally {
    for (const c of workers) {
      await c`reset synchronous_commit`;
      c.release();
    }
  }
  const placedIn = seconds(started);
  let t = performance.now();
  await sql`vacuum analyze`;
  const vacuumIn = seconds(t);
  // The local Realtime stand-in decodes every seeded row from the WAL (and routes the live events
  // the triggers sent); measure after it caught up, as a hosted project's Realtime runs elsewhere.
  t = performance.now();
  for (const give_up = Date.now() + 900_000; Date.now() < give_up;) {
    const [{ behind }] = await sql<{ behind: boolean }[]>`
      select coalesce(bool_or(confirmed_flush_lsn < pg_current_wal_lsn()), false) as behind
      from pg_replication_slots where slot_type = 'logical'`;
    if (!behind) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const caughtUpIn = seconds(t);
  console.log(
    `seeded ${totalOrders - placed} orders (${placed} -> ${totalOrders}) across ${SHOPS} shops in ` +
      `${seconds(started)} s: placing and moving ${placedIn} s, vacuum analyze ${vacuumIn} s, ` +
      `Realtime catching up ${caughtUpIn} s`,
  );
  t = performance.now();
  const [{ differ }] = await sql<{ differ: number }[]>`
    select count(*)::int as differ from private.running_balance_differences()`;
  console.log(
    `  running balances and order counters that differ from the entries and orders: ${differ} (checked in ${seconds(t)} s)`,
  );
}
