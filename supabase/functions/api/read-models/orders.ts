// The Order of SPEC §3 as the API returns it: amounts in cents plus dollars for display.
import { centsToDollars } from "../../_shared/contract/money.ts";

export interface OrderRow {
  id: string;
  campaign_id: string;
  business_id: string;
  influencer_id: string;
  product_name: string;
  unit_price_cents: string | number;
  commission_rate: string;
  quantity: number;
  delivery_fee_cents: number;
  subtotal_cents: string | number;
  total_cents: string | number;
  delivery_district: string;
  delivery_commune: string;
  status: string;
  created_at: Date;
  updated_at: Date;
  business_email: string | null;
  influencer_email: string | null;
}

export const orderSelect = `
  o.id, o.campaign_id, o.business_id, o.influencer_id, o.product_name, o.unit_price_cents,
  o.commission_rate, o.quantity, o.delivery_fee_cents, o.subtotal_cents, o.total_cents,
  o.delivery_district, o.delivery_commune, o.status, o.created_at, o.updated_at,
  b.email as business_email, i.email as influencer_email
  from public.orders o
  left join public.users b on b.id = o.business_id
  left join public.users i on i.id = o.influencer_id`;

export function toOrderJson(row: OrderRow, customerPhone: string | null = null) {
  const unit = Number(row.unit_price_cents);
  const fee = Number(row.delivery_fee_cents);
  const total = Number(row.total_cents);
  return {
    id: row.id,
    campaign_id: row.campaign_id,
    product_name: row.product_name,
    customer_phone: customerPhone,
    delivery_commune: row.delivery_commune,
    delivery_district: row.delivery_district,
    quantity: row.quantity,
    product_price: centsToDollars(unit),
    delivery_fee: centsToDollars(fee),
    total_amount: centsToDollars(total),
    unit_price_cents: unit,
    delivery_fee_cents: fee,
    subtotal_cents: Number(row.subtotal_cents),
    total_cents: total,
    commission_rate: Number(row.commission_rate),
    business_email: row.business_email,
    influencer_email: row.influencer_email,
    order_status: row.status,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
