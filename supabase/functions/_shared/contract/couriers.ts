// Couriers (docs/api.md, "Couriers"): the delivery companies and riders an admin manages and gives
// orders to. Request and response schemas, shared by the SPA and the api function (no Deno APIs).
import { z } from "zod";
import { ruleMessage } from "./constraints.ts";
import { id, message, storedPhone, timestamp } from "./fields.ts";
import { moneyShape } from "./money.ts";
import { cambodianPhone } from "./phone-field.ts";
import { COURIER_KINDS } from "./statuses.ts";

export { COURIER_KINDS, type CourierKind } from "./statuses.ts";

const nameRule = ruleMessage("couriers_name_check");
const courierName = z.string({ error: nameRule }).trim().min(1, nameRule).max(100, nameRule);
const kind = z.enum(COURIER_KINDS, { error: `kind must be one of ${COURIER_KINDS.join(", ")}` });
const flag = (field: string) => z.boolean({ error: `${field} must be true or false` });

/** A courier as admins read it, with the orders it carries now (not yet delivered or cancelled) and the cash it holds. */
export const courierSchema = z.object({
  id,
  name: z.string(),
  phone: storedPhone,
  kind,
  active: z.boolean(),
  /** True: it keeps the delivery fee and remits the sale; false: it remits all it collected. */
  keeps_delivery_fee: z.boolean(),
  open_orders: z.number().int(),
  /** The cash it collected and has not remitted (what it carried minus what it remitted). */
  ...moneyShape("cash_held"),
  /** Its delivered orders whose cash is not all remitted, and when the oldest was delivered. */
  unremitted_orders: z.number().int(),
  oldest_unremitted_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

/** POST /admin/couriers */
export const courierCreateSchema = z
  .object({
    name: courierName,
    phone: cambodianPhone("Phone number", { invalid: ruleMessage("couriers_phone_check") }),
    kind,
    keeps_delivery_fee: flag("keeps_delivery_fee").default(true),
  })
  .strict();

/** PUT /admin/couriers/{id}: any of the fields; what is not sent stays. */
export const courierUpdateSchema = z
  .object({
    name: courierName.optional(),
    phone: cambodianPhone("Phone number", { invalid: ruleMessage("couriers_phone_check") }).optional(),
    kind: kind.optional(),
    active: flag("active").optional(),
    keeps_delivery_fee: flag("keeps_delivery_fee").optional(),
  })
  .strict()
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    message: "Nothing to change: send at least one field",
  });

/** PUT /admin/orders/{id}/courier: the courier that carries it, or null to take it back. */
export const courierAssignSchema = z
  .object({ courier_id: z.guid("courier_id must be a courier's id or null").nullable() })
  .strict();

/** GET /admin/couriers: every courier, active ones first, by name. */
export const couriersResponseSchema = z.object({ couriers: z.array(courierSchema) });

/** POST /admin/couriers and PUT /admin/couriers/{id} */
export const courierSavedResponseSchema = z.object({ message, courier: courierSchema });

export type Courier = z.infer<typeof courierSchema>;
export type CourierCreateInput = z.input<typeof courierCreateSchema>;
export type CourierUpdateInput = z.input<typeof courierUpdateSchema>;
export type CourierAssignInput = z.input<typeof courierAssignSchema>;
export type CouriersResponse = z.infer<typeof couriersResponseSchema>;
export type CourierSavedResponse = z.infer<typeof courierSavedResponseSchema>;
