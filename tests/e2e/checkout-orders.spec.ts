// Journeys of the checkout and orders slice in real Chromium against the running stack: a
// customer on a phone-sized page orders through an influencer's link (and through its short link,
// the order then keeping the click); the admin's Order Management board and the business's Orders
// to Fulfill card, open in two other contexts before the order, show it live; the admin moves it
// to delivered step by step, each step reaching the business's card live. The campaign and the
// approved link are made directly in the database.
import { expect, test, type Browser, type BrowserContextOptions, type Locator, type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { createApprovedLink, createCampaign, demoInfluencerId, fixtureDb } from "../helpers/db-fixtures.ts";
import { uniqueTypedPhone } from "../helpers/phones.ts";
import { demoBusiness, seedAdmin } from "../helpers/stack.ts";
import { LIVE } from "./time-budget.ts";

const shots = join("test-results", "screenshots");
mkdirSync(shots, { recursive: true });

// Most customers arrive from Instagram on a cheap phone: its in-app browser's user agent too, since
// headless Chromium's own ("HeadlessChrome") is rightly taken for a crawler by the short links.
const phone: BrowserContextOptions = {
  viewport: { width: 360, height: 740 },
  isMobile: true,
  hasTouch: true,
  userAgent:
    "Mozilla/5.0 (Linux; Android 13; SM-A145F Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.82 Mobile Safari/537.36 Instagram 334.0.0.42.95 Android",
};
const desktop: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };

const priceCents = 1999; // $19.99: x 2 + $1.50 (Tuol Kouk) = $41.48
const district = "Tuol Kouk";
const commune = "Tuek L'ak Ti Muoy";

const sql = fixtureDb();

// Each journey's pages stay live (realtime refetches) until closed: close them, pass or fail, so
// they do not load the machine during the next journeys.
test.afterEach(async ({ browser }) => {
  await Promise.all(browser.contexts().map((context) => context.close()));
});

test.afterAll(async () => {
  await sql.end();
});

/** An active campaign of the demo business with an approved link of the demo influencer; each test its own. */
async function newCampaign() {
  const productName = `E2E Krama ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const campaignId = await createCampaign(sql, { productName, priceCents, commissionRate: 0.1 });
  await createApprovedLink(sql, campaignId);
  return { productName, path: `/checkout?influencer_id=${demoInfluencerId}&product_id=${campaignId}` };
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

async function newPage(browser: Browser, options: BrowserContextOptions) {
  return (await browser.newContext(options)).newPage();
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole("button", { name: /log ?in|sign ?in/i }).click();
}

async function expectNoHorizontalScroll(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what} fits 360 px`).toBeLessThanOrEqual(0);
}

const submitButton = (page: Page) => page.getByRole("button", { name: /^(Select Location First|Confirm Order - )/ });

// The place pickers by id: a long list's filter is labelled "Search <the list's label>" too.
const districtSelect = (page: Page) => page.locator("#checkout-district");
const communeSelect = (page: Page) => page.locator("#checkout-commune");

/**
 * Fills who receives the order and where (house and street), chooses the place in Phnom Penh and
 * waits for the fee, i.e. the 'Confirm Order' label.
 */
async function chooseLocation(page: Page) {
  await page.getByLabel("Recipient name").fill("Sokha Chan");
  await page.getByLabel("House and street").fill("House 12, Street 271");
  await districtSelect(page).selectOption({ label: district });
  await expect(communeSelect(page)).toBeEnabled();
  await communeSelect(page).selectOption({ label: commune });
  await expect(submitButton(page)).toHaveText(/^Confirm Order - /);
}

test("/checkout without its parameters says the link is invalid", async ({ browser }) => {
  const page = await newPage(browser, phone);
  await page.goto("/checkout");
  await expect(page.getByText("Invalid Checkout Link")).toBeVisible();
  await page.goto(`/checkout?influencer_id=${demoInfluencerId}`);
  await expect(page.getByText("Invalid Checkout Link")).toBeVisible();
  await shot(page, "checkout-invalid-link");
  await page.context().close();
});

