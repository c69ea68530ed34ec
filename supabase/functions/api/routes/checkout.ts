// Checkout for anonymous customers arriving through an affiliate link. Customers have no
// account, so both paths read through the service role — explicitly, and only what a customer
// may see: never bank details, emails, statuses or anything of the credentials.
import { Hono } from "hono";
import { asService } from "../../_shared/db.ts";
import type { AppDeps } from "../../_shared/context.ts";
import type { AppEnv } from "../lib/app-env.ts";
import { clientAddress } from "../../_shared/client-address.ts";
import { ApiError } from "../../_shared/errors.ts";
import { placedOrderColumns, toPlacedOrderJson, type PlacedOrderRow } from "../read-models/orders.ts";
import { money } from "../../_shared/contract/money.ts";
import { formatCambodianPhone } from "../../_shared/contract/phone.ts";
import { trackingPath } from "../../_shared/contract/order-tracking.ts";
import {
  checkoutOrderSchema,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeySchema,
  type CheckoutInfoResponse,
  type PlaceOrderResponse,
} from "../../_shared/contract/orders.ts";
import type { Database, Tables } from "../../_shared/database.types.ts";
import { parseJsonBody, uuidParam } from "../../_shared/validation.ts";
import { sendTelegramNoticesAfterResponse } from "../lib/telegram-notices.ts";

/** The campaign behind a link, with what a customer may see of its influencer and business. */
type CheckoutRow = Pick<Tables<"campaigns">, "product_name" | "description" | "price_cents" | "image_urls"> & {
  campaign_id: Tables<"campaigns">["id"];
  /** Why the campaign takes no orders today (inactive, not started, ended), or null. */
  closed_reason: Database["private"]["Functions"]["campaign_closed_reason"]["Returns"] | null;
  influencer_name: Tables<"users">["full_name"];
  influencer_handle: Tables<"users">["social_media_page"];
} & Pick<Tables<"users">, "business_name" | "store_phone" | "business_logo_url"> &
  Pick<Tables<"marketplace_settings">, "riel_per_usd">;

export function checkoutRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  // GET /checkout/info?influencer_id&product_id - what the checkout page shows
  app.get("/info", async (c) => {
    const influencerId = uuidParam(c.req.query("influencer_id") ?? "", "influencer_id");
    const productId = uuidParam(c.req.query("product_id") ?? "", "product_id");
    const [row] = await asService(
      deps.sql,
      (tx) => tx<CheckoutRow[]>`
      select c.id as campaign_id, c.product_name, c.description, c.price_cents, c.image_urls,
             private.link_closed_reason(c.status, c.start_date, c.end_date, i.status, b.status) as closed_reason,
             i.full_name as influencer_name,
             i.social_media_page as influencer_handle, b.business_name, b.store_phone, b.business_logo_url,
             s.riel_per_usd
      from public.affiliate_links l
      join public.campaigns c on c.id = l.campaign_id
      join public.users i on i.id = l.influencer_id
      join public.users b on b.id = c.business_id
      -- The settings table always holds exactly one row (its migration keeps it), so this join
      -- never drops a link.
      cross join public.marketplace_settings s
      where l.influencer_id = ${influencerId} and l.campaign_id = ${productId} and l.status = 'approved'`,
    );
    if (!row) throw new ApiError("not_found", "This checkout link is not valid");
    return c.json({
      campaign: {
        id: row.campaign_id,
        product_name: row.product_name,
        description: row.description,
        ...money("price", row.price_cents),
        image_urls: row.image_urls,
      },
      // A display name rather than the influencer's email: strangers on the internet see this page.
      influencer: { display_name: row.influencer_name || row.influencer_handle || "a ShopLink creator" },
      business: {
        business_name: row.business_name,
        store_phone: row.store_phone,
        store_phone_local: row.store_phone ? formatCambodianPhone(row.store_phone) : null,
        business_logo_url: row.business_logo_url,
      },
      // The admin's exchange rate, so the page can show riel beside dollars (docs/money.md).
      riel_per_usd: row.riel_per_usd,
      unavailable_reason: row.closed_reason,
    } satisfies CheckoutInfoResponse);
  });

  // POST /checkout/order - place a cash-on-delivery order (anonymous), attributed to its short-link click (ref); once per Idempotency-Key
  app.post("/order", async (c) => {
    const key = idempotencyKey(c.req.header(IDEMPOTENCY_KEY_HEADER));
    const input = await parseJsonBody(c, checkoutOrderSchema);
    // The key and its order are kept in this one transaction: a second request with the key waits
    // for the first and answers its order (replayed), creating nothing. One statement places the
    // order and answers it as stored.
    const order = await asService(deps.sql, async (tx) => {
      const [placed] = await tx<
        (PlacedOrderRow & { replayed: boolean; notice_queued: boolean; tracking_token: string })[]
      >`
        select ${placedOrderColumns(tx)}, p.replayed, p.notice_queued, p.tracking_token
        from private.place_order_once(${key}, ${input.influencer_id}, ${input.product_id}, ${input.customer_phone},
          ${input.delivery_district}, ${input.delivery_commune}, ${input.quantity}, ${clientAddress(c)},
          ${input.ref ?? null}, ${input.recipient_name}, ${input.address_line}, ${input.landmark ?? null},
          ${input.delivery_note ?? null}, ${input.delivery_province ?? null}) as p
        cross join lateral (select (p.placed).*) as o`;
      return placed;
    });
    // A replay is the first answer again: the order as it was placed (a new order).
    const placed = toPlacedOrderJson(order.replayed ? { ...order, status: "new_order" } : order);
    if (order.replayed) c.header("Idempotent-Replayed", "true");
    // Drained after the answer, and only when this order queued a notice (a linked chat wants it).
    if (order.notice_queued) sendTelegramNoticesAfterResponse(deps);
    return c.json(
      {
        message: "Order placed successfully!",
        order: placed,
        tracking_url: `${deps.appUrl}${trackingPath(order.tracking_token)}`,
      } satisfies PlaceOrderResponse,
      201,
    );
  });

  return app;
}

/** The Idempotency-Key header, checked (400 naming it when malformed); null when not sent. */
function idempotencyKey(value: string | undefined): string | null {
  if (value === undefined) return null;
  const parsed = idempotencyKeySchema.safeParse(value);
  if (!parsed.success) throw new ApiError("invalid_input", parsed.error.issues[0].message, IDEMPOTENCY_KEY_HEADER);
  return parsed.data;
}
