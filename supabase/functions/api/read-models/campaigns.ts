// The Campaign of SPEC §3 as the API returns it: price in dollars beside the exact cents,
// dates as YYYY-MM-DD (read as text so no time zone can shift them).
import type { Campaign } from "../../_shared/contract/campaigns.ts";
import { centsToDollars } from "../../_shared/contract/money.ts";

export interface CampaignRow {
  id: string;
  business_id: string;
  product_name: string;
  price_cents: string; // bigint arrives as text
  commission_rate: string; // numeric arrives as text
  description: string;
  status: "active" | "inactive";
  is_active: boolean;
  image_urls: string[];
  start_date: string | null;
  end_date: string | null;
  created_at: Date;
  updated_at: Date;
  deactivated_at: Date | null;
}

export const campaignColumns = `id, business_id, product_name, price_cents, commission_rate, description,
  status, is_active, image_urls, start_date::text as start_date, end_date::text as end_date,
  created_at, updated_at, deactivated_at`;

export function toCampaignJson(row: CampaignRow): Campaign {
  const priceCents = Number(row.price_cents);
  return {
    id: row.id,
    business_id: row.business_id,
    product_name: row.product_name,
    price: centsToDollars(priceCents),
    price_cents: priceCents,
    commission_rate: Number(row.commission_rate),
    description: row.description,
    status: row.status,
    is_active: row.is_active,
    image_urls: row.image_urls,
    start_date: row.start_date,
    end_date: row.end_date,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    deactivated_at: row.deactivated_at?.toISOString() ?? null,
  };
}
