// The CSV exports' columns, in order (GET /orders/export, /admin/orders/export and
// /payouts/history/export). The function writes its header row from them, the route table
// (routes.ts) names them and the contract test reads them back. No Deno APIs: the SPA bundles it.

/** GET /orders/export: a business's or an influencer's orders, without customers' phones. */
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
  "delivery_district",
  "delivery_commune",
  "source",
  "review_status",
] as const;

/** GET /admin/orders/export: the same, then the flags (RLS gives nobody else any) and the phone, last. */
export const ADMIN_ORDER_CSV_COLUMNS = [...ORDER_CSV_COLUMNS, "flags", "customer_phone"] as const;

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
