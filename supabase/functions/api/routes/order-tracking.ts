// The customer's order page: an order read, confirmed or cancelled through the token of its page
// (APP_URL/o/<token>, answered by the checkout), without an account. Every request counts against
// its address's limit (60 a minute; 429 with Retry-After), so no one walks the token space. Read
// through the service role, explicitly, and only what the customer's page shows: never the phone
// nor the address (whoever holds the link may not be the customer).
import { Hono, type Context } from "hono";
import { asService, type Tx } from "../../_shared/db.ts";
import type { AppDeps } from "../../_shared/context.ts";
import type { AppEnv } from "../lib/app-env.ts";
import { ApiError } from "../../_shared/errors.ts";
import { countPublicRequest } from "../lib/public-requests.ts";
import { centsToDollars } from "../../_shared/contract/money.ts";
import { formatCambodianPhone } from "../../_shared/contract/phone.ts";
import {
  orderFollowLinkSchema,
  TRACKING_TOKEN,
  type TrackedOrder,
  type TrackedOrderChangedResponse,
  type TrackedOrderResponse,
} from "../../_shared/contract/order-tracking.ts";
import type { TelegramLinkResponse } from "../../_shared/contract/telegram.ts";
import { orderFollowStart, startLink } from "../../_shared/telegram/start-links.ts";
import { parseJsonBody } from "../../_shared/validation.ts";
import { sendTelegramNoticesAfterResponse } from "../lib/telegram-notices.ts";
import type { Tables } from "../../_shared/database.types.ts";
import { deliveryPlaceSql } from "../read-models/orders.ts";

type TrackedRow = Pick<
  Tables<"orders">,
  | "order_number"
  | "status"
  | "cancellation_reason"
  | "confirmation"
  | "product_name"
  | "quantity"
  | "total_cents"
  | "created_at"
> & {
  delivery_place: TrackedOrder["delivery_place"];
  timeline: {
    order_status: Tables<"orders">["status"];
    at: string;
    cancellation_reason: Tables<"orders">["cancellation_reason"];
  }[];
} & Pick<Tables<"users">, "business_name" | "store_phone"> & { telegram_updates: boolean };

/** The order the path's token opens (404 otherwise). */
async function trackedOrderId(tx: Tx, c: Context<AppEnv>): Promise<string> {
  const token = c.req.param("token") ?? "";
  const [row] = TRACKING_TOKEN.test(token)
    ? await tx<{ id: string | null }[]>`select private.tracked_order_id(${token}) as id`
    : [];
  if (!row?.id) throw new ApiError("not_found", "This order link is not valid");
  return row.id;
}

async function readTrackedOrder(tx: Tx, id: string): Promise<TrackedOrder> {
  const [row] = await tx<TrackedRow[]>`
    select o.order_number, o.status, o.cancellation_reason, o.confirmation, o.product_name, o.quantity,
           o.total_cents, o.created_at, b.business_name, b.store_phone, ${deliveryPlaceSql(tx)} as delivery_place,
           (select json_agg(json_build_object('order_status', h.to_status,
                   'at', to_char(h.changed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                   'cancellation_reason', h.cancellation_reason) order by h.id)
            from public.order_status_history h where h.order_id = o.id) as timeline,
           exists (select from private.order_followers f where f.order_id = o.id) as telegram_updates
    from public.orders o
    join public.users b on b.id = o.business_id
    where o.id = ${id}`;
  const open = row.status === "new_order" || row.status === "ready_for_pickup";
  return {
    order_number: row.order_number,
    order_status: row.status,
    cancellation_reason: row.cancellation_reason,
    confirmation: row.confirmation,
    product_name: row.product_name,
    quantity: row.quantity,
    total_amount: centsToDollars(row.total_cents),
    total_cents: row.total_cents,
    delivery_place: row.delivery_place,
    timeline: row.timeline,
    can_confirm: open && row.confirmation === "unconfirmed",
    can_cancel: open,
    telegram_updates: row.telegram_updates,
    shop: {
      business_name: row.business_name,
      store_phone: row.store_phone,
      store_phone_local: row.store_phone ? formatCambodianPhone(row.store_phone) : null,
    },
    created_at: row.created_at,
  };
}

export function orderTrackingRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  // GET /orders/track/{token} - the order as its customer reads it
  app.get("/:token", async (c) => {
    await countPublicRequest(deps, c, "order_page");
    const order = await asService(deps.sql, async (tx) => readTrackedOrder(tx, await trackedOrderId(tx, c)));
    c.header("cache-control", "no-store");
    return c.json({ order } satisfies TrackedOrderResponse);
  });

  // POST /orders/track/{token}/confirm - the customer confirms the order (again: no change)
  app.post("/:token/confirm", async (c) => {
    await countPublicRequest(deps, c, "order_page");
    const order = await asService(deps.sql, async (tx) => {
      const id = await trackedOrderId(tx, c);
      await tx`select 1 from private.confirm_order_by_customer(${id})`;
      return readTrackedOrder(tx, id);
    });
    return c.json({ message: "Order confirmed", order } satisfies TrackedOrderChangedResponse);
  });

  // POST /orders/track/{token}/cancel - the customer cancels the order while the shop still has it
  app.post("/:token/cancel", async (c) => {
    await countPublicRequest(deps, c, "order_page");
    const { order, queued } = await asService(deps.sql, async (tx) => {
      const id = await trackedOrderId(tx, c);
      await tx`select 1 from private.cancel_order_by_customer(${id})`;
      const [{ queued }] = await tx<{ queued: boolean }[]>`select private.telegram_notice_queued() as queued`;
      return { order: await readTrackedOrder(tx, id), queued };
    });
    // A chat following the order hears of it too.
    if (queued) sendTelegramNoticesAfterResponse(deps);
    return c.json({ message: "Order cancelled", order } satisfies TrackedOrderChangedResponse);
  });

  // POST /orders/track/{token}/telegram - the t.me link that makes a Telegram chat follow the order
  app.post("/:token/telegram", async (c) => {
    await countPublicRequest(deps, c, "order_page");
    if (!deps.telegram) throw new ApiError("unavailable", "Telegram updates are not set up on this marketplace yet");
    const telegram = deps.telegram;
    const { language } = await parseJsonBody(c, orderFollowLinkSchema);
    const token = await asService(deps.sql, async (tx) => {
      const id = await trackedOrderId(tx, c);
      const [row] = await tx<{ token: string }[]>`select private.new_order_follow_token(${id}, ${language}) as token`;
      return row.token;
    });
    c.header("cache-control", "no-store");
    return c.json({ url: startLink(telegram, orderFollowStart(token)) } satisfies TelegramLinkResponse);
  });

  return app;
}
