// The short links' static pages: every value escaped, the shop named only by its name.
import assert from "node:assert/strict";
import { escapeHtml, invalidLinkPage, linkPreviewPage, previewDescription } from "./link-pages.ts";

const preview = {
  productName: `Silk "Scarf" <script>alert(1)</script> & 'Co'`,
  priceCents: 125050,
  shopName: "Takeo <b>Silk</b>",
  imageUrl: "https://images.example.com/a.jpg?x=1&y=2",
  shortUrl: "https://shop.example.com/r/Abc1234",
  checkoutUrl: "https://shop.example.com/checkout?influencer_id=a&product_id=b",
};

Deno.test("escapeHtml escapes the five characters that matter in text and attributes", () => {
  assert.deepStrictEqual(escapeHtml(`<a href="x">'&'</a>`), "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
});

Deno.test("the preview names the price and the shop, or a neutral phrase without a shop name", () => {
  assert.deepStrictEqual(previewDescription(preview), "$1,250.50 at Takeo <b>Silk</b> · cash on delivery");
  assert.deepStrictEqual(
    previewDescription({ priceCents: 2000, shopName: null }),
    "$20.00 from a shop on ShopLink · cash on delivery",
  );
  assert.deepStrictEqual(
    previewDescription({ priceCents: 2000, shopName: "  " }),
    "$20.00 from a shop on ShopLink · cash on delivery",
  );
});

Deno.test("the preview page carries no markup of its values and no script", () => {
  const html = linkPreviewPage(preview);
  assert(!html.includes("<script"), "a value became a script element");
  assert(!html.includes("<b>"), "a value became markup");
  assert(
    html.includes(
      `<meta property="og:title" content="Silk &quot;Scarf&quot; &lt;script&gt;alert(1)&lt;/script&gt; &amp; &#39;Co&#39;">`,
    ),
  );
  assert(html.includes(`<meta property="og:image" content="https://images.example.com/a.jpg?x=1&amp;y=2">`));
  assert(html.includes(`<meta name="twitter:card" content="summary_large_image">`));
  assert(html.includes(`<a href="https://shop.example.com/checkout?influencer_id=a&amp;product_id=b">`));
});

Deno.test("without an image the card is a summary and names no image", () => {
  const html = linkPreviewPage({ ...preview, imageUrl: null });
  assert(html.includes(`<meta name="twitter:card" content="summary">`));
  assert(!html.includes("og:image"));
});

Deno.test("the invalid-link page says so in Khmer and English", () => {
  const html = invalidLinkPage();
  assert(html.includes("តំណនេះមិនត្រឹមត្រូវទេ"));
  assert(html.includes("This link is not valid"));
});
