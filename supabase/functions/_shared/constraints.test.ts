// Each rule of contract/constraints.ts against the real database named by DATABASE_URL (the
// migrations' owner role, npm test provides one): every listed constraint is violated for real,
// in a transaction that is always rolled back, and the error the database raises is answered with
// the rule's field and message. A rule without a case here fails the first test, so a constraint
// added to the table is tried too.
import postgres from "postgres";
import assert from "node:assert/strict";
import { CONSTRAINT_RULES, type ConstraintName } from "./contract/constraints.ts";
import { toApiError } from "./errors.ts";

const databaseUrl = Deno.env.get("DATABASE_URL");
if (!databaseUrl) throw new Error("DATABASE_URL must name a migrated test database (npm test sets it)");

const sanitize = { sanitizeOps: false, sanitizeResources: false };

type Statement = (tx: postgres.TransactionSql) => Promise<unknown>;

// Foreign keys are checked after the row's CHECK and not-null constraints, so made-up ids do.
const order = (quantity: number | null) => (tx: postgres.TransactionSql) => tx`
  insert into public.orders (campaign_id, affiliate_link_id, business_id, influencer_id, product_name,
    unit_price_cents, commission_rate, quantity, delivery_fee_cents, delivery_district, delivery_commune,
    delivery_commune_code)
  values (gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), 'Kampot Pepper',
    1000, 0.10, ${quantity}, 100, 'Doun Penh', 'Phsar Thmei Ti Muoy', '120201')`;
const contact = (column: string, value: string) => (tx: postgres.TransactionSql) =>
  tx`insert into private.order_contacts ${tx({ order_id: crypto.randomUUID(), customer_phone: "+85512345678", [column]: value })}`;
const campaign =
  (changes: { price_cents?: number; description?: string; start_date?: string; end_date?: string }) =>
  (tx: postgres.TransactionSql) => tx`
    insert into public.campaigns (business_id, product_name, price_cents, commission_rate, image_urls, description,
      start_date, end_date)
    values (gen_random_uuid(), 'Kampot Pepper', ${changes.price_cents ?? 1000}, 0.10, array['https://example.com/a.png'],
      ${changes.description ?? ""}, ${changes.start_date ?? null}, ${changes.end_date ?? null})`;
const setting = (column: string, value: number) => (tx: postgres.TransactionSql) =>
  tx`update public.marketplace_settings set ${tx({ [column]: value })} where id`;

