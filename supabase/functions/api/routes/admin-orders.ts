// Admin order board: every order with its customer's phone, and status changes (docs/product.md,
// "Orders").
import { Hono } from "hono";
import { asUser, type Tx } from "../../_shared/db.ts";
import type { AppDeps } from "../../_shared/context.ts";
import type { AppEnv } from "../lib/app-env.ts";
import {
  orderCsvHeader,
  orderCsvLineBatches,
  readOrderPage,
  readDeliveryContacts,
  readOrders,
  toOrderJson,
} from "../read-models/orders.ts";
import { csvResponse, exportDate } from "../lib/csv.ts";
import { asUserExporting } from "../lib/export-statement.ts";
import { pageOf } from "../lib/keyset.ts";
import { sendTelegramNoticesAfterResponse } from "../lib/telegram-notices.ts";
import { courierAssignSchema } from "../../_shared/contract/couriers.ts";
import {
  orderFilterSchema,
  orderListQuerySchema,
  orderReviewSchema,
  confirmationCallSchema,
  type ConfirmationCallResponse,
  type CourierAssignedResponse,
  orderStatusChangeSchema,
  type Order,
  type OrderReviewedResponse,
  type OrdersResponse,
  type OrderStatusChangedResponse,
} from "../../_shared/contract/orders.ts";
import { parseJsonBody, parseQuery, uuidParam } from "../../_shared/validation.ts";

export function adminOrderRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  // GET /admin/orders - one page of every order, newest first (?q, status, from, to, limit, cursor)
  app.get("/", async (c) => {
    const query = parseQuery(c, orderListQuerySchema);
    const { page, contacts } = await asUser(deps.sql, c.get("claims"), async (tx) => {
      const page = pageOf(await readOrderPage(tx, tx`true`, query, true), query);
      const contacts = await readDeliveryContacts(
        tx,
        page.rows.map((row) => row.id),
      );
      return { page, contacts };
    });
    return c.json({
      orders: page.rows.map((row) => toOrderJson(row, contacts.get(row.id) ?? null)),
      next_cursor: page.next_cursor,
    } satisfies OrdersResponse);
  });

  // GET /admin/orders/export - every order (with the customer's phone) as CSV, same filters as the list
  app.get("/export", (c) => {
    const filter = parseQuery(c, orderFilterSchema);
    return csvResponse(`orders-${exportDate()}.csv`, orderCsvHeader("admin"), (write) =>
      asUserExporting(deps.sql, c.get("claims"), async (tx) => {
        for await (const rows of orderCsvLineBatches(tx, tx`true`, filter, "admin"))
          await write(rows.map((row) => row.line).join(""));
      }),
    );
  });

  // PUT /admin/orders/{id}/status - move an order one step forward or back, cancel it with a reason, or reopen it
  app.put("/:id/status", async (c) => {
    const id = uuidParam(c.req.param("id"), "id");
    const { new_status, notes, reason } = await parseJsonBody(c, orderStatusChangeSchema);
    const { order, queued } = await asUser(deps.sql, c.get("claims"), async (tx) => {
      await tx`select 1 from public.change_order_status(${id}, ${new_status}, ${notes ?? "Status changed by an admin"}, ${reason ?? null})`;
      const [{ queued }] = await tx<{ queued: boolean }[]>`select private.telegram_notice_queued() as queued`;
      return { order: await readAdminOrder(tx, id), queued };
    });
    // The customer's chat, when one follows the order, hears of the change after the answer.
    if (queued) sendTelegramNoticesAfterResponse(deps);
    return c.json({
      message: `Order status updated to ${new_status} successfully!`,
      order,
    } satisfies OrderStatusChangedResponse);
  });

  // PUT /admin/orders/{id}/review - clear a flagged order, so its commission follows the holding period
  app.put("/:id/review", async (c) => {
    const id = uuidParam(c.req.param("id"), "id");
    const { decision } = await parseJsonBody(c, orderReviewSchema);
    const order = await asUser(deps.sql, c.get("claims"), async (tx) => {
      await tx`select 1 from public.review_order(${id}, ${decision})`;
      return readAdminOrder(tx, id);
    });
    return c.json({ message: "Order cleared after review", order } satisfies OrderReviewedResponse);
  });

  // PUT /admin/orders/{id}/confirmation - record a call made to confirm the order before dispatch
  app.put("/:id/confirmation", async (c) => {
    const id = uuidParam(c.req.param("id"), "id");
    const { outcome, note } = await parseJsonBody(c, confirmationCallSchema);
    const order = await asUser(deps.sql, c.get("claims"), async (tx) => {
      await tx`select 1 from public.record_confirmation_call(${id}, ${outcome}, ${note ?? null})`;
      return readAdminOrder(tx, id);
    });
    return c.json({ message: "Call recorded", order } satisfies ConfirmationCallResponse);
  });

  // PUT /admin/orders/{id}/courier - give the order to a courier, or take it back (null)
  app.put("/:id/courier", async (c) => {
    const id = uuidParam(c.req.param("id"), "id");
    const { courier_id } = await parseJsonBody(c, courierAssignSchema);
    const order = await asUser(deps.sql, c.get("claims"), async (tx) => {
      await tx`select 1 from public.assign_courier(${id}, ${courier_id})`;
      return readAdminOrder(tx, id);
    });
    return c.json({
      message: courier_id ? "Courier assigned" : "Courier taken off the order",
      order,
    } satisfies CourierAssignedResponse);
  });

  return app;
}

/** One order as the admin's board shows it, with who receives it. */
async function readAdminOrder(tx: Tx, id: string): Promise<Order> {
  const [row] = await readOrders(tx, tx`o.id = ${id}`);
  const contacts = await readDeliveryContacts(tx, [id]);
  return toOrderJson(row, contacts.get(id) ?? null);
}
