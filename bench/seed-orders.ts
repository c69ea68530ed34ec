// Orders at scale for the benches (bench:board, bench:export): written straight into the real
// tables by SQL (generate_series, as the superuser: the checkout's rate limit would take hours),
// each with its customer phone and its first history row, across 200 shops.
import type postgres from "postgres";

export const SHOPS = 200;
export const influencerId = "00000000-0000-4000-8000-00000000a001";
const demoBusinessId = "00000000-0000-4000-8000-00000000b001";

/** Seeds `totalOrders` orders on a fresh stack's database; `sql` is a superuser connection. */
export async function seedOrders(sql: postgres.Sql, totalOrders: number) {
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
    insert into private.order_contacts (order_id, customer_phone, placed_at)
    select o.id, '+8551' || lpad((abs(hashtextextended(o.id::text, 0)) % 100000000)::text, 8, '0'), o.created_at
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
    `seeded ${totalOrders} orders across ${SHOPS} shops in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