/** One violation of each rule. */
const violations: Record<ConstraintName, Statement> = {
  orders_quantity_check: order(11),
  orders_quantity_not_null: order(null),
  order_contacts_customer_phone_check: (tx) =>
    tx`insert into private.order_contacts (order_id, customer_phone) values (gen_random_uuid(), '012 345 678')`,
  provinces_delivery_fee_cents_check: (tx) =>
    tx`update public.provinces set delivery_fee_cents = 10001 where code = '17'`,
  provinces_delivery_hours_min_check: (tx) => tx`update public.provinces set delivery_hours_min = 0 where code = '17'`,
  provinces_delivery_hours_max_check: (tx) =>
    tx`update public.provinces set delivery_hours_max = 721 where code = '17'`,
  provinces_delivery_hours_order: (tx) =>
    tx`update public.provinces set delivery_hours_min = 100, delivery_hours_max = 50 where code = '17'`,
  order_confirmation_calls_note_check: (tx) =>
    tx`insert into public.order_confirmation_calls (order_id, outcome, note, called_by)
       values (gen_random_uuid(), 'no_answer', ${"n".repeat(501)}, gen_random_uuid())`,
  order_contacts_recipient_name_check: contact("recipient_name", "n".repeat(101)),
  order_contacts_address_line_check: contact("address_line", "a".repeat(201)),
  order_contacts_landmark_check: contact("landmark", "l".repeat(201)),
  order_contacts_delivery_note_check: contact("delivery_note", "d".repeat(501)),
  checkout_attempts_customer_phone_not_null: (tx) =>
    tx`insert into private.checkout_attempts (customer_phone, client_ip) values (null, '198.51.100.1')`,
  checkout_idempotency_keys_idempotency_key_check: (tx) => tx`
    insert into private.checkout_idempotency_keys (idempotency_key, request_hash, order_id)
    values ('short', repeat('a', 64), gen_random_uuid())`,
  users_phone_format: (tx) =>
    tx`insert into public.users (email, user_type, phone) values ('rules-phone@test.local', 'influencer', '012345678')`,
  users_store_handle_format: (tx) =>
    tx`insert into public.users (email, user_type, store_handle) values ('rules-handle@test.local', 'influencer', 'Ab')`,
  users_rejection_reason_length: (tx) => tx`
    insert into public.users (email, user_type, status, rejection_reason)
    values ('rules-reason@test.local', 'business', 'rejected', repeat('x', 501))`,
  users_suspension_reason_length: (tx) => tx`
    insert into public.users (email, user_type, status, suspension_reason)
    values ('rules-suspension@test.local', 'business', 'suspended', repeat('x', 501))`,
  affiliate_link_rejections_reason_check: (tx) => tx`
    insert into public.affiliate_link_rejections (affiliate_link_id, influencer_id, reason)
    values (gen_random_uuid(), gen_random_uuid(), repeat('x', 501))`,
  // The two-decimal rule is a client's (the owner may store finer rates): tried as authenticated.
  campaigns_commission_rate_two_decimals: async (tx) => {
    await tx`set local role authenticated`;
    await tx`
      insert into public.campaigns (business_id, product_name, price_cents, commission_rate, image_urls)
      values (gen_random_uuid(), 'Kampot Pepper', 1000, 0.155, array['https://example.com/a.png'])`;
  },
  campaigns_price_at_most_a_million: campaign({ price_cents: 100_000_001 }),
  campaigns_description_check: campaign({ description: "x".repeat(5001) }),
  campaigns_dates_in_order: campaign({ start_date: "2026-12-31", end_date: "2026-12-01" }),
  marketplace_settings_riel_per_usd_range: setting("riel_per_usd", 999),
  marketplace_settings_commission_hold_days_range: setting("commission_hold_days", 91),
  marketplace_settings_repeat_phone_orders_range: setting("repeat_phone_orders", 1),
  marketplace_settings_repeat_phone_hours_range: setting("repeat_phone_hours", 721),
  marketplace_settings_refusal_flag_percent_range: setting("refusal_flag_percent", 0),
  marketplace_settings_refusal_flag_min_finished_range: setting("refusal_flag_min_finished", 1001),
  marketplace_settings_max_commission_rate_range: setting("max_commission_rate", 0.555),
  marketplace_settings_unconfirmed_cancel_hours_range: setting("unconfirmed_cancel_hours", 721),
  marketplace_settings_courier_remit_days_range: setting("courier_remit_days", 31),
  couriers_name_check: (tx) =>
    tx`insert into public.couriers (name, phone, kind) values (${"n".repeat(101)}, '+85512345678', 'freelance')`,
  couriers_phone_check: (tx) =>
    tx`insert into public.couriers (name, phone, kind) values ('Dara', '012 345 678', 'freelance')`,
  remittances_amount_cents_check: (tx) => tx`
    insert into public.remittances (courier_id, amount_cents, aba_reference, received_at, recorded_by)
    values (gen_random_uuid(), 0, 'ABA-1', now(), gen_random_uuid())`,
  remittances_aba_reference_check: (tx) => tx`
    insert into public.remittances (courier_id, amount_cents, aba_reference, received_at, recorded_by)
    values (gen_random_uuid(), 100, repeat('A', 65), now(), gen_random_uuid())`,
  remittances_reversal_reason_check: (tx) => tx`
    insert into public.remittances (courier_id, amount_cents, aba_reference, received_at, recorded_by,
                                    reversed_at, reversed_by, reversal_reason)
    values (gen_random_uuid(), 100, 'ABA-1', now(), gen_random_uuid(), now(), gen_random_uuid(), repeat('r', 501))`,
  payout_requests_aba_reference_check: (tx) => tx`
    insert into public.payout_requests (user_id, amount_cents, gross_cents, fee_cents, aba_reference)
    values (gen_random_uuid(), 100, 100, 0, repeat('A', 65))`,
  payout_requests_rejection_reason_length: (tx) => tx`
    insert into public.payout_requests (user_id, amount_cents, gross_cents, fee_cents, rejection_reason)
    values (gen_random_uuid(), 100, 100, 0, repeat('x', 501))`,
  payout_reference_corrections_reason_length: (tx) => tx`
    insert into public.payout_reference_corrections (payout_request_id, previous_reference, aba_reference, reason, corrected_by)
    values (gen_random_uuid(), 'A', 'B', repeat('x', 501), gen_random_uuid())`,
};

/** The error the statement raises, in a transaction that is rolled back whatever happens. */
async function errorOf(statement: Statement): Promise<unknown> {
  const sql = postgres(databaseUrl!, { max: 1, onnotice: () => {} });
  const noError = new Error("the statement broke no rule");
  try {
    await sql.begin(async (tx) => {
      await statement(tx);
      throw noError;
    });
    return noError;
  } catch (error) {
    return error;
  } finally {
    await sql.end();
  }
}

Deno.test("every rule of contract/constraints.ts has a violation to try", () => {
  assert.deepStrictEqual(Object.keys(violations).sort(), Object.keys(CONSTRAINT_RULES).sort());
});

for (const [name, statement] of Object.entries(violations) as [ConstraintName, Statement][]) {
  Deno.test({
    name: `${name}: the database refuses it and the API answers 400 with its field and message`,
    ...sanitize,
    fn: async () => {
      const error = (await errorOf(statement)) as { code?: string; constraint_name?: string; message?: string };
      assert.ok(
        error.code === "23514" || error.code === "23502",
        `expected 23514 or 23502, got ${error.code}: ${error.message}`,
      );
      const answer = toApiError(error);
      assert.deepStrictEqual(
        { code: answer.code, field: answer.field, message: answer.message },
        { code: "invalid_input", field: CONSTRAINT_RULES[name].field, message: CONSTRAINT_RULES[name].message },
      );
    },
  });
}

Deno.test({
  name: "a not-null violation without a rule stays a 500 that names nothing; a CHECK without one keeps Postgres's words",
  ...sanitize,
  fn: async () => {
    const original = console.error;
    console.error = () => {};
    try {
      const missing = toApiError(
        await errorOf((tx) => tx`insert into private.checkout_attempts (customer_phone, client_ip) values ('x', null)`),
      );
      assert.deepStrictEqual(
        [missing.code, missing.field, missing.message],
        ["internal", undefined, "Something went wrong. Please try again."],
      );
    } finally {
      console.error = original;
    }
    const unlisted = toApiError(
      await errorOf((tx) => tx`update public.delivery_zones set fee_cents = -1 where commune_code = '120101'`),
    );
    assert.deepStrictEqual(
      [unlisted.code, unlisted.message],
      [
        "invalid_input",
        'new row for relation "delivery_zones" violates check constraint "delivery_zones_fee_cents_check"',
      ],
    );
  },
});
