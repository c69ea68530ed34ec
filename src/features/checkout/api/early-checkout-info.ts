// The checkout's one API call and its first product photo, started as soon as the page's code runs
// (imported first by src/checkout-main.tsx). The page itself first waits for its texts, two small
// chunks loaded one after the other; on a phone on mobile data that was half a second before it
// asked for the product, and the photo (the page's largest paint) waited for both. Here the call
// starts at once, and the photo is preloaded in the size the page will pick as soon as the answer
// names it. This module imports nothing that waits for the texts.
import { env } from "@/config/env.ts";
import { displayImageUrl, imageSources } from "@/lib/image-url.ts";
import { GALLERY_IMAGE, ONE_IMAGE } from "@/features/checkout/image-sizes.ts";

let early: { query: string; response: Promise<Response> } | null = null;

/** The response already on its way for `query` (`influencer_id=…&product_id=…`), once; else undefined. */
export function takeEarlyCheckoutInfo(query: string): Promise<Response> | undefined {
  if (early?.query !== query) return undefined;
  const { response } = early;
  early = null;
  return response;
}

function start(search: string) {
  const params = new URLSearchParams(search);
  const influencerId = params.get("influencer_id");
  const productId = params.get("product_id");
  if (!influencerId || !productId) return;
  const query = new URLSearchParams({ influencer_id: influencerId, product_id: productId }).toString();
  const response = fetch(`${env.apiBaseUrl}/checkout/info?${query}`, { headers: { Accept: "application/json" } });
  early = { query, response };
  response.then(
    async (answer) => {
      if (!answer.ok) return;
      const info = (await answer.clone().json()) as { campaign?: { image_urls?: string[] } };
      const urls = info.campaign?.image_urls ?? [];
      preloadImage(urls[0], urls.length > 1 ? GALLERY_IMAGE : ONE_IMAGE);
    },
    () => undefined, // the page's own call reports the failure
  );
}

function preloadImage(url: string | undefined, sizes: string) {
  const src = displayImageUrl(url);
  if (!src) return;
  const sources = imageSources(src);
  const link = document.createElement("link");
  link.rel = "preload";
  link.as = "image";
  link.href = src;
  if (sources.srcSet) {
    link.setAttribute("imagesrcset", sources.srcSet);
    link.setAttribute("imagesizes", sizes);
  }
  link.setAttribute("fetchpriority", "high");
  document.head.append(link);
}

if (window.location.pathname.startsWith("/checkout")) start(window.location.search);
