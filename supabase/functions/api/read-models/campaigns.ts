// The Campaign (docs/api.md, "Campaign") as the API returns it, and the columns it is read from:
// the price in dollars beside the exact cents, dates as YYYY-MM-DD (the database client keeps them
// as text, so no time zone can shift them).
import type { Campaign } from "../../_shared/contract/campaigns.ts";
import { money } from "../../_shared/contract/money.ts";
import type { Tables } from "../../_shared/database.types.ts";
import type { Tx } from "../../_shared/db.ts";

const CAMPAIGN_COLUMNS = [
  "id",
  "business_id",
  "product_name",
  "price_cents",
  "commission_rate",
  "description",
  "status",
  "is_active",
  "image_urls",
  "start_date",
  "end_date",
  "created_at",
  "updated_at",
  "deactivated_at",
] as const satisfies readonly (keyof Tables<"campaigns">)[];

export type CampaignRow = Pick<Tables<"campaigns">, (typeof CAMPAIGN_COLUMNS)[number]>;

/** The columns of a CampaignRow, for `select ${campaignColumns(tx)} from ...` and `returning`. */
export function campaignColumns(tx: Tx) {
  return tx([...CAMPAIGN_COLUMNS]);
}

export function toCampaignJson(row: CampaignRow): Campaign {
  return {
    id: row.id,
    business_id: row.business_id,
    product_name: row.product_name,
    ...money("price", row.price_cents),
    commission_rate: row.commission_rate,
    description: row.description,
    status: row.status,
    is_active: row.is_active,
    image_urls: row.image_urls,
    start_date: row.start_date,
    end_date: row.end_date,
    created_at: row.created_at,
    updated_at: row.updated_at,
    deactivated_at: row.deactivated_at,
  };
}
