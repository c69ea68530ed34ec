// Request schemas for checkout and order status changes (SPEC §5, §7), shared by the SPA and
// the api function.
import { z } from "zod";
import { normaliseCambodianPhone } from "./phone.ts";

export const ORDER_STATUSES = ["new_order", "ready_for_pickup", "out_for_delivery", "delivered"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const id = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .pipe(z.uuid(`${label} must be a valid id`));

const placeName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} is too long`);

export const checkoutOrderSchema = z.object({
  influencer_id: id("influencer_id"),
  product_id: id("product_id"),
  customer_phone: z
    .string({ error: "Phone number is required" })
    .trim()
    .min(1, "Phone number is required")
    .transform((value, ctx) => {
      const normalised = normaliseCambodianPhone(value);
      if (!normalised) {
        ctx.addIssue({ code: "custom", message: "Phone number must be a Cambodian number such as 012 345 678" });
        return z.NEVER;
      }
      return normalised;
    }),
  delivery_district: placeName("District"),
  delivery_commune: placeName("Commune"),
  quantity: z.coerce
    .number({ error: "Quantity must be a whole number from 1 to 10" })
    .int("Quantity must be a whole number from 1 to 10")
    .min(1, "Quantity must be a whole number from 1 to 10")
    .max(10, "Quantity must be a whole number from 1 to 10"),
});

export const orderStatusChangeSchema = z.object({
  new_status: z.enum(ORDER_STATUSES, `new_status must be one of ${ORDER_STATUSES.join(", ")}`),
  notes: z.string({ error: "notes must be text" }).trim().max(500, "notes must be at most 500 characters").optional(),
});

export type CheckoutOrderInput = z.input<typeof checkoutOrderSchema>;
