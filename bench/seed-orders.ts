// Orders at scale for the benches (bench:board, bench:export, bench:checkout), placed through the
// checkout's own function, private.place_order: its rate limit, fraud check, numbering, counters,
// history row, customer contact and Telegram triggers all run for every order. Each order has its
// own phone and its own client address, so the rate limits (per phone and per address) let them
// all through. They go round-robin over 200 shops' links of the demo influencer, in batches of
// BATCH orders, one DO block each, as the superuser. Then part of each batch is moved on through
// public.change_order_status as the admin (claims set as the api function sets them): ready for
// pickup, out for delivery, delivered (posting to the ledger) and cancelled with a reason. Two
// connections do this side by side, a batch each in turn.
// The DO blocks commit as they go (every COMMIT_EVERY orders placed, and after each order's
// changes), as the checkout and the board commit each order: within one long transaction every
// update of a counter row (private.order_counts) leaves a version that the next update of the row
// must step over: a batch of 1,000 in one transaction made a status change cost about 1.3 ms
// instead of 0.95 (2.6 ms in a transaction of 12,000). The seed's connections do not wait for each
// commit to reach the disk (synchronous_commit off): a lost batch would only be seeded again.
import type postgres from "postgres";

export const SHOPS = 200;
export const influencerId = "00000000-0000-4000-8000-00000000a001";
const demoBusinessId = "00000000-0000-4000-8000-00000000b001";
const adminEmail = "admin@example.com";
const BATCH = 1_000;
const COMMIT_EVERY = 25;

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
export const seedPhoneSql = (g: string, offset = 0) =>
  `'+855' || (array[${MOBILE_PREFIXES.join(", ")}])[1 + (${offset} + ${g}) % ${MOBILE_PREFIXES.length}]` +
  ` || lpad((((${offset} + ${g})::bigint * 7654321) % 10000000)::text, 7, '0')`;
/** A client address per order (10.x.y.z), so the per-address limit never refuses one. */
const seedAddressSql = (g: string, offset = 0) =>
  `'10.' || ((${offset} + ${g}) >> 16) % 256 || '.' || ((${offset} + ${g}) >> 8) % 256 || '.' || (${offset} + ${g}) % 256`;

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
 * Places orders first..last (inclusive, the seed's own numbering) through private.place_order,
 * round-robin over the bench links (or all on `campaignId`'s link), in one transaction.
 * `phoneOffset` moves the phones and addresses to a range of their own.
 */
export async function placeOrders(
  sql: postgres.Sql | postgres.ReservedSql,
  first: number,
  last: number,
  { campaignId, phoneOffset = 0 }: { campaignId?: string; phoneOffset?: number } = {},
) {
  const campaigns = campaignId
    ? `array[${literal(campaignId)}::uuid]`
    : `array(select c.id from public.campaigns c where c.product_name like 'Bench product of %' order by c.id)`;
  await sql.unsafe(`
    do $seed$
    declare
      campaigns constant uuid[] := ${campaigns};
    begin
      for g in ${int(first)} .. ${int(last)} loop
        perform private.place_order(${literal(influencerId)}::uuid, campaigns[1 + g % cardinality(campaigns)],
          ${seedPhoneSql("g", phoneOffset)}, 'Tuol Kouk', 'Boeng Kak Ti Muoy', 1 + g % 3, ${seedAddressSql("g", phoneOffset)}, p_recipient_name => 'Bench Customer', p_address_line => 'House 1, Street 2');
        if g % ${COMMIT_EVERY} = 0 then
          commit;
        end if;
      end loop;
    end
    $seed$`);
}

/**
 * Moves part of the seeded orders first..last on, as the admin through public.change_order_status,
 * by a rotating share (s = (g + g / 200) % 20, so each link gets every kind): 10 of 20 stay new,
 * 3 ready for pickup, 3 out for delivery, 2 delivered, 2 cancelled (with a reason in turn).
 */
async function moveOrders(sql: postgres.Sql | postgres.ReservedSql, adminId: string, first: number, last: number) {
  const claims = JSON.stringify({ sub: adminId, role: "authenticated", aud: "authenticated", email: adminEmail });
  await sql.unsafe(`
    do $move$
    declare
      ids uuid[];
      shares int[];
      reasons constant text[] := array['customer_unreachable', 'out_of_stock', 'duplicate', 'other',
                                       'customer_refused', 'suspected_fraud'];
      s int;
    begin
      select array_agg(c.order_id order by g), array_agg((g + g / 200) % 20 order by g) into ids, shares
      from generate_series(${int(first)}, ${int(last)}) g
      join private.order_contacts c on c.customer_phone = ${seedPhoneSql("g")}
      where (g + g / 200) % 20 >= 10;
      for i in 1 .. coalesce(cardinality(ids), 0) loop
        -- The admin's role and claims last until the commit, so each order's changes set them.
        perform set_config('role', 'authenticated', true);
        perform set_config('request.jwt.claims', ${literal(claims)}, true);
        s := shares[i];
        if s >= 18 then
          perform public.change_order_status(ids[i], 'cancelled', null, reasons[1 + (i + s) % 6]);
        else
          perform public.change_order_status(ids[i], 'ready_for_pickup');
          if s >= 13 then
            perform public.change_order_status(ids[i], 'out_for_delivery');
          end if;
          if s >= 16 then
            perform public.change_order_status(ids[i], 'delivered');
          end if;
        end if;
        commit;
      end loop;
    end
    $move$`);
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

  // Two workers, each placing a batch and then moving it on, taking the batches in turn: both
  // cores stay busy to the end. They count in different slots, and each order's changes commit on
  // their own, so one waits for the other's lock on the influencer's ledger account (every
  // delivery posts to it) for one order's changes at most.
  const workers = await seedConnections(sql, 2);
  let placing = 0;
  let moving = 0;
  let next = 0;
  try {
    await Promise.all(
      workers.map(async (worker) => {
        for (let k = next++; k < batches.length; k = next++) {
          const [first, last] = batches[k];
          let t = performance.now();
          await placeOrders(worker, first, last);
          placing += performance.now() - t;
          t = performance.now();
          await moveOrders(worker, adminId, first, last);
          moving += performance.now() - t;
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
    `seeded ${totalOrders - placed} orders (${placed} -> ${totalOrders}) across ${SHOPS} shops through ` +
      `private.place_order in ${seconds(started)} s: placing and moving ${placedIn} s (place_order ` +
      `${(placing / 1000).toFixed(1)} s, change_order_status ${(moving / 1000).toFixed(1)} s, summed over both connections), ` +
      `vacuum analyze ${vacuumIn} s, Realtime catching up ${caughtUpIn} s`,
  );
}
