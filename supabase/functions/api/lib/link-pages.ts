// The two pages a short link can answer with instead of a redirect: the preview a link-preview
// crawler reads (Open Graph and Twitter card tags: product, price, first image, shop) and the page
// of an unknown code. Static HTML, every value escaped; no script, nothing loaded but the image.

/** The site name previews show beside the title. */
export const SITE_NAME = "ShopLink";

/** What a static page needs: its inline style and the product image (https, or http locally). */
export const LINK_PAGE_CSP = [
  "default-src 'none'",
  "img-src https: http:",
  "style-src 'unsafe-inline'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

const STYLE =
  "body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;line-height:1.5}" +
  "img{max-width:100%;height:auto;border-radius:.5rem}";

export function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** "$1,250.00" */
export function formatUsd(cents: number): string {
  return usd.format(cents / 100);
}

export interface LinkPreview {
  productName: string;
  priceCents: number;
  /** The shop's name, or null when the business has not set one (never its email). */
  shopName: string | null;
  /** The first product image, absolute. */
  imageUrl: string | null;
  /** The short URL itself (og:url). */
  shortUrl: string;
  /** Where a person is sent: the checkout. */
  checkoutUrl: string;
}

/** "$25.00 at Silk House · cash on delivery", or with a neutral phrase when the shop has no name. */
export function previewDescription(preview: Pick<LinkPreview, "priceCents" | "shopName">): string {
  const shop = preview.shopName?.trim() ? `at ${preview.shopName.trim()}` : "from a shop on ShopLink";
  return `${formatUsd(preview.priceCents)} ${shop} · cash on delivery`;
}

export function linkPreviewPage(preview: LinkPreview): string {
  const title = preview.productName;
  const description = previewDescription(preview);
  const meta = (attribute: "property" | "name", key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;
  const tags = [
    meta("property", "og:title", title),
    meta("property", "og:description", description),
    meta("property", "og:url", preview.shortUrl),
    meta("property", "og:type", "product"),
    meta("property", "og:site_name", SITE_NAME),
    meta("property", "product:price:amount", (preview.priceCents / 100).toFixed(2)),
    meta("property", "product:price:currency", "USD"),
    ...(preview.imageUrl
      ? [meta("property", "og:image", preview.imageUrl), meta("property", "og:image:alt", title)]
      : []),
    meta("name", "twitter:card", preview.imageUrl ? "summary_large_image" : "summary"),
    meta("name", "twitter:title", title),
    meta("name", "twitter:description", description),
    ...(preview.imageUrl ? [meta("name", "twitter:image", preview.imageUrl)] : []),
    meta("name", "description", description),
  ];
  const image = preview.imageUrl ? `<img src="${escapeHtml(preview.imageUrl)}" alt="${escapeHtml(title)}">` : "";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(`${title} · ${SITE_NAME}`)}</title>
${tags.join("\n")}
<style>${STYLE}</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
${image}
<p>${escapeHtml(description)}</p>
<p><a href="${escapeHtml(preview.checkoutUrl)}">Order ${escapeHtml(title)} on ${SITE_NAME}</a></p>
</body>
</html>
`;
}

/** The answer to an unknown or malformed code, in Khmer and English. */
export function invalidLinkPage(): string {
  return `<!doctype html>
<html lang="km">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>តំណនេះមិនត្រឹមត្រូវទេ · This link is not valid</title>
<style>${STYLE}</style>
</head>
<body>
<h1>តំណនេះមិនត្រឹមត្រូវទេ</h1>
<p>សូមសុំតំណថ្មីពីអ្នកដែលបានចែករំលែកវា។</p>
<h2 lang="en">This link is not valid</h2>
<p lang="en">Please ask the person who shared it for a new link.</p>
</body>
</html>
`;
}
