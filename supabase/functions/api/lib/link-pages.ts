// The pages a shared address answers a link-preview crawler with instead of a redirect: a short
// link's preview (Open Graph and Twitter card tags: product, price, first image, shop), a
// storefront's (the influencer's name, the first product and its image), and the page of an
// unknown code or handle. Static HTML, every value escaped; no script, nothing loaded but the image.

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
  return previewPage({
    title,
    description: previewDescription(preview),
    url: preview.shortUrl,
    ogType: "product",
    imageUrl: preview.imageUrl,
    extraTags: [
      ["property", "product:price:amount", (preview.priceCents / 100).toFixed(2)],
      ["property", "product:price:currency", "USD"],
    ],
    link: { href: preview.checkoutUrl, text: `Order ${title} on ${SITE_NAME}` },
  });
}

export interface StorePreview {
  displayName: string;
  /** The first product shown, if any. */
  firstProduct: { name: string; priceCents: number; imageUrl: string | null } | null;
  productCount: number;
  /** APP_URL/s/<handle> (og:url). */
  storeUrl: string;
  /** Where a person is sent: the store page. */
  pageUrl: string;
}

/** "Silk Scarf, $25.00, and 3 more · cash on delivery", or a neutral phrase for an empty store. */
export function storeDescription(preview: Pick<StorePreview, "firstProduct" | "productCount">): string {
  const first = preview.firstProduct;
  if (!first) return `Products chosen on ${SITE_NAME} · cash on delivery`;
  const more = preview.productCount > 1 ? `, and ${preview.productCount - 1} more` : "";
  return `${first.name}, ${formatUsd(first.priceCents)}${more} · cash on delivery`;
}

export function storePreviewPage(preview: StorePreview): string {
  const title = `${preview.displayName}'s picks`;
  return previewPage({
    title,
    description: storeDescription(preview),
    url: preview.storeUrl,
    ogType: "website",
    imageUrl: preview.firstProduct?.imageUrl ?? null,
    extraTags: [],
    link: { href: preview.pageUrl, text: `See ${title} on ${SITE_NAME}` },
  });
}

type Tag = [attribute: "property" | "name", key: string, value: string];

interface PreviewPage {
  title: string;
  description: string;
  url: string;
  ogType: "product" | "website";
  imageUrl: string | null;
  extraTags: Tag[];
  link: { href: string; text: string };
}

function previewPage(page: PreviewPage): string {
  const { title, description, imageUrl } = page;
  const tags: Tag[] = [
    ["property", "og:title", title],
    ["property", "og:description", description],
    ["property", "og:url", page.url],
    ["property", "og:type", page.ogType],
    ["property", "og:site_name", SITE_NAME],
    ...page.extraTags,
    ...(imageUrl
      ? ([
          ["property", "og:image", imageUrl],
          ["property", "og:image:alt", title],
        ] satisfies Tag[])
      : []),
    ["name", "twitter:card", imageUrl ? "summary_large_image" : "summary"],
    ["name", "twitter:title", title],
    ["name", "twitter:description", description],
    ...(imageUrl ? ([["name", "twitter:image", imageUrl]] satisfies Tag[]) : []),
    ["name", "description", description],
  ];
  const meta = ([attribute, key, value]: Tag) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;
  const image = imageUrl ? `<img src="${escapeHtml(imageUrl)}" alt="${escapeHtml(title)}">` : "";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(`${title} · ${SITE_NAME}`)}</title>
${tags.map(meta).join("\n")}
<style>${STYLE}</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
${image}
<p>${escapeHtml(description)}</p>
<p><a href="${escapeHtml(page.link.href)}">${escapeHtml(page.link.text)}</a></p>
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
