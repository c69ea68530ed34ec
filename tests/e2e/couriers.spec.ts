// Couriers (issue 29, items 1 to 3) in real Chromium against the running stack at 360 px: the
// admin adds a rider on the Couriers tab (English), gives an order to it from the board, and the
// shop's list (Khmer) says who carries it; the shop marks it packed and the admin's board follows. Screenshots (test-results/screenshots/en-couriers*.png,
// en-courier-card.png, km-courier-shop-row.png) are to be looked at.
import { expect, test, type Page } from "@playwright/test";
import { join } from "node:path";
import { createApprovedLink, createCampaign, fixtureDb, placeOrder } from "../helpers/db-fixtures.ts";
import { typedPhone, uniqueStoredPhone } from "../helpers/phones.ts";
import { demoBusiness, seedAdmin } from "../helpers/stack.ts";
import { dismissToasts, expectNoHorizontalScroll, shots, signedIn } from "../helpers/e2e-pages.ts";

const sql = fixtureDb();

test.afterEach(async ({ browser }) => {
  await Promise.all(browser.contexts().map((context) => context.close()));
});

test.afterAll(async () => {
  await sql.end();
});

test("the admin adds a rider and gives it an order; the shop reads who carries it and packs it", async ({
  browser,
}) => {
  const productName = `E2E Krama ${Date.now().toString(36)}`;
  const campaignId = await createCampaign(sql, { productName, priceCents: 900 });
  await createApprovedLink(sql, campaignId);
  const orderId = await placeOrder(sql, campaignId);
  const [{ order_number: orderNumber }] = await sql<{ order_number: string }[]>`
    select order_number from public.orders where id = ${orderId}`;
  const riderName = `Rider ${Date.now().toString(36)}`;
  const riderPhone = uniqueStoredPhone();

  const admin = await signedIn(browser, seedAdmin.email, seedAdmin.password, "en");
  await expect(admin).toHaveURL(/\/admin\/dashboard/);
  await admin.getByRole("tab", { name: "Couriers" }).click();
  await admin.getByRole("button", { name: "Add courier" }).click();
  await admin.getByLabel("Name").fill(riderName);
  await admin.getByLabel("Phone").fill(typedPhone(riderPhone));
  await admin.getByLabel("Kind").selectOption("freelance");
  // A phone that is not Cambodian is named before anything is sent.
  await admin.getByLabel("Phone").fill("123");
  await admin.getByRole("button", { name: "Add courier" }).click();
  await expect(admin.getByText("Phone number must be a Cambodian number such as 012 345 678")).toBeVisible();
  await admin.getByLabel("Phone").fill(typedPhone(riderPhone));
  await admin.getByRole("button", { name: "Add courier" }).click();
  const rider = admin.getByRole("listitem", { name: riderName });
  await expect(rider).toContainText("Freelance rider");
  await expect(rider).toContainText("Orders to deliver: 0");
  await expectNoHorizontalScroll(admin, "the Couriers tab");
  await dismissToasts(admin);
  await admin.screenshot({ path: join(shots, "en-couriers.png"), fullPage: true });

  await admin.getByRole("tab", { name: "Order Management" }).click();
  await admin.getByRole("search").getByLabel("Order number or phone digits").fill(orderNumber);
  await admin.getByRole("search").getByRole("button", { name: "Search", exact: true }).click();
  const card = admin.locator("li.order-card", { hasText: orderNumber });
  await card.getByRole("combobox", { name: "Courier" }).selectOption({ label: riderName });
  await expect(admin.getByText(`${orderNumber}: given to ${riderName}.`)).toBeVisible();
  await expect(card.getByRole("combobox", { name: "Courier" })).toHaveValue(/[0-9a-f-]{36}/);
  await expectNoHorizontalScroll(admin, "the order card with its courier");
  await dismissToasts(admin);
  await card.screenshot({ path: join(shots, "en-courier-card.png") });
  await admin.getByRole("tab", { name: "Couriers" }).click();
  await expect(admin.getByRole("listitem", { name: riderName })).toContainText("Orders to deliver: 1");

  const shop = await signedIn(browser, demoBusiness.email, demoBusiness.password, "km");
  await expect(shop).toHaveURL(/\/business\/dashboard/);
  const row = shop.locator("li.order-row", { hasText: productName });
  await expect(row.locator(".order-row__courier")).toHaveText(`អ្នកដឹក៖ ${riderName} · ${typedPhone(riderPhone)}`);
  // The shop packs it: its own step, in Khmer; the admin's open card follows.
  await row.getByRole("button", { name: "វេចខ្ចប់រួច៖ រង់ចាំអ្នកដឹក" }).click();
  await expect(shop.getByText(`${orderNumber} រួចរាល់សម្រាប់អ្នកដឹកមកយក។`)).toBeVisible();
  await expect(row.getByRole("button", { name: "វេចខ្ចប់រួច៖ រង់ចាំអ្នកដឹក" })).toHaveCount(0);
  await expectNoHorizontalScroll(shop, "the shop's Khmer orders");
  await dismissToasts(shop);
  await row.screenshot({ path: join(shots, "km-courier-shop-row.png") });
  await admin.getByRole("tab", { name: "Order Management" }).click();
  await expect(admin.locator("li.order-card", { hasText: orderNumber })).toContainText("Ready for Pickup");

  // Its packing slip, in Khmer then English: who, where, the cash to collect and the QR of the
  // customer's page; printed on A6 it is one page.
  await row.getByRole("link", { name: "ស្លាកវេចខ្ចប់" }).click();
  const slip = shop.locator("li.packing-slip", { hasText: orderNumber });
  await expect(slip).toContainText("Sokha Chan");
  await expect(slip).toContainText("វត្ដភ្នំ ដូនពេញ ភ្នំពេញ");
  await expect(slip).toContainText("$10.00");
  await expect(slip.locator("img")).toHaveAttribute("src", /^data:image\/png/);
  await expectNoHorizontalScroll(shop, "the Khmer packing slip");
  await shop.screenshot({ path: join(shots, "km-packing-slip.png"), fullPage: true });
  expect(await pdfPages(shop)).toBe(1);
  await shop.goto(`${new URL(shop.url()).pathname}${new URL(shop.url()).search}&lang=en`);
  await expect(slip).toContainText("Voat Phnum, Doun Penh, Phnom Penh");
  await expect(slip).toContainText("Scan to follow your order");
  await shop.screenshot({ path: join(shots, "en-packing-slip.png"), fullPage: true });

  // Every order still to hand over, together: one A6 page each, four to an A4 page.
  await shop.goto("/business/dashboard?lang=en");
  await shop.getByRole("link", { name: /^Print slips of the orders to pack/ }).click();
  await expect(shop.locator("li.packing-slip").first()).toBeVisible();
  const count = await shop.locator("li.packing-slip").count();
  expect(count).toBeGreaterThan(1);
  expect(await pdfPages(shop)).toBe(count);
  await shop.getByRole("button", { name: "A4, four a page" }).click();
  expect(await pdfPages(shop)).toBe(Math.ceil(count / 4));
});

/** How many pages the page prints as (Chromium's PDF, at the paper size its CSS asks). */
async function pdfPages(page: Page): Promise<number> {
  await expect(page.locator("li.packing-slip img").first()).toBeVisible();
  const pdf = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString("latin1");
  return (pdf.match(/\/Type\s*\/Page[^s]/g) ?? []).length;
}
