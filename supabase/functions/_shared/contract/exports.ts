// The CSV exports' columns, in order (GET /orders/export, /admin/orders/export and
// /payouts/history/export). The function writes its header row from them, the route table
// (routes.ts) names them and the contract test reads them back. No Deno APIs: the SPA bundles it.

/** GET /orders/export as an influencer: orders through its links, without who receives them. */
export const ORDER_CSV_COLUMNS = [
  "order_number",
  "created_at",
  "status",
  "cancellation_reason",
  "product_name",
  "quantity",
  "unit_price",
  "delivery_fee",
  "total",
  "commission_rate",
  "business_name",
  "delivery_province",
  "delivery_district",
  "delivery_commune",
  "source",
  "review_status",
] as const;

/** Who receives an order and where: in a shop's export and the admin's, never an influencer's. */
const RECIPIENT_CSV_COLUMNS = ["recipient_name", "address_line", "landmark", "delivery_note"] as const;

/** GET /orders/export as a shop: the same, then who receives each order and where. */
export const SHOP_ORDER_CSV_COLUMNS = [...ORDER_CSV_COLUMNS, ...RECIPIENT_CSV_COLUMNS] as const;

/** GET /admin/orders/export: the same, then the flags (RLS gives nobody else any), the recipient and the phone, last. */
export const ADMIN_ORDER_CSV_COLUMNS = [
  ...ORDER_CSV_COLUMNS,
  "flags",
  ...RECIPIENT_CSV_COLUMNS,
  "customer_phone",
] as const;

/** GET /payouts/history/export */
export const PAYOUT_CSV_COLUMNS = [
  "payout_request_id",
  "requested_at",
  "completed_at",
  "status",
  "email",
  "business_name",
  "user_type",
  "total_amount",
  "gross_amount",
  "fee_amount",
  "transaction_count",
  "aba_reference",
  "bank_name",
  "account_name",
  "account_number",
] as const;

/**
 * GET /admin/couriers/{id}/statement: the cash a courier holds, one line per delivered order whose
 * cash is not all remitted, oldest delivery first (amounts in dollars).
 */
export const COURIER_STATEMENT_CSV_COLUMNS = [
  "order_number",
  "delivered_at",
  "product_name",
  "amount_due",
  "amount_remitted",
  "amount_outstanding",
  "cash_status",
] as const;
