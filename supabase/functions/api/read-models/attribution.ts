// Click-to-payout attribution as the stats paths answer it: clicks and the orders they led to,
// counted and summed in SQL (grouping sets: per key and source, per key, per source, overall) under
// the caller's row-level security, then turned into the contract's figures (conversion rate, EPC).
import {
  STAT_SOURCES,
  type AttributionMetrics,
  type DailyFigures,
  type StatSource,
} from "../../_shared/contract/attribution.ts";
import { money } from "../../_shared/contract/money.ts";
import type { Fragment, Tx } from "../../_shared/db.ts";

/** Whose clicks and orders, and what they are grouped by. */
export interface AttributionScope {
  /** A condition on the clicks `k`. */
  clicks: Fragment;
  /** A condition on the orders `o`. */
  orders: Fragment;
  /** What rows are figured per: a column of `k` and the same of `o` (null: only the totals). */
  key: { clicks: Fragment; orders: Fragment } | null;
}

type FigureRow = {
  /** The link or campaign; null in the totals. */
  key: string | null;
  /** Null when the row sums every source. */
  source: StatSource | null;
  all_keys: boolean;
  all_sources: boolean;
  clicks: number;
  orders: number;
  delivered_orders: number;
  commission_cents: number;
};

/** The figures of one key (or of the totals): overall and per source. */
export interface AttributedFigures extends AttributionMetrics {
  by_source: Record<StatSource, AttributionMetrics>;
}

export interface Attribution {
  /** Per key (link or campaign id); a key without clicks or orders is absent. */
  byKey: Map<string, AttributedFigures>;
  totals: AttributedFigures;
}

/** Clicks, orders, delivered orders and delivered commission of the scope, per key and source. */
export async function readAttribution(tx: Tx, scope: AttributionScope): Promise<Attribution> {
  const clickKey = scope.key?.clicks ?? tx`null::uuid`;
  const orderKey = scope.key?.orders ?? tx`null::uuid`;
  // Every click and every order becomes one event row; an order without a click counts under
  // `none` (not a click_source: the sources are read as text). The commission is the influencer's,
  // of delivered orders only (docs/money.md): what the ledger has posted for them.
  const rows = await tx<FigureRow[]>`
    with events as (
      select ${clickKey} as key, k.source::text as source, 1 as clicks, 0 as orders, 0 as delivered,
             0::bigint as commission
      from public.link_clicks k
      where ${scope.clicks}
      union all
      select ${orderKey}, coalesce(o.source::text, 'none'), 0, 1, (o.status = 'delivered')::int,
             case when o.status = 'delivered' then o.commission_cents else 0 end
      from public.orders o
      where ${scope.orders}
    )
    select key, source, grouping(key) = 1 as all_keys, grouping(source) = 1 as all_sources,
           sum(clicks)::bigint as clicks, sum(orders)::bigint as orders,
           sum(delivered)::bigint as delivered_orders, sum(commission)::bigint as commission_cents
    from events
    group by grouping sets ((key, source), (key), (source), ())`;

  const byKeyRows = new Map<string, FigureRow[]>();
  const totalRows: FigureRow[] = [];
  for (const row of rows) {
    if (row.all_keys) totalRows.push(row);
    else if (row.key !== null) byKeyRows.set(row.key, [...(byKeyRows.get(row.key) ?? []), row]);
  }
  return {
    byKey: new Map([...byKeyRows].map(([key, keyRows]) => [key, toFigures(keyRows)])),
    totals: toFigures(totalRows),
  };
}

/** The figures of a key that has no click and no order. */
export function noFigures(): AttributedFigures {
  return toFigures([]);
}

/** One key's rows (its overall row and one per source) as the contract's figures. */
function toFigures(rows: FigureRow[]): AttributedFigures {
  const overall = rows.find((row) => row.all_sources);
  const bySource = new Map(rows.filter((row) => !row.all_sources).map((row) => [row.source, row]));
  return {
    ...toMetrics(overall),
    by_source: Object.fromEntries(STAT_SOURCES.map((source) => [source, toMetrics(bySource.get(source))])) as Record<
      StatSource,
      AttributionMetrics
    >, // fromEntries forgets the keys' type
  };
}

function toMetrics(row: FigureRow | undefined): AttributionMetrics {
  const clicks = row?.clicks ?? 0;
  const orders = row?.orders ?? 0;
  const commission = row?.commission_cents ?? 0;
  return {
    clicks,
    orders,
    delivered_orders: row?.delivered_orders ?? 0,
    ...money("commission", commission),
    // Orders without a click count too, so a rate above 1 is possible (and honest).
    conversion_rate: clicks > 0 ? orders / clicks : 0,
    // Integer cents divided: an exact half is exact in floating point, so Math.round is half up.
    ...money("epc", clicks > 0 ? Math.round(commission / clicks) : 0),
  };
}

/**
 * Clicks and orders per day over the last 30 days in Phnom Penh (today included), oldest first,
 * every day present. `clicks` and `orders` are conditions on `k` and `o`, as in the scope.
 */
export function readDaily(tx: Tx, scope: Pick<AttributionScope, "clicks" | "orders">) {
  return tx<DailyFigures[]>`
    with bounds as (
      select (now() at time zone 'Asia/Phnom_Penh')::date as today
    ), since as (
      -- Midnight in Phnom Penh 29 days ago, as a moment: the index range of both queries below.
      select today, ((today - 29)::timestamp at time zone 'Asia/Phnom_Penh') as moment from bounds
    ), days as (
      select d::date as date from since, generate_series((since.today - 29)::timestamp, since.today::timestamp, interval '1 day') d
    ), clicks as (
      select (k.created_at at time zone 'Asia/Phnom_Penh')::date as date, count(*) as clicks
      from public.link_clicks k, since
      where ${scope.clicks} and k.created_at >= since.moment
      group by 1
    ), orders as (
      select (o.created_at at time zone 'Asia/Phnom_Penh')::date as date, count(*) as orders
      from public.orders o, since
      where ${scope.orders} and o.created_at >= since.moment
      group by 1
    )
    select days.date, coalesce(clicks.clicks, 0) as clicks, coalesce(orders.orders, 0) as orders
    from days
    left join clicks using (date)
    left join orders using (date)
    order by days.date`;
}
