// The database's rules on what it stores, each stated once: the range or format is a CHECK
// constraint (supabase/schemas/), and its field and its one message are here. The api function
// answers a violated constraint with them (_shared/errors.ts: 23514 or 23502, by the constraint's
// name), and the request schemas refuse the same input earlier with the same words, so a client
// reads one sentence per rule whichever layer catches it (and the SPA one Khmer translation).
// Shared by the SPA and the api function (no Deno APIs).
//
// A constraint that is not listed answers Postgres's own message: those are rules whose request
// schema has more precise messages of its own (a required field, then a length), or that no input
// of the API can reach.

/** The input at fault, as the API names it (a body field or header), and what is wrong with it. */
export interface ConstraintRule {
  field: string;
  message: string;
}

const CAMBODIAN_PHONE = "Phone number must be a Cambodian number such as 012 345 678";
const QUANTITY = "Quantity must be a whole number from 1 to 10";
const REASON_LENGTH = "Reason must be at most 500 characters";

/**
 * By constraint name. A not-null violation has no name before PostgreSQL 18: it is looked up as
 * `<table>_<column>_not_null`, the name PostgreSQL 18 gives it.
 */
export const CONSTRAINT_RULES = {
  // checkout (05_orders.sql)
  orders_quantity_check: { field: "quantity", message: QUANTITY },
  orders_quantity_not_null: { field: "quantity", message: QUANTITY },
  order_contacts_customer_phone_check: { field: "customer_phone", message: CAMBODIAN_PHONE },
  // The first table a checkout writes the phone to, so the first to refuse none.
  checkout_attempts_customer_phone_not_null: { field: "customer_phone", message: "Phone number is required" },
  order_contacts_recipient_name_check: {
    field: "recipient_name",
    message: "Recipient name must be at most 100 characters",
  },
  order_contacts_address_line_check: { field: "address_line", message: "Address must be at most 200 characters" },
  order_contacts_landmark_check: { field: "landmark", message: "Landmark must be at most 200 characters" },
  order_contacts_delivery_note_check: {
    field: "delivery_note",
    message: "Note for the rider must be at most 500 characters",
  },
  // admins' confirmation calls (05_orders.sql)
  order_confirmation_calls_note_check: { field: "note", message: "Note must be at most 500 characters" },
  checkout_idempotency_keys_idempotency_key_check: {
    field: "Idempotency-Key",
    message: "Idempotency-Key must be 8 to 100 letters, digits, - or _",
  },
  // accounts (01_accounts.sql) and link decisions (03_campaigns_and_links.sql)
  users_phone_format: { field: "phone", message: CAMBODIAN_PHONE },
  users_store_handle_format: {
    field: "store_handle",
    message: "Store name must be 3 to 30 lower-case letters, digits, dots or underscores",
  },
  users_rejection_reason_length: { field: "reason", message: REASON_LENGTH },
  users_suspension_reason_length: { field: "reason", message: REASON_LENGTH },
  payout_requests_rejection_reason_length: { field: "reason", message: REASON_LENGTH },
  payout_reference_corrections_reason_length: { field: "reason", message: REASON_LENGTH },
  affiliate_link_rejections_reason_check: { field: "reason", message: REASON_LENGTH },
  // campaigns (03_campaigns_and_links.sql); the two decimals are a trigger's (the owner may store
  // finer rates), raised under this constraint name
  campaigns_commission_rate_two_decimals: {
    field: "commission_rate",
    message: "Commission rate can have at most two decimals (0.15 for 15%)",
  },
  campaigns_price_at_most_a_million: { field: "price", message: "Price must be at most $1,000,000" },
  campaigns_description_check: { field: "description", message: "Description must be at most 5000 characters" },
  campaigns_dates_in_order: { field: "end_date", message: "End date cannot be before the start date" },
  // delivery fees and estimates (04_zones.sql)
  provinces_delivery_fee_cents_check: { field: "delivery_fee", message: "Delivery fee must be from $0.00 to $100.00" },
  provinces_delivery_hours_min_check: {
    field: "estimate_hours_min",
    message: "estimate_hours_min must be a whole number of hours from 1 to 720",
  },
  provinces_delivery_hours_max_check: {
    field: "estimate_hours_max",
    message: "estimate_hours_max must be a whole number of hours from 1 to 720",
  },
  provinces_delivery_hours_order: {
    field: "estimate_hours_max",
    message: "The estimate's last hour cannot come before its first",
  },
  // marketplace settings (02_settings.sql)
  marketplace_settings_riel_per_usd_range: {
    field: "riel_per_usd",
    message: "riel_per_usd must be a whole number from 1000 to 10000",
  },
  marketplace_settings_commission_hold_days_range: {
    field: "commission_hold_days",
    message: "commission_hold_days must be a whole number from 0 to 90",
  },
  marketplace_settings_repeat_phone_orders_range: {
    field: "repeat_phone_orders",
    message: "repeat_phone_orders must be a whole number from 2 to 100",
  },
  marketplace_settings_repeat_phone_hours_range: {
    field: "repeat_phone_hours",
    message: "repeat_phone_hours must be a whole number from 1 to 720",
  },
  marketplace_settings_refusal_flag_percent_range: {
    field: "refusal_flag_percent",
    message: "refusal_flag_percent must be a whole number from 1 to 100",
  },
  marketplace_settings_refusal_flag_min_finished_range: {
    field: "refusal_flag_min_finished",
    message: "refusal_flag_min_finished must be a whole number from 1 to 1000",
  },
  marketplace_settings_max_commission_rate_range: {
    field: "max_commission_rate",
    message: "max_commission_rate must be from 0.05 to 0.90 with at most two decimals",
  },
  marketplace_settings_unconfirmed_cancel_hours_range: {
    field: "unconfirmed_cancel_hours",
    message: "unconfirmed_cancel_hours must be a whole number from 0 to 720 (0 turns it off)",
  },
  marketplace_settings_courier_remit_days_range: {
    field: "courier_remit_days",
    message: "courier_remit_days must be a whole number from 1 to 30",
  },
  // couriers (06_couriers.sql)
  couriers_name_check: { field: "name", message: "Name is required, at most 100 characters" },
  couriers_phone_check: { field: "phone", message: CAMBODIAN_PHONE },
  // remittances (06_remittances.sql)
  remittances_amount_cents_check: { field: "amount", message: "amount must be more than 0" },
  remittances_aba_reference_check: {
    field: "aba_reference",
    message: "ABA reference number is required, at most 64 characters",
  },
  remittances_reversal_reason_check: { field: "reason", message: REASON_LENGTH },
  // payouts (06_ledger_and_payouts.sql)
  payout_requests_aba_reference_check: {
    field: "aba_reference",
    message: "ABA reference number must be at most 64 characters",
  },
} as const satisfies Record<string, ConstraintRule>;

export type ConstraintName = keyof typeof CONSTRAINT_RULES;

/** The one message of a constraint, for the request schema that refuses the same input first. */
export function ruleMessage(name: ConstraintName): string {
  return CONSTRAINT_RULES[name].message;
}

/** The rule of a constraint by name, or undefined for one that is not listed. */
export function constraintRule(name: string | undefined): ConstraintRule | undefined {
  return name !== undefined && Object.hasOwn(CONSTRAINT_RULES, name)
    ? CONSTRAINT_RULES[name as ConstraintName]
    : undefined;
}
