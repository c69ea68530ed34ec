// Storefronts: an influencer's page of chosen products (issue 30, item 4).
//   GET/PUT /affiliate-links/storefront   the influencer's handle, address and chosen links
//   GET /store/{handle}                   what a visitor sees (anonymous, through the service role)
//   GET /s/{handle}                       the address to share (the gateway and a static host's
//                                         rewrite forward APP_URL/s/* here): a person is sent to
//                                         the store page, a crawler gets the store's preview
// The handle itself is set through PUT /auth/profile (store_handle).
import { Hono, type Context } from "hono";
import type { AppDeps } from "../../_shared/context.ts";
import type { AppEnv } from "../lib/app-env.ts";
import { asService, asUser } from "../../_shared/db.ts";
import { ApiError } from "../../_shared/errors.ts";
import {
  STORE_HANDLE,
  storefrontLinksSchema,
  storePageUrl,
  type StorefrontSavedResponse,
  type StorefrontSettingsResponse,
  type StoreResponse,
} from "../../_shared/contract/storefront.ts";
import { parseJsonBody } from "../../_shared/validation.ts";
import { invalidLinkPage, LINK_PAGE_CSP, storePreviewPage } from "../lib/link-pages.ts";
import { isLinkPreviewCrawler } from "../lib/user-agent.ts";
import { readStore, readStorefrontSettings } from "../read-models/storefront.ts";

const STORE_GONE = "This store does not exist or is closed";

export function storefrontSettingRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  // GET /affiliate-links/storefront - the caller's handle, its address and the links shown
  app.get("/", async (c) => {
    const user = c.get("user");
    const settings = await asUser(deps.sql, c.get("claims"), (tx) => readStorefrontSettings(tx, user.id, deps.appUrl));
    return c.json(settings satisfies StorefrontSettingsResponse);
  });

  // PUT /affiliate-links/storefront - exactly these approved links, in this order
  app.put("/", async (c) => {
    const { link_ids } = await parseJsonBody(c, storefrontLinksSchema);
    const user = c.get("user");
    const settings = await asUser(deps.sql, c.get("claims"), async (tx) => {
      await tx`select 1 from public.set_storefront_links(${link_ids}::uuid[])`;
      return readStorefrontSettings(tx, user.id, deps.appUrl);
    });
    return c.json({ message: "Storefront saved", ...settings } satisfies StorefrontSavedResponse);
  });

  return app;
}

export function storeRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  // GET /store/{handle} - the store a visitor sees
  app.get("/:handle", async (c) => {
    const store = await findStore(deps, c.req.param("handle").toLowerCase());
    if (!store) throw new ApiError("not_found", STORE_GONE);
    // A store changes when its owner edits it or a campaign closes: a minute of caching is fine.
    c.header("cache-control", "public, max-age=60");
    return c.json(store satisfies StoreResponse);
  });

  return app;
}

export function storeLinkRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  // GET /s/{handle} - a person: 302 to the store page; a crawler: the store's preview page
  app.get("/:handle", async (c) => {
    const handle = c.req.param("handle").toLowerCase();
    // The answer depends on who asks: caches must keep the crawler's page apart from the redirect.
    c.header("vary", "user-agent");
    if (!isLinkPreviewCrawler(c.req.header("user-agent") ?? "")) {
      // The store page reads the store itself (and says so when it is gone): no query here. The
      // query goes along (?lang=km: an influencer may share the store in Khmer).
      c.header("cache-control", "public, max-age=300");
      const query = new URL(c.req.url).search;
      return c.redirect(`${storePageUrl(deps.appUrl, encodeURIComponent(handle))}${query}`, 302);
    }
    const store = await findStore(deps, handle);
    if (!store) return page(c, 404, invalidLinkPage(), "no-store");
    const [first] = store.products;
    const html = storePreviewPage({
      displayName: store.display_name,
      firstProduct: first
        ? { name: first.product_name, priceCents: first.price_cents, imageUrl: first.image?.url ?? null }
        : null,
      productCount: store.products.length,
      storeUrl: store.url,
      pageUrl: storePageUrl(deps.appUrl, handle),
    });
    return page(c, 200, html, "public, max-age=300");
  });

  return app;
}

/** The store of a handle, or null for a malformed or unknown one. */
function findStore(deps: AppDeps, handle: string): Promise<StoreResponse | null> {
  if (!STORE_HANDLE.test(handle)) return Promise.resolve(null);
  return asService(deps.sql, (tx) => readStore(tx, handle, deps.appUrl));
}

function page(c: Context<AppEnv>, status: 200 | 404, html: string, cacheControl: string) {
  c.header("content-security-policy", LINK_PAGE_CSP);
  c.header("cache-control", cacheControl);
  return c.html(html, status);
}
