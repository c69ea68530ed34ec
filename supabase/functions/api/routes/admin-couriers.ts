// Admin paths for couriers (docs/api.md, "Couriers"): the list with the orders each carries now,
// adding one and changing one, and the rider links of each (made, listed, revoked). They run as the admin, so the database decides too: only an approved
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
import type { Tables } from "../../_shared/database.types.ts";
import { parseJsonBody, uuidParam } from "../../_shared/validation.ts";

type CourierRow = Pick<
  Tables<"couriers">,
  "id" | "name" | "phone" | "kind" | "active" | "keeps_delivery_fee" | "created_at" | "updated_at"
> & { open_orders: number };

/** Couriers `k` (a condition on `k`) with the orders each carries now: not yet delivered or cancelled. */
function readCouriers(tx: Tx, where = tx`true`) {
  return tx<CourierRow[]>`
    select k.id, k.name, k.phone, k.kind, k.active, k.keeps_delivery_fee, k.created_at, k.updated_at,
           (select count(*) from public.orders o
            where o.courier_id = k.id and o.status not in ('delivered', 'cancelled'))::int as open_orders
    from public.couriers k
    where ${where}
    order by k.active desc, lower(k.name), k.id`;
}

const toCourierJson = (row: CourierRow): Courier => ({ ...row });

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

  return app;
}
