// Database fixtures for tests of later slices: campaigns and approved links made directly in
// Postgres (the campaign and link paths have their own tests), so order tests start from a
// known state without going through every screen.
import postgres from "postgres";
import { uniqueStoredPhone } from "./phones.ts";
import { databaseUrl } from "./stack.ts";

export const demoBusinessId = "00000000-0000-4000-8000-00000000b001";
export const demoInfluencerId = "00000000-0000-4000-8000-00000000a001";

export function fixtureDb() {
  return postgres(databaseUrl(), { max: 4, onnotice: () => {} });
}

export async function createCampaign(
  sql: postgres.Sql,
  opts: {
    businessId?: string;
    productName?: string;
    priceCents?: number;
    commissionRate?: number;
    status?: "active" | "inactive";
  } = {},
): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into public.campaigns (business_id, product_name, price_cents, commission_rate, description, image_urls)
    values (${opts.businessId ?? demoBusinessId}, ${opts.productName ?? `Fixture product ${Math.random().toString(36).slice(2, 8)}`},
            ${opts.priceCents ?? 2000}, ${opts.commissionRate ?? 0.1}, 'A fixture product', ${["https://example.com/p.png"]})
    returning id`;
  if (opts.status === "inactive") await sql`update public.campaigns set status = 'inactive' where id = ${row.id}`;
  return row.id;
}

export async function createApprovedLink(
  sql: postgres.Sql,
  campaignId: string,
  influencerId = demoInfluencerId,
): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into public.affiliate_links (influencer_id, campaign_id, status, decided_at)
    values (${influencerId}, ${campaignId}, 'approved', now()) returning id`;
  return row.id;
}

/** An order placed through the checkout function itself, from a made-up address of its own. */
export async function placeOrder(
  sql: postgres.Sql,
  campaignId: string,
  opts: { influencerId?: string; quantity?: number; district?: string; commune?: string; phone?: string } = {},
): Promise<string> {
  const phone = opts.phone ?? uniqueStoredPhone();
  const [row] = await sql<{ id: string }[]>`
    select id from private.place_order(${opts.influencerId ?? demoInfluencerId}, ${campaignId}, ${phone},
      ${opts.district ?? "Doun Penh"}, ${opts.commune ?? "Voat Phnum"}, ${opts.quantity ?? 1},
      ${`fixture-${Math.random().toString(36).slice(2)}`}, null, 'Sokha Chan', 'House 12, Street 271')`;
  return row.id;
}
