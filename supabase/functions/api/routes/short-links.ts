// GET /r/<code>: the short link of an approved affiliate link, on the app's own origin (the local
// gateway and a static host's rewrite forward /r/* here). A person is redirected to the checkout
// with the click's id as `ref`; a crawler (isbot's list: link-preview fetchers, search engines,
// scripts) gets a page of Open Graph tags and counts no click. One address counts at most 3 clicks
// per link an hour and makes at most 60 requests here a minute (both kept in the database). Visitors are anonymous, so both read through the service role, explicitly: the preview
// reads only what the public checkout shows, and the click is recorded by private.record_click.
import { Hono, type Context } from "hono";
import { asService } from "../../_shared/db.ts";
import type { AppDeps } from "../../_shared/context.ts";
import type { AppEnv } from "../lib/app-env.ts";
import { shortLinkVisitorAddress } from "../../_shared/client-address.ts";
import { CLICK_SOURCES, type ClickSource } from "../../_shared/contract/attribution.ts";
import { affiliateUrl, shortUrl } from "../../_shared/contract/links.ts";
import type { Tables } from "../../_shared/database.types.ts";
import { invalidLinkPage, LINK_PAGE_CSP, linkPreviewPage } from "../lib/link-pages.ts";
import { deviceClass, isLinkPreviewCrawler } from "../lib/user-agent.ts";

/** What the migration's check allows for a short code. */
const SHORT_CODE = /^[A-Za-z0-9]{7}$/;

type PreviewRow = Pick<Tables<"campaigns">, "product_name" | "price_cents"> &
  Pick<Tables<"affiliate_links">, "influencer_id" | "campaign_id"> & {
    image_url: string | null;
    business_name: Tables<"users">["business_name"];
  };

type ClickRow = { click_id: string; influencer_id: string; campaign_id: string };

export function shortLinkRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  // GET /r/{code}?s=qr|dm|comment|link - a person: 302 to the checkout with ref; a crawler: the preview page
  app.get("/:code", async (c) => {
    const code = c.req.param("code");
    const userAgent = c.req.header("user-agent") ?? "";
    const visitor = shortLinkVisitorAddress(c, deps.shortLinkProxySecret);
    // The answer depends on who asks: caches must keep the crawler's page apart from the redirect.
    c.header("vary", "user-agent");
    // Every request counts against its address's limit (60 a minute; 429 with Retry-After past it),
    // whoever it claims to be, so no one walks the code space or hammers a link.
    await asService(deps.sql, (tx) => tx`select private.note_public_request('short_link', ${visitor})`);
    if (!SHORT_CODE.test(code)) return invalidLink(c);

    if (isLinkPreviewCrawler(userAgent)) {
      const preview = await readPreview(deps, code);
      if (!preview) return invalidLink(c);
      return page(c, 200, linkPreviewPage(preview), "public, max-age=300");
    }

    // A HEAD (link checkers, some prefetchers) learns where the link goes without counting a click.
    if (c.req.method === "HEAD") {
      const preview = await readPreview(deps, code);
      if (!preview) return invalidLink(c);
      return redirect(c, preview.checkoutUrl);
    }

    const [click] = await asService(
      deps.sql,
      (tx) => tx<ClickRow[]>`
        select click_id, influencer_id, campaign_id
        from private.record_click(${code}, ${sourceOf(c.req.query("s"))}, ${referrerHost(c.req.header("referer"))},
          ${deviceClass(userAgent)}, ${visitor}, ${userAgent})`,
    );
    if (!click) return invalidLink(c);
    const target = new URL(affiliateUrl(deps.appUrl, click.influencer_id, click.campaign_id));
    target.searchParams.set("ref", click.click_id);
    return redirect(c, target.toString());
  });

  return app;
}

/** `?s=`: one of the click sources; anything else (or nothing) is a plain link. */
function sourceOf(value: string | undefined): ClickSource {
  return CLICK_SOURCES.find((source) => source === value) ?? "link";
}

/** The host of the Referer header, without path or query (those may hold someone's data). */
function referrerHost(referer: string | undefined): string | null {
  if (!referer) return null;
  try {
    // android-app://com.instagram.android/ names the app: its "host" is worth keeping too.
    const host = new URL(referer).hostname.toLowerCase();
    return host && host.length <= 255 ? host : null;
  } catch {
    return null;
  }
}

async function readPreview(deps: AppDeps, code: string) {
  const [row] = await asService(
    deps.sql,
    (tx) => tx<PreviewRow[]>`
      select c.product_name, c.price_cents, c.image_urls[1] as image_url, b.business_name,
             l.influencer_id, l.campaign_id
      from public.affiliate_links l
      join public.campaigns c on c.id = l.campaign_id
      join public.users b on b.id = c.business_id
      where l.short_code = ${code} and l.status = 'approved'`,
  );
  if (!row) return null;
  return {
    productName: row.product_name,
    priceCents: row.price_cents,
    shopName: row.business_name,
    imageUrl: row.image_url ? absoluteUrl(row.image_url, deps.appUrl) : null,
    shortUrl: shortUrl(deps.appUrl, code),
    checkoutUrl: affiliateUrl(deps.appUrl, row.influencer_id, row.campaign_id),
  };
}

/** Image URLs are stored absolute (the database checks http(s)); a relative one is resolved anyway. */
function absoluteUrl(url: string, base: string): string | null {
  try {
    return new URL(url, base).toString();
  } catch {
    return null;
  }
}

function redirect(c: Context<AppEnv>, location: string) {
  // Every visit must reach the function to be counted: nothing may cache the redirect.
  c.header("cache-control", "no-store");
  return c.redirect(location, 302);
}

function invalidLink(c: Context<AppEnv>) {
  return page(c, 404, invalidLinkPage(), "no-store");
}

function page(c: Context<AppEnv>, status: 200 | 404, html: string, cacheControl: string) {
  c.header("content-security-policy", LINK_PAGE_CSP);
  c.header("cache-control", cacheControl);
  return c.html(html, status);
}