test("a customer checks out on a phone: location first, breakdown, cash on delivery, confirmed", async ({
  browser,
}) => {
  const { productName, path } = await newCampaign();
  const page = await newPage(browser, phone);
  await page.goto(path);
  await expect(page.getByRole("heading", { name: "Secure Checkout" })).toBeVisible();
  await expect(page.getByRole("heading", { name: productName })).toBeVisible();
  await expect(page.getByText("You are purchasing via Sreymom Chan's referral")).toBeVisible();
  await expect(page.getByText("Payment Method: Cash on Delivery")).toBeVisible();
  // The store phone, in the local form once it comes into view (its formatter loads then).
  await page.locator(".checkout__footer").scrollIntoViewIfNeeded();
  await expect(page.getByRole("link", { name: "012 345 678" })).toBeVisible();
  await expect(page.getByLabel("Quantity")).toHaveValue("1");
  await expect(communeSelect(page)).toBeDisabled();
  await expect(submitButton(page)).toHaveText("Select Location First");
  await expectNoHorizontalScroll(page, "checkout");
  await shot(page, "checkout-empty");

  // No location yet: blocked with a message, nothing sent.
  await page.getByLabel("Phone number").fill(uniqueTypedPhone());
  await submitButton(page).click();
  await expect(page.getByRole("alert")).toContainText("Please select a valid delivery location");

  await page.getByLabel("Quantity").selectOption("2");
  await chooseLocation(page);
  const breakdown = page.getByRole("region", { name: "Price breakdown" });
  await expect(breakdown).toContainText("Product ($19.99 × 2)");
  await expect(breakdown).toContainText("$39.98");
  await expect(breakdown).toContainText("$1.50");
  await expect(breakdown).toContainText("$41.48");
  await expect(submitButton(page)).toHaveText("Confirm Order - $41.48");

  // Another district clears the commune and the fee.
  await districtSelect(page).selectOption({ label: "Doun Penh" });
  await expect(communeSelect(page)).toHaveValue("");
  await expect(breakdown).toHaveCount(0);
  await expect(submitButton(page)).toHaveText("Select Location First");

  await chooseLocation(page);
  await expect(submitButton(page)).toHaveText("Confirm Order - $41.48");
  await expectNoHorizontalScroll(page, "checkout with breakdown");
  await shot(page, "checkout-breakdown");

  await submitButton(page).click();
  await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
  await expect(
    page.getByText("Thank you for your order! You will pay cash when your product is delivered."),
  ).toBeVisible();
  await expect(
    page.getByText("Our team will coordinate with you shortly via phone for delivery arrangements."),
  ).toBeVisible();
  await expect(page.locator(".checkout-confirmed")).toContainText("$41.48");
  await expectNoHorizontalScroll(page, "order confirmed");
  await shot(page, "checkout-confirmed");

  // The page is the order's own: a reload shows it again, and the customer may cancel it before pickup.
  await expect(page).toHaveURL(/\/o\/[A-Za-z0-9_-]{32}$/);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Your order" })).toBeVisible();
  await expect(page.locator(".order-page")).toContainText("Received: the shop is preparing it");
  await page.getByRole("button", { name: "Cancel order" }).click();
  await page.getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(page.locator(".order-page")).toContainText("You cancelled this order.");
  await expect(page.getByRole("button", { name: "Cancel order" })).toHaveCount(0);
  await expectNoHorizontalScroll(page, "the order page");
  const [cancelled] = await sql<{ status: string; cancellation_reason: string }[]>`
    select status, cancellation_reason from public.orders where product_name = ${productName}`;
  expect(cancelled).toEqual({ status: "cancelled", cancellation_reason: "customer_cancelled" });
  await shot(page, "order-page-cancelled");
  // This phone remembers it: the checkout lists it.
  await page.goto(path);
  await expect(page.getByRole("link", { name: new RegExp(productName) })).toBeVisible();
  await page.context().close();
});

test("a double click on 'Confirm Order' places one order", async ({ browser }) => {
  const { productName, path } = await newCampaign();
  const page = await newPage(browser, phone);
  const orderRequests: (string | null)[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/checkout/order"))
      orderRequests.push(request.headers()["idempotency-key"] ?? null);
  });
  await page.goto(path);
  await expect(page.getByRole("heading", { name: productName })).toBeVisible();
  await page.getByLabel("Phone number").fill(uniqueTypedPhone());
  await chooseLocation(page);
  await submitButton(page).dblclick();
  await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
  const orders = await sql<{ order_number: string }[]>`
    select order_number from public.orders where product_name = ${productName}`;
  expect(orders).toHaveLength(1);
  await expect(page.locator(".checkout-confirmed")).toContainText(orders[0].order_number);
  // However many requests the two clicks sent, they were one attempt: one key.
  expect(orderRequests.length).toBeGreaterThanOrEqual(1);
  expect(new Set(orderRequests).size).toBe(1);
  expect(orderRequests[0]).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
});

