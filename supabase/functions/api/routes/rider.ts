// The rider's page (APP_URL/rider/<token>): a courier's rider reads its unfinished orders and marks
// each picked up, delivered, refused or unreachable, through the link an admin made, without an
// account. Every request counts against its address's limit (60 a minute; 429 with Retry-After),
// so no one walks the token space. Read and written through the service role, explicitly: the
// token names the courier (private.rider_courier_id), and private.rider_step acts only on that
// courier's orders, with the courier as the actor in the history and the audit log.
import { Hono, type Context } from "hono";
import { asService, type Tx } from "../../_shared/db.ts";
import type { AppDeps } from "../../_shared/context.ts";
import type { AppEnv } from "../lib/app-env.ts";
import { ApiError } from "../../_shared/errors.ts";
import { countPublicRequest } from "../lib/public-requests.ts";
import { money } from "../../_shared/contract/money.ts";
import { formatCambodianPhone } from "../../_shared/contract/phone.ts";
import {
  RIDER_PAGE_LIMIT,
  RIDER_TOKEN,
  riderStepSchema,
  type RiderOrder,
  type RiderPageResponse,
  type RiderStepResponse,
} from "../../_shared/contract/rider.ts";
import type { Tables } from "../../_shared/database.types.ts";
import { parseJsonBody, uuidParam } from "../../_shared/validation.ts";
import { sendTelegramNoticesAfterResponse } from "../lib/telegram-notices.ts";
import { deliveryPlaceSql } from "../read-models/orders.ts";

type RiderOrderRow = Pick<
  Tables<"orders">,
  "id" | "order_number" | "status" | "product_name" | "quantity" | "total_cents" | "created_at"
> &
  Pick<
    Tables<{ schema: "private" }, "order_contacts">,
    "recipient_name" | "customer_phone" | "address_line" | "landmark" | "delivery_note"
  > &
  Pick<Tables<"users">, "business_name" | "store_phone"> & { delivery_place: RiderOrder["delivery_place"] };

type StepRow = Pick<Tables<"orders">, "order_number" | "status" | "cancellation_reason"> & {
  applied: boolean;
  replayed: boolean;
};

const STEP_MESSAGES = {
  picked_up: "Marked picked up",
  delivered: "Marked delivered",
  refused: "Marked refused",
  unreachable: "Marked unreachable",
} as const;

/** The courier the path's token opens (404 for an unknown or revoked link, or an inactive courier). */
async function riderCourierId(tx: Tx, c: Context<AppEnv>): Promise<string> {
  const token = c.req.param("token") ?? "";
  const [row] = RIDER_TOKEN.test(token)
    ? await tx<{ id: string | null }[]>`select private.rider_courier_id(${token}) as id`
    : [];
  if (!row?.id) throw new ApiError("not_found", "This rider link is not valid");
  return row.id;
}

/** The courier's unfinished orders (private.rider_orders), one more than the page lists, in its order. */
function readRiderOrders(tx: Tx, courierId: string) {
  return tx<RiderOrderRow[]>`
    select o.id, o.order_number, o.status, o.product_name, o.quantity, o.total_cents, o.created_at,
           o.recipient_name, o.customer_phone, o.address_line, o.landmark, o.delivery_note,
           o.business_name, o.store_phone, ${deliveryPlaceSql(tx)} as delivery_place
    from private.rider_orders(${courierId}, ${RIDER_PAGE_LIMIT + 1}) with ordinality o
    -- The function's own order: on the road first, then the oldest.
    order by o.ordinality`;
}

const toRiderOrder = (row: RiderOrderRow): RiderOrder => ({
  id: row.id,
  order_number: row.order_number,
  order_status: row.status,
  product_name: row.product_name,
  quantity: row.quantity,
  ...money("amount_to_collect", row.total_cents),
  recipient_name: row.recipient_name,
  customer_phone: row.customer_phone,
  customer_phone_local: formatCambodianPhone(row.customer_phone),
  address_line: row.address_line,
  landmark: row.landmark,
  delivery_note: row.delivery_note,
  delivery_place: row.delivery_place,
  shop: { business_name: row.business_name, store_phone: row.store_phone },
  created_at: row.created_at,
});

export function riderRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  // GET /rider/{token} - the courier and its orders not yet finished
  app.get("/:token", async (c) => {
    await countPublicRequest(deps, c, "rider_page");
    const page = await asService(deps.sql, async (tx) => {
      const courierId = await riderCourierId(tx, c);
      const [courier] = await tx<Pick<Tables<"couriers">, "name" | "kind">[]>`
        select name, kind from public.couriers where id = ${courierId}`;
      const rows = await readRiderOrders(tx, courierId);
      return {
        courier,
        orders: rows.slice(0, RIDER_PAGE_LIMIT).map(toRiderOrder),
        more: rows.length > RIDER_PAGE_LIMIT,
      };
    });
    c.header("cache-control", "no-store");
    return c.json(page satisfies RiderPageResponse);
  });

  // PUT /rider/{token}/orders/{id} - one step on one of the courier's orders; a retry of a step
  // (same step_id) answers without doing it again
  app.put("/:token/orders/:id", async (c) => {
    await countPublicRequest(deps, c, "rider_page");
    const orderId = uuidParam(c.req.param("id"), "id");
    const input = await parseJsonBody(c, riderStepSchema);
    const { answer, queued } = await asService(deps.sql, async (tx) => {
      const courierId = await riderCourierId(tx, c);
      const [row] = await tx<StepRow[]>`
        select (s.changed).order_number, (s.changed).status, (s.changed).cancellation_reason, s.applied, s.replayed
        from private.rider_step(${courierId}, ${orderId}, ${input.step_id}, ${input.step},
                                ${input.cash_collected ?? null}) as s`;
      const [{ queued }] = await tx<{ queued: boolean }[]>`select private.telegram_notice_queued() as queued`;
      return { answer: row, queued };
    });
    // The customer's followed chat, and the shop's, hear of the new status.
    if (queued) sendTelegramNoticesAfterResponse(deps);
    return c.json({
      message: STEP_MESSAGES[input.step],
      order: {
        id: orderId,
        order_number: answer.order_number,
        order_status: answer.status,
        cancellation_reason: answer.cancellation_reason,
      },
      applied: answer.applied,
      replayed: answer.replayed,
    } satisfies RiderStepResponse);
  });

  return app;
}
