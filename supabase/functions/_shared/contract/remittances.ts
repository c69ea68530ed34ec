// Courier cash and remittances (docs/api.md, "Couriers"): what an admin records when a courier
// hands over the cash it collected, typed or read from the courier's statement (CSV), and how a
// delivered order's cash stands. Request and response schemas, shared by the SPA and the api
// function (no Deno APIs).
import { z } from "zod";
import { ruleMessage } from "./constraints.ts";
import { id, message, timestamp } from "./fields.ts";
import { moneyShape, positiveDollars } from "./money.ts";
import { CASH_STATUSES } from "./statuses.ts";

export { CASH_STATUSES, type CashStatus } from "./statuses.ts";

/** The most orders one remittance pays (typed or in a statement). */
export const MAX_REMITTANCE_ORDERS = 1000;
/** The largest statement accepted: 1,000 lines of a few columns, with room to spare. */
export const MAX_STATEMENT_CHARS = 200_000;

const orderNumber = z
  .string({ error: "order_number is required" })
  .trim()
  .regex(/^SL-\d{6,9}$/, "order_number must be an order number such as SL-000123");

/** One order a remittance pays, and how much for it. */
export const remittanceLineSchema = z.object({ order_number: orderNumber, amount: positiveDollars("amount") }).strict();

/**
 * POST /admin/couriers/{id}/remittances: the cash received (amount, ABA reference, when) and the
 * orders it pays, as a list or as the courier's statement (CSV: order number and amount a line).
 */
export const remittanceCreateSchema = z
  .object({
    amount: positiveDollars("amount"),
    aba_reference: z
      .string({ error: ruleMessage("remittances_aba_reference_check") })
      .trim()
      .min(1, ruleMessage("remittances_aba_reference_check"))
      .max(64, ruleMessage("remittances_aba_reference_check")),
    received_at: z.iso.datetime({
      offset: true,
      error: "received_at must be a date and time such as 2026-11-27T09:30:00Z",
    }),
    orders: z
      .array(remittanceLineSchema, { error: "orders must be a list of {order_number, amount}" })
      .max(MAX_REMITTANCE_ORDERS, `A remittance pays at most ${MAX_REMITTANCE_ORDERS} orders`)
      .optional(),
    statement_csv: z
      .string({ error: "statement_csv must be the text of a CSV file" })
      .max(MAX_STATEMENT_CHARS, "The statement is too long: at most 1,000 orders")
      .optional(),
  })
  .strict()
  .refine((input) => input.orders === undefined || input.statement_csv === undefined, {
    message: "Send the orders or a statement, not both",
    path: ["statement_csv"],
  });

/** POST /admin/couriers/{id}/remittances/{remittance_id}/reverse: why, for the audit log. */
export const remittanceReverseSchema = z
  .object({
    reason: z
      .string({ error: "A reason is required to reverse a remittance" })
      .trim()
      .min(1, "A reason is required to reverse a remittance")
      .max(500, ruleMessage("remittances_reversal_reason_check")),
  })
  .strict();

/** A remittance as admins read it: what it pays, and what it pays beyond its orders. */
export const remittanceSchema = z.object({
  id,
  courier_id: id,
  ...moneyShape("amount"),
  aba_reference: z.string(),
  received_at: timestamp,
  recorded_by_email: z.string(),
  recorded_at: timestamp,
  orders: z.array(z.object({ order_id: id, order_number: z.string(), ...moneyShape("amount") })),
  /** What it pays beyond its orders. */
  ...moneyShape("over_remitted"),
  reversed_at: timestamp.nullable(),
  reversed_by_email: z.string().nullable(),
  reversal_reason: z.string().nullable(),
});

/** GET /admin/couriers/{id}/remittances: newest received first. */
export const remittancesResponseSchema = z.object({ remittances: z.array(remittanceSchema) });

/** POST /admin/couriers/{id}/remittances and .../reverse */
export const remittanceSavedResponseSchema = z.object({ message, remittance: remittanceSchema });

/** A delivered order's cash, when a courier carried it; null otherwise. */
export const orderCashSchema = z.object({
  status: z.enum(CASH_STATUSES),
  ...moneyShape("due"),
  ...moneyShape("remitted"),
  /** What a short order still owes (0 otherwise). */
  ...moneyShape("short"),
});

export type RemittanceLineInput = z.input<typeof remittanceLineSchema>;
export type RemittanceCreateInput = z.input<typeof remittanceCreateSchema>;
export type RemittanceReverseInput = z.input<typeof remittanceReverseSchema>;
export type Remittance = z.infer<typeof remittanceSchema>;
export type RemittancesResponse = z.infer<typeof remittancesResponseSchema>;
export type RemittanceSavedResponse = z.infer<typeof remittanceSavedResponseSchema>;
export type OrderCash = z.infer<typeof orderCashSchema>;
