// Storefronts (docs/api.md, "Storefronts"): an influencer's page at APP_URL/s/<handle> showing the
// approved links they chose, in their order. Request and response schemas, shared by the SPA and
// the api function (no Deno APIs).
import { z } from "zod";
import { httpUrl, id, message } from "./fields.ts";
import { cents, dollars } from "./money.ts";

/** users.store_handle's rule (01_accounts.sql, users_store_handle_format). */
export const STORE_HANDLE = /^[a-z0-9._]{3,30}$/;
/** storefront_links_position_check: a storefront shows at most this many products. */
export const STOREFRONT_MAX_LINKS = 50;

/** `APP_URL/s/<handle>`: the address an influencer shares (crawlers get its preview there). */
export function storeUrl(appUrl: string, handle: string): string {
  return `${appUrl.replace(/\/+$/, "")}/s/${handle}`;
}

/** `APP_URL/store/<handle>`: the page itself, where /s/<handle> sends a person. */
export function storePageUrl(appUrl: string, handle: string): string {
  return `${appUrl.replace(/\/+$/, "")}/store/${handle}`;
}

/** PUT /affiliate-links/storefront: exactly these approved links, in this order ([] clears it). */
export const storefrontLinksSchema = z
  .object({
    link_ids: z
      .array(z.guid("Each link id must be a valid id"), { error: "link_ids must be a list of link ids" })
      .max(STOREFRONT_MAX_LINKS, `A storefront shows at most ${STOREFRONT_MAX_LINKS} products`)
      .refine((ids) => new Set(ids).size === ids.length, "Each product can appear only once in the storefront"),
  })
  .strict();
export type StorefrontLinksInput = z.input<typeof storefrontLinksSchema>;

/** GET and PUT /affiliate-links/storefront: the caller's handle, its address and the chosen links. */
export const storefrontSettingsSchema = z.object({
  /** Null until the influencer picks one (PUT /auth/profile `store_handle`). */
  handle: z.string().nullable(),
  /** `APP_URL/s/<handle>`, null without a handle. */
  url: httpUrl.nullable(),
  /** The links shown, first first. A chosen link whose campaign takes no orders now stays chosen but is not shown. */
  link_ids: z.array(id),
});
export const storefrontSettingsResponseSchema = storefrontSettingsSchema;
export const storefrontSavedResponseSchema = storefrontSettingsSchema.extend({ message });

/** The first image of a product, with the smaller sizes its name says exist (none for an image from elsewhere). */
export const storeImageSchema = z.object({
  url: httpUrl,
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** `#rrggbb`, shown until the image arrives. */
  placeholder: z.string().nullable(),
  /** The image and its smaller sizes, largest first; empty when the name says nothing. */
  sizes: z.array(z.object({ url: httpUrl, width: z.number().int(), height: z.number().int() })),
});

export const storeProductSchema = z.object({
  link_id: id,
  product_name: z.string(),
  price: dollars,
  price_cents: cents,
  image: storeImageSchema.nullable(),
  /** The link's short URL with `?s=store`: the checkout through it counts the click and the order under `store`. */
  short_url: httpUrl,
});

/** GET /store/{handle}: what a visitor sees. */
export const storeResponseSchema = z.object({
  handle: z.string(),
  /** The influencer's name (their handle when they gave none). */
  display_name: z.string(),
  /** `APP_URL/s/<handle>`. */
  url: httpUrl,
  /** The chosen products that take orders now, in the influencer's order. */
  products: z.array(storeProductSchema),
});

export type StorefrontSettings = z.infer<typeof storefrontSettingsSchema>;
export type StorefrontSettingsResponse = z.infer<typeof storefrontSettingsResponseSchema>;
export type StorefrontSavedResponse = z.infer<typeof storefrontSavedResponseSchema>;
export type StoreImage = z.infer<typeof storeImageSchema>;
export type StoreProduct = z.infer<typeof storeProductSchema>;
export type StoreResponse = z.infer<typeof storeResponseSchema>;
