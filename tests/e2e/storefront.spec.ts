// The storefront journey (issue 30) in real Chromium against the running stack: an influencer on a
// 360 px phone picks a store name and two approved products in their order; a visitor whose phone
// is in Khmer opens APP_URL/s/<name>, sees the products, taps the second and orders it; the
// influencer's open dashboard shows the store's click and order under "Storefront" without a
// reload. Screenshots (test-results/screenshots/*-storefront-*.png) are to be looked at.
import { expect, test, type BrowserContextOptions, type Page } from "@playwright/test";
import { join } from "node:path";
import { type Account, apply, business, createCampaign, decideLink, influencer } from "../helpers/accounts.ts";
import { dismissToasts, expectNoHorizontalScroll, phone, shots, signedIn } from "../helpers/e2e-pages.ts";
import { png } from "../helpers/images.ts";
import { uniqueTypedPhone } from "../helpers/phones.ts";
import { stackUrl } from "../helpers/stack.ts";
import { LIVE } from "./time-budget.ts";

// A customer's phone in Khmer, with Facebook's in-app browser's user agent: headless Chromium's own
// ("HeadlessChrome") is rightly taken for a crawler by the short links.
const khmerPhone: BrowserContextOptions = {
  ...phone,
  locale: "km-KH",
  userAgent:
    "Mozilla/5.0 (Linux; Android 13; SM-A145F Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.82 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/450.0.0.40.109;]",
};

test.afterEach(async ({ browser }) => {
  await Promise.all(browser.contexts().map((context) => context.close()));
});

async function shot(page: Page, name: string) {
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

/** A product photo the shop uploaded: a square of one colour, stored by the api function. */
async function uploadedPhoto(shop: Account, rgb: [number, number, number]): Promise<string> {
  const form = new FormData();
  form.append("image", new Blob([new Uint8Array(png(600, 600, [...rgb, 255]))], { type: "image/png" }), "photo.png");
  const res = await fetch(`${stackUrl()}/functions/v1/api/upload/image`, {
    method: "POST",
    headers: { authorization: `Bearer ${shop.token}` },
    body: form,
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { url: string }).url;
}

/** The Storefront row of the influencer's link performance: its clicks and orders. */
function storefrontRow(page: Page) {
  return page.getByRole("row", { name: /^Storefront/ }).first();
}

test("an influencer opens a storefront of two products; a visitor in Khmer orders from it, and the dashboard counts it live", async ({
  browser,
}) => {
  const [shop, creator] = await Promise.all([business(), influencer()]);
  const suffix = Math.random().toString(36).slice(2, 6);
  const products = [`Lotus Soap ${suffix}`, `Silk Scarf ${suffix}`];
  const [soapPhoto, scarfPhoto] = await Promise.all([
    uploadedPhoto(shop, [46, 125, 50]),
    uploadedPhoto(shop, [173, 20, 87]),
  ]);
  for (const [name, photo, price] of [
    [products[0], soapPhoto, 4.5],
    [products[1], scarfPhoto, 25],
  ] as const) {
    const campaign = await createCampaign(shop, { product_name: name, price, image_urls: [photo] });
    await decideLink((await apply(creator, campaign.id)).id, "approve");
  }
  const handle = `dara.${suffix}${Date.now().toString(36).slice(-4)}`;

  // The influencer names the store and shows both products, the scarf first.
  const page = await signedIn(browser, creator.user.email, "longenough1", "en");
  await expect(page).toHaveURL(/\/influencer\/dashboard$/);
  const card = page.getByRole("region", { name: "Your storefront", exact: true });
  await card.getByLabel("Store name").fill(handle);
  await card.getByRole("button", { name: "Save store name" }).click();
  await expect(card.getByRole("textbox", { name: "Store link" })).toHaveValue(`${stackUrl()}/s/${handle}`);
  await card.getByLabel(`Show in storefront: ${products[0]}`).check();
  await card.getByLabel(`Show in storefront: ${products[1]}`).check();
  await card.getByRole("button", { name: `Move up: ${products[1]}` }).click();
  await card.getByRole("button", { name: "Save storefront" }).click();
  await expect(page.getByText("Storefront saved")).toBeVisible();
  await dismissToasts(page);
  await expectNoHorizontalScroll(page, "the dashboard with the storefront card");
  await card.scrollIntoViewIfNeeded();
  await shot(page, "en-storefront-card");
  await expect(storefrontRow(page)).toHaveCount(0);

  // A visitor on a phone in Khmer opens the shared address: the store, the scarf first.
  const visitor = await (await browser.newContext(khmerPhone)).newPage();
  await visitor.goto(`/s/${handle}`);
  await expect(visitor).toHaveURL(new RegExp(`/store/${handle.replace(".", "\\.")}$`));
  await expect(visitor.locator("html")).toHaveAttribute("lang", "km");
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(creator.user.full_name as string);
  const cards = visitor.getByRole("link", { name: new RegExp(suffix) });
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText(products[1]);
  await expect(cards.nth(1)).toContainText(products[0]);
  await expectNoHorizontalScroll(visitor, "the store in Khmer");
  await shot(visitor, "km-storefront-page");

  // The visitor taps the soap and orders it; the checkout stays in Khmer.
  await cards.nth(1).click();
  await expect(visitor).toHaveURL(/\/checkout\?influencer_id=.*&ref=/);
  await expect(visitor.getByRole("heading", { name: products[0] })).toBeVisible();
  await visitor.locator("#checkout-phone").fill(uniqueTypedPhone());
  await visitor.locator("#checkout-recipient").fill("សុខា ចាន់");
  await visitor.locator("#checkout-address").fill("ផ្ទះ ១២ ផ្លូវ ២៧១");
  await visitor.locator("#checkout-district").selectOption({ label: "ទួលគោក" });
  await expect(visitor.locator("#checkout-commune")).toBeEnabled();
  await visitor.locator("#checkout-commune").selectOption({ index: 1 });
  await visitor.locator("form button[type=submit]").click();
  await expect(visitor).toHaveURL(/\/o\/[A-Za-z0-9_-]{32}$/);
  await shot(visitor, "km-storefront-order-placed");

  // The influencer's dashboard, open all along: one click and one order from the storefront.
  await expect(storefrontRow(page)).toBeVisible(LIVE);
  await expect(storefrontRow(page).getByRole("cell").nth(0)).toHaveText("1", LIVE);
  await expect(storefrontRow(page).getByRole("cell").nth(1)).toHaveText("1", LIVE);
  await storefrontRow(page).scrollIntoViewIfNeeded();
  await shot(page, "en-storefront-stats");

  // The same card in Khmer.
  await page.goto("/influencer/dashboard?lang=km");
  await expect(page.locator("html")).toHaveAttribute("lang", "km");
  await expect(page.getByRole("region", { name: "ទំព័រហាងរបស់អ្នក", exact: true })).toBeVisible();
  await page.getByRole("region", { name: "ទំព័រហាងរបស់អ្នក", exact: true }).scrollIntoViewIfNeeded();
  await shot(page, "km-storefront-card");
});