test("a customer scanning a QR code lands on the checkout through the short link, and the order keeps the scan", async ({
  browser,
}) => {
  const productName = `E2E Short ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const campaignId = await createCampaign(sql, { productName, priceCents, commissionRate: 0.1 });
  const linkId = await createApprovedLink(sql, campaignId);
  // Approval gives a short code; a fixture link gets one of its own here.
  const code = `E${Math.random().toString(36).slice(2, 8).padEnd(6, "0")}`;
  await sql`update public.affiliate_links set short_code = ${code} where id = ${linkId}`;

  const page = await newPage(browser, phone);
  await page.goto(`/r/${code}?s=qr`);
  await expect(page).toHaveURL(/\/checkout\?influencer_id=[^&]+&product_id=[^&]+&ref=[0-9a-f-]{36}$/);
  const ref = new URL(page.url()).searchParams.get("ref");
  await expect(page.getByRole("heading", { name: productName })).toBeVisible();
  await page.getByLabel("Phone number").fill(uniqueTypedPhone());
  await chooseLocation(page);
  await submitButton(page).click();
  await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();

  const orders = await sql<{ click_id: string; source: string }[]>`
    select click_id, source from public.orders where campaign_id = ${campaignId}`;
  expect(orders).toEqual([{ click_id: ref, source: "qr" }]);
});

test("a new order reaches the admin board and the business's card live; the admin delivers it step by step", async ({
  browser,
}) => {
  const { productName, path } = await newCampaign();
  // Both dashboards are open and subscribed before the order exists.
  const admin = await newPage(browser, desktop);
  await signIn(admin, seedAdmin.email, seedAdmin.password);
  await expect(admin).toHaveURL(/\/admin\/dashboard$/);
  await admin.getByRole("tab", { name: "Order Management" }).click();
  const board = admin.getByRole("tabpanel");
  // Counts are grouped ("All (1,912)") once the test stack holds a thousand orders (the exports test seeds them).
  await expect(board.getByRole("button", { name: /^All \([\d,]+\)$/ })).toBeVisible();
  await expect(board.locator(".live-indicator--live")).toBeVisible();

  const business = await newPage(browser, phone);
  await signIn(business, demoBusiness.email, demoBusiness.password);
  await expect(business).toHaveURL(/\/business\/dashboard$/);
  const ordersCard = business.getByRole("region", { name: "Orders to Fulfill" });
  await expect(ordersCard).toBeVisible();
  await expect(ordersCard.locator(".live-indicator--live")).toBeVisible();

  // The customer orders.
  const customerPhone = uniqueTypedPhone();
  const customer = await newPage(browser, phone);
  await customer.goto(path);
  await expect(submitButton(customer)).toHaveText("Select Location First");
  await customer.getByLabel("Quantity").selectOption("2");
  await customer.getByLabel("Phone number").fill(customerPhone);
  await chooseLocation(customer);
  await expect(submitButton(customer)).toHaveText("Confirm Order - $41.48");
  await submitButton(customer).click();
  await expect(customer.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();

  // Without a reload, on both screens.
  const card: Locator = board.getByRole("listitem", { name: new RegExp(`^${productName}, order `) });
  await expect(card).toBeVisible(LIVE);
  const row = ordersCard.getByRole("listitem", { name: productName });
  await expect(row).toBeVisible(LIVE);

  for (const text of [
    customerPhone, // stored as +855..., shown in the local form typed

    `${commune}, ${district}`,
    "$41.48",
    "$19.99 × 2 + $1.50 delivery",
    "business@example.com",
    "influencer@example.com",
  ]) {
    await expect(card).toContainText(text);
  }
  await expect(card.locator(".badge")).toHaveText(/New Order/);
  await expect(row).toContainText("Qty 2");
  await expect(row).toContainText(`${commune}, ${district}`);
  await expect(row).toContainText("$41.48");
  await expect(row.locator(".badge")).toHaveText(/New Order/);
  await shot(admin, "admin-order-board");
  await ordersCard.screenshot({ path: join(shots, "business-orders-card.png") });

  // Forward one step at a time; each step reaches the business's card live.
  for (const status of ["Ready for Pickup", "Out for Delivery", "Delivered"]) {
    await card.getByRole("button", { name: `Move to ${status}` }).click();
    await expect(
      admin.getByText(new RegExp(`^Order SL-\\d+ status updated to ${status} successfully!$`)),
    ).toBeVisible();
    await expect(card.locator(".badge")).toHaveText(new RegExp(status));
    await expect(row.locator(".badge")).toHaveText(new RegExp(status), LIVE);
  }
  await expect(card.getByText("Order Completed")).toBeVisible();
  await expect(card.getByRole("button", { name: /^Move to/ })).toHaveCount(0);
  await expect(card.getByRole("button", { name: "Back to Out for Delivery" })).toBeVisible();
  await expect(business.getByText(/^Order SL-\d+ completed! Payouts have been created.$/)).toBeVisible();
  await shot(admin, "admin-order-delivered");
  await ordersCard.screenshot({ path: join(shots, "business-order-delivered.png") });

  // The Delivered filter holds it.
  await board.getByRole("button", { name: /^Delivered \([\d,]+\)$/ }).click();
  await expect(card).toBeVisible();

  for (const page of [admin, business, customer]) await page.context().close();
});
