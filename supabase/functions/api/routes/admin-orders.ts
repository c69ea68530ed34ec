// Admin order board: every order with its customer's phone, and status changes (docs/product.md,
// "Orders").
import { Hono } from "hono";
import { asUser } from "../../_shared/db.ts";
import type { AppDeps } from "../../_shared/context.ts";
import type { AppEnv } from "../lib/app-env.ts";
import type { Database } from "../../_shared/database.types.ts";
import {
  orderCsvHeader,
  adminOrderCsvLineBatches,
  readOrderPage,
  readOrders,
  toOrderJson,
} from "../read-models/orders.ts";
import { csvResponse, exportDate } from "../lib/csv.ts";
import { asUserExporting } from "../lib/export-statement.ts";
import { pageOf } from "../lib/keyset.ts";
import {
  orderFilterSchema,
  orderListQuerySchema,
  orderReviewSchema,
  orderStatusChangeSchema,
  type OrderReviewedResponse,
  type OrdersResponse,
  type OrderStatusChangedResponse,
} from "../../_shared/contract/orders.ts";
import { parseJsonBody, parseQuery, uuidParam } from "../../_shared/validation.ts";

type CustomerPhone = Database["public"]["Functions"]["order_customer_phones"]["Returns"][number];

export function adminOrderRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  // GET /admin/orders - one page of every order, newest first (?q, status, from, to, limit, cursor)
  app.get("/", async (c) => {
    const query = parseQuery(c, orderListQuerySchema);
    const { page, phones } = await asUser(deps.sql, c.get("claims"), async (tx) => {
      const page = pageOf(await readOrderPage(tx, tx`true`, query, true), query);
      const phones = await tx<CustomerPhone[]>`
        select order_id, customer_phone from public.order_customer_phones(${page.rows.map((row) => row.id)}::uuid[])`;
      return { page, phones };
    });
    const phoneOf = new Map(phones.map((p) => [p.order_id, p.customer_phone]));
    return c.json({
      orders: page.rows.map((row) => toOrderJson(row, phoneOf.get(row.id) ?? null)),
      next_cursor: page.next_cursor,
    } satisfies OrdersResponse);
  });

  // GET /admin/orders/export - every order (with the customer's phone) as CSV, same filters as the list
  app.get("/export", (c) => {
    const filter = parseQuery(c, orderFilterSchema);
    return csvResponse(`orders-${exportDate()}.csv`, orderCsvHeader(true), (write) =>
      asUserExporting(deps.sql, c.get("claims"), async (tx) => {
        for await (const rows of adminOrderCsvLineBatches(tx, filter))
          await write(rows.map((row) => row.line).join(""));
      }),
    );
  });

  // PUT /admin/orders/{id}/status - move an order one step forward or back, cancel it with a reason, or reopen it
  app.put("/:id/status", async (c) => {
    const id = uuidParam(c.req.param("id"), "id");
    const { new_status, notes, reason } = await parseJsonBody(c, orderStatusChangeSchema);
    const order = await asUser(deps.sql, c.get("claims"), async (tx) => {
      await tx`select 1 from public.change_order_status(${id}, ${new_status}, ${notes ?? "Status changed by an admin"}, ${reason ?? null})`;
      const [row] = await readOrders(tx, tx`o.id = ${id}`);
      return row;
    });
    return c.json({
      message: `Order status updated to ${new_status} successfully!`,
      order: toOrderJson(order),
    } satisfies OrderStatusChangedResponse);
  });

  // PUT /admin/orders/{id}/review - clear a flagged order, so its commission follows the holding period
  app.put("/:id/review", async (c) => {
    const id = uuidParam(c.req.param("id"), "id");
    const { decision } = await parseJsonBody(c, orderReviewSchema);
    const order = await asUser(deps.sql, c.get("claims"), async (tx) => {
      await tx`select 1 from public.review_order(${id}, ${decision})`;
      const [row] = await readOrders(tx, tx`o.id = ${id}`);
      return row;
    });
    return c.json({ message: "Order cleared after review", order: toOrderJson(order) } satisfies OrderReviewedResponse);
  });

  return app;
}
