// The Order of SPEC §3 as the api function returns it (GET /admin/orders, GET /orders/user/all):
// amounts in integer cents plus dollars; customer_phone only for admins, emails only where the
// caller may see them.
import { z } from "zod";

// Postgres numerics may arrive as strings ("0.1000"); both forms are accepted.
const numeric = z.union([z.number(), z.string().trim().min(1)]).pipe(z.coerce.number());

export const orderSchema = z.object({
  id: z.string(),
  campaign_id: z.string().optional(),
  product_name: z.string(),
  customer_phone: z.string().nullish(),
  delivery_commune: z.string(),
  delivery_district: z.string(),
  quantity: z.number().int(),
  /** Dollars (display only; amounts are computed from the *_cents fields). */
  product_price: numeric.optional(),
  delivery_fee: numeric.optional(),
  total_amount: numeric.optional(),
  unit_price_cents: z.number().int(),
  delivery_fee_cents: z.number().int(),
  subtotal_cents: z.number().int().optional(),
  total_cents: z.number().int(),
  commission_rate: numeric.optional(),
  business_email: z.string().nullish(),
  influencer_email: z.string().nullish(),
  /** Kept as text: an unknown status displays as new_order (SPEC §4). */
  order_status: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type Order = z.infer<typeof orderSchema>;

export const ordersResponseSchema = z.object({ orders: z.array(orderSchema) });
