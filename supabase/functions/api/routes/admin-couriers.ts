// Admin paths for couriers (docs/api.md, "Couriers"): the list with the orders each carries now,
// adding one and changing one, the rider links of each (made, listed, revoked), and the cash each
// remitted (recorded, typed or from a statement, listed, reversed). They run as the admin, so the database decides too: only an approved
// admin reads the table (RLS) or calls public.create_courier and update_courier, and the trigger
// couriers_audit records each change.
import { Hono } from "hono";
import { asUser, type Tx } from "../../_shared/db.ts";
import type { AppDeps } from "../../_shared/context.ts";
import type { AppEnv } from "../lib/app-env.ts";
import {
  courierCreateSchema,
  courierUpdateSchema,
  type Courier,
  type CourierSavedResponse,
  type CouriersResponse,
} from "../../_shared/contract/couriers.ts";
import {
  riderPath,
  type CourierLink,
  type CourierLinkCreatedResponse,
  type CourierLinksResponse,
} from "../../_shared/contract/rider.ts";
import type { MessageResponse } from "../../_shared/contract/auth.ts";
import {
  remittanceCreateSchema,
  remittanceReverseSchema,
  type Remittance,
  type RemittanceSavedResponse,
  type RemittancesResponse,
} from "../../_shared/contract/remittances.ts";
import { money } from "../../_shared/contract/money.ts";
import { readStatement } from "../lib/remittance-statement.ts";
import { COURIER_STATEMENT_CSV_COLUMNS } from "../../_shared/contract/exports.ts";
import { csvLine, csvResponse, exportDate } from "../lib/csv.ts";
import type { Tables } from "../../_shared/database.types.ts";
import { parseJsonBody, uuidParam } from "../../_shared/validation.ts";
import { ApiError } from "../../_shared/errors.ts";

type CourierRow = Pick<
  Tables<"couriers">,
  "id" | "name" | "phone" | "kind" | "active" | "keeps_delivery_fee" | "created_at" | "updated_at"
> & { open_orders: number; cash_held_cents: number; unremitted_orders: number; oldest_unremitted_at: string | null };

/**
 * Couriers `k` (a condition on `k`) with the orders each carries now (not yet delivered or
 * cancelled), the cash it holds (its cash account's balance, negated) and its orders whose cash is
 * not all remitted (the partial index order_cash_courier_open_idx).
 */
function readCouriers(tx: Tx, where = tx`true`) {
  return tx<CourierRow[]>`
    select k.id, k.name, k.phone, k.kind, k.active, k.keeps_delivery_fee, k.created_at, k.updated_at,
           (select count(*) from public.orders o
            where o.courier_id = k.id and o.status not in ('delivered', 'cancelled'))::int as open_orders,
           (select coalesce(-sum(b.balance_cents), 0) from public.ledger_balances b
            join public.ledger_accounts a on a.id = b.account_id where a.courier_id = k.id)::bigint as cash_held_cents,
           u.unremitted_orders, u.oldest_unremitted_at
    from public.couriers k
    cross join lateral (
      select count(*)::int as unremitted_orders, min(oc.delivered_at) as oldest_unremitted_at
      from public.order_cash oc where oc.courier_id = k.id and oc.remitted_cents < oc.due_cents) u
    where ${where}
    order by k.active desc, lower(k.name), k.id`;
}

const toCourierJson = ({ cash_held_cents, ...row }: CourierRow): Courier => ({
  ...row,
  ...money("cash_held", cash_held_cents),
});

type RemittanceRow = Pick<
  Tables<"remittances">,
  | "id"
  | "courier_id"
  | "amount_cents"
  | "aba_reference"
  | "received_at"
  | "recorded_at"
  | "reversed_at"
  | "reversal_reason"
> & {
  recorded_by_email: string;
  reversed_by_email: string | null;
  orders: { order_id: string; order_number: string; amount_cents: number }[];
};

/** A courier's remittances (`where` a condition on `r`), newest received first, with the orders each pays. */
function readRemittances(tx: Tx, courierId: string, where = tx`true`) {
  return tx<RemittanceRow[]>`
    select r.id, r.courier_id, r.amount_cents, r.aba_reference, r.received_at, r.recorded_at, r.reversed_at,
           r.reversal_reason, rb.email as recorded_by_email, vb.email as reversed_by_email,
           coalesce((select json_agg(json_build_object('order_id', o.id, 'order_number', o.order_number,
                                                       'amount_cents', ro.amount_cents) order by o.order_number)
                     from public.remittance_orders ro join public.orders o on o.id = ro.order_id
                     where ro.remittance_id = r.id), '[]') as orders
    from public.remittances r
    join public.users rb on rb.id = r.recorded_by
    left join public.users vb on vb.id = r.reversed_by
    where r.courier_id = ${courierId} and ${where}
    order by r.received_at desc, r.id`;
}

