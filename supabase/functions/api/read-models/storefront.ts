// Storefronts as the API returns them: the influencer's own settings (read as the influencer, RLS
// keeps them to their own) and the store a visitor sees (read through the service role, anonymous,
// and only what the checkout already shows strangers).
import { parseImageUrl } from "../../_shared/contract/image-sets.ts";
import { shortUrl } from "../../_shared/contract/links.ts";
import { money } from "../../_shared/contract/money.ts";
import {
  storeUrl,
  type StorefrontSettings,
  type StoreImage,
  type StoreResponse,
} from "../../_shared/contract/storefront.ts";
import type { Tables } from "../../_shared/database.types.ts";
import type { Tx } from "../../_shared/db.ts";

export async function readStorefrontSettings(
  tx: Tx,
  influencerId: string,
  appUrl: string,
): Promise<StorefrontSettings> {
  const [row] = await tx<{ handle: string | null; link_ids: string[] }[]>`
    select u.store_handle as handle,
           coalesce((select array_agg(s.affiliate_link_id order by s.position)
                     from public.storefront_links s where s.influencer_id = u.id), '{}') as link_ids
    from public.users u where u.id = ${influencerId}`;
  return { handle: row.handle, url: row.handle ? storeUrl(appUrl, row.handle) : null, link_ids: row.link_ids };
}

type StoreOwnerRow = Pick<Tables<"users">, "id" | "full_name" | "social_media_page">;
type StoreProductRow = Pick<Tables<"campaigns">, "product_name" | "price_cents"> & {
  link_id: string;
  short_code: string;
  image_url: string | null;
};

/** The store of `handle`, or null when no approved influencer has it. */
export async function readStore(tx: Tx, handle: string, appUrl: string): Promise<StoreResponse | null> {
  const [owner] = await tx<StoreOwnerRow[]>`
    select id, full_name, social_media_page from public.users
    where store_handle = ${handle} and user_type = 'influencer' and status = 'approved'`;
  if (!owner) return null;
  // What takes orders now, decided at reading: a campaign that closes drops out, and comes back
  // if it reopens, without anyone editing the choice.
  const products = await tx<StoreProductRow[]>`
    select l.id as link_id, l.short_code, c.product_name, c.price_cents, c.image_urls[1] as image_url
    from public.storefront_links s
    join public.affiliate_links l on l.id = s.affiliate_link_id
    join public.campaigns c on c.id = l.campaign_id
    join public.users b on b.id = c.business_id
    where s.influencer_id = ${owner.id} and l.status = 'approved'
      and private.link_closed_reason(c.status, c.start_date, c.end_date, 'approved', b.status) is null
    order by s.position`;
  return {
    handle,
    display_name: owner.full_name?.trim() || owner.social_media_page?.trim() || handle,
    url: storeUrl(appUrl, handle),
    products: products.map((row) => ({
      link_id: row.link_id,
      product_name: row.product_name,
      ...money("price", row.price_cents),
      image: row.image_url ? storeImage(row.image_url) : null,
      short_url: `${shortUrl(appUrl, row.short_code)}?s=store`,
    })),
  };
}

/** The sizes an image's name says exist; an image from elsewhere is only itself. */
function storeImage(url: string): StoreImage {
  const parsed = parseImageUrl(url);
  return parsed ? { url, ...parsed } : { url, width: null, height: null, placeholder: null, sizes: [] };
}