function toRemittanceJson(row: RemittanceRow): Remittance {
  const matched = row.orders.reduce((sum, line) => sum + line.amount_cents, 0);
  return {
    id: row.id,
    courier_id: row.courier_id,
    ...money("amount", row.amount_cents),
    aba_reference: row.aba_reference,
    received_at: row.received_at,
    recorded_by_email: row.recorded_by_email,
    recorded_at: row.recorded_at,
    orders: row.orders.map((line) => ({
      order_id: line.order_id,
      order_number: line.order_number,
      ...money("amount", line.amount_cents),
    })),
    ...money("over_remitted", row.amount_cents - matched),
    reversed_at: row.reversed_at,
    reversed_by_email: row.reversed_by_email,
    reversal_reason: row.reversal_reason,
  };
}

export function adminCourierRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  // GET /admin/couriers - every courier, active ones first, with the orders each carries now
  app.get("/", async (c) => {
    const rows = await asUser(deps.sql, c.get("claims"), (tx) => readCouriers(tx));
    return c.json({ couriers: rows.map(toCourierJson) } satisfies CouriersResponse);
  });

  // POST /admin/couriers - add a courier
  app.post("/", async (c) => {
    const input = await parseJsonBody(c, courierCreateSchema);
    const [row] = await asUser(deps.sql, c.get("claims"), async (tx) => {
      const [{ id }] = await tx<{ id: string }[]>`
        select id from public.create_courier(${input.name}, ${input.phone}, ${input.kind}, ${input.keeps_delivery_fee})`;
      return readCouriers(tx, tx`k.id = ${id}`);
    });
    return c.json({ message: "Courier added", courier: toCourierJson(row) } satisfies CourierSavedResponse, 201);
  });

  // PUT /admin/couriers/{id} - change any of a courier's fields
  app.put("/:id", async (c) => {
    const id = uuidParam(c.req.param("id"), "id");
    const input = await parseJsonBody(c, courierUpdateSchema);
    const [row] = await asUser(deps.sql, c.get("claims"), async (tx) => {
      await tx`select 1 from public.update_courier(${id}, ${input.name ?? null}, ${input.phone ?? null},
                 ${input.kind ?? null}, ${input.active ?? null}, ${input.keeps_delivery_fee ?? null})`;
      return readCouriers(tx, tx`k.id = ${id}`);
    });
    return c.json({ message: "Courier saved", courier: toCourierJson(row) } satisfies CourierSavedResponse);
  });

  // POST /admin/couriers/{id}/link - a new rider link (its URL shown this once); audited
  app.post("/:id/link", async (c) => {
    const id = uuidParam(c.req.param("id"), "id");
    const link = await asUser(deps.sql, c.get("claims"), async (tx) => {
      const [made] = await tx<{ id: string; token: string; created_at: string }[]>`
        select id, token, created_at from public.create_courier_link(${id})`;
      const [row] = await tx<CourierLink[]>`
        select id, created_at, created_by_email, revoked_at, last_used_at
        from public.courier_links(${id}) where id = ${made.id}`;
      return { ...row, url: `${deps.appUrl}${riderPath(made.token)}` };
    });
    c.header("cache-control", "no-store");
    return c.json({ message: "Rider link made", link } satisfies CourierLinkCreatedResponse, 201);
  });

  // GET /admin/couriers/{id}/links - the courier's rider links, newest first
  app.get("/:id/links", async (c) => {
    const id = uuidParam(c.req.param("id"), "id");
    const links = await asUser(
      deps.sql,
      c.get("claims"),
      (tx) =>
        tx<
          CourierLink[]
        >`select id, created_at, created_by_email, revoked_at, last_used_at from public.courier_links(${id})`,
    );
    return c.json({ links } satisfies CourierLinksResponse);
  });

  // DELETE /admin/couriers/{id}/links/{link_id} - revoke a rider link; audited
  app.delete("/:id/links/:link_id", async (c) => {
    const id = uuidParam(c.req.param("id"), "id");
    const linkId = uuidParam(c.req.param("link_id"), "link_id");
    await asUser(deps.sql, c.get("claims"), (tx) => tx`select public.revoke_courier_link(${id}, ${linkId})`);
    return c.json({ message: "Rider link revoked" } satisfies MessageResponse);
  });

  // GET /admin/couriers/{id}/statement - the cash the courier holds, order by order, as CSV (its
  // unremitted orders only: what the partial index order_cash_courier_open_idx reads)
  app.get("/:id/statement", async (c) => {
    const id = uuidParam(c.req.param("id"), "id");
    const rows = await asUser(deps.sql, c.get("claims"), async (tx) => {
      const [courier] = await tx`select 1 from public.couriers where id = ${id}`;
      if (!courier) throw new ApiError("not_found", "Courier not found");
      return tx<
        {
          order_number: string;
          delivered_at: string;
          product_name: string;
          due_cents: number;
          remitted_cents: number;
          status: string;
        }[]
      >`
        select o.order_number, c.delivered_at, o.product_name, c.due_cents, c.remitted_cents, c.status
        from public.order_cash c join public.orders o on o.id = c.order_id
        where c.courier_id = ${id} and c.remitted_cents < c.due_cents
        order by c.delivered_at, o.order_number`;
    });
    const dollars = (cents: number) => (cents / 100).toFixed(2);
    return csvResponse(`courier-cash-${exportDate()}.csv`, [...COURIER_STATEMENT_CSV_COLUMNS], (write) =>
      write(
        rows
          .map((row) =>
            csvLine([
              row.order_number,
              row.delivered_at,
              row.product_name,
              dollars(row.due_cents),
              dollars(row.remitted_cents),
              dollars(row.due_cents - row.remitted_cents),
              row.status,
            ]),
          )
          .join(""),
      ),
    );
  });

  // GET /admin/couriers/{id}/remittances - the cash the courier remitted, newest received first
  app.get("/:id/remittances", async (c) => {
    const id = uuidParam(c.req.param("id"), "id");
    const rows = await asUser(deps.sql, c.get("claims"), (tx) => readRemittances(tx, id));
    return c.json({ remittances: rows.map(toRemittanceJson) } satisfies RemittancesResponse);
  });

  // POST /admin/couriers/{id}/remittances - cash received from the courier and the orders it pays,
  // typed or from the courier's statement (CSV); posted and audited
  app.post("/:id/remittances", async (c) => {
    const id = uuidParam(c.req.param("id"), "id");
    const input = await parseJsonBody(c, remittanceCreateSchema);
    const lines = input.statement_csv === undefined ? (input.orders ?? []) : readStatement(input.statement_csv);
    const orders = lines.map((line) => ({ order_number: line.order_number, amount_cents: line.amount }));
    const [row] = await asUser(deps.sql, c.get("claims"), async (tx) => {
      const [{ id: remittanceId }] = await tx<{ id: string }[]>`
        select id from public.record_remittance(${id}, ${input.amount}, ${input.aba_reference},
                                                ${input.received_at}, ${tx.json(orders)})`;
      return readRemittances(tx, id, tx`r.id = ${remittanceId}`);
    });
    return c.json(
      { message: "Remittance recorded", remittance: toRemittanceJson(row) } satisfies RemittanceSavedResponse,
      201,
    );
  });

  // POST /admin/couriers/{id}/remittances/{remittance_id}/reverse - undo a wrong remittance, with
  // a reason: its orders owe again what it paid; audited
  app.post("/:id/remittances/:remittance_id/reverse", async (c) => {
    const id = uuidParam(c.req.param("id"), "id");
    const remittanceId = uuidParam(c.req.param("remittance_id"), "remittance_id");
    const { reason } = await parseJsonBody(c, remittanceReverseSchema);
    const [row] = await asUser(deps.sql, c.get("claims"), async (tx) => {
      const [found] = await tx`select 1 from public.remittances where id = ${remittanceId} and courier_id = ${id}`;
      if (!found) throw new ApiError("not_found", "Remittance not found");
      await tx`select 1 from public.reverse_remittance(${remittanceId}, ${reason})`;
      return readRemittances(tx, id, tx`r.id = ${remittanceId}`);
    });
    return c.json({
      message: "Remittance reversed",
      remittance: toRemittanceJson(row),
    } satisfies RemittanceSavedResponse);
  });

  return app;
}
