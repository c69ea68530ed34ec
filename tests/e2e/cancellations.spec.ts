// Journey of issue 14's cancellations in real Chromium against the running stack: a parcel out
// for delivery is refused at the door; the admin cancels it as "Customer refused" with a note,
// and the business's Orders to Fulfill and the influencer's orders, open in two phone-sized
// contexts before the change, show it cancelled with the reason, live. The admin then reopens it
// as a new order. The campaign, link and order are made directly in the database and API.
import { expect, test, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { api, login } from "../helpers/api.ts";
import { createApprovedLink, createCampaign, fixtureDb, placeOrder } from "../helpers/db-fixtures.ts";
import { demoBusiness, demoInfluencer, seedAdmin } from "../helpers/stack.ts";
import { LIVE } from "./time-budget.ts";

const shots = join("test-results", "screenshots");
mkdirSync(shots, { recursive: true });

const phone: BrowserContextOptions = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
const desktop: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };

const sql = fixtureDb();

test.afterEach(async ({ browser }) => {
  await Promise.all(browser.contexts().map((context) => context.close()));
});

test.afterAll(async () => {
  await sql.end();
});

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

test("a refused delivery is cancelled with a reason; the business and the influencer see why, live; the admin reopens it", async ({
  browser,
}) => {
  const productName = `E2E Refused ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const campaignId = await createCampaign(sql, { productName, priceCents: 1250, commissionRate: 0.1 });
  await createApprovedLink(sql, campaignId);
  const orderId = await placeOrder(sql, campaignId);
  const adminToken = (await login(seedAdmin.email, seedAdmin.password)).token;
  for (const new_status of ["ready_for_pickup", "out_for_delivery"])
    expect(
      (await api("PUT", `/admin/orders/${orderId}/status`, { token: adminToken, body: { new_status } })).status,
    ).toBe(200);

  // The business and the influencer watch on their phones before the admin acts.
  const business = await newPage(browser, phone);
  await signIn(business, demoBusiness.email, demoBusiness.password);
  await expect(business).toHaveURL(/\/business\/dashboard$/);
  const ordersCard = business.getByRole("region", { name: "Orders to Fulfill" });
  await expect(ordersCard.locator(".live-indicator--live")).toBeVisible();
  const businessRow = ordersCard.getByRole("listitem", { name: productName });
  await expect(businessRow.locator(".badge")).toHaveText(/Out for Delivery/);

  const influencer = await newPage(browser, phone);
  await signIn(influencer, demoInfluencer.email, demoInfluencer.password);
  await expect(influencer).toHaveURL(/\/influencer\/dashboard$/);
  const influencerCard = influencer.getByRole("region", { name: "Orders through your links" });
  await expect(influencerCard.locator(".live-indicator--live")).toBeVisible();
  const influencerRow = influencerCard.getByRole("listitem", { name: productName });
  await expect(influencerRow.locator(".badge")).toHaveText(/Out for Delivery/);
  // The influencer never sees the customer's phone.
  await expect(influencerCard.locator("a[href^='tel:']")).toHaveCount(0);

  const admin = await newPage(browser, desktop);
  await signIn(admin, seedAdmin.email, seedAdmin.password);
  await expect(admin).toHaveURL(/\/admin\/dashboard$/);
  await admin.getByRole("tab", { name: "Order Management" }).click();
  const board = admin.getByRole("tabpanel");
  const cancelledFilter = board.getByRole("button", { name: /^Cancelled \([\d,]+\)$/ });
  await board.getByRole("button", { name: /^Out for Delivery \([\d,]+\)$/ }).click();
  const card = board.getByRole("listitem", { name: new RegExp(`^${productName}, order `) });
  await expect(card).toBeVisible();
  // Read once the board has loaded (its card is there).
  const cancelledBefore = Number((await cancelledFilter.textContent())?.match(/\((\d+)\)/)?.[1]);

  // The customer refused the parcel at the door.
  await card.getByRole("button", { name: "Cancel order" }).click();
  const dialog = admin.getByRole("dialog");
  await expect(dialog).toContainText(`Cancel ${productName}`);
  await dialog.getByRole("button", { name: "Cancel order" }).click();
  await expect(dialog.getByText("Choose why the order is cancelled.")).toBeVisible();
  await dialog.getByLabel("Reason").selectOption("customer_refused");
  await dialog.getByLabel("Notes (optional)").fill("Refused at the door: ordered by mistake");
  await admin.screenshot({ path: join(shots, "admin-cancel-dialog.png") });
  await dialog.getByRole("button", { name: "Cancel order" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(admin.getByText(/^Order SL-\d+ status updated to Cancelled successfully!$/)).toBeVisible();
  await expect(cancelledFilter).toHaveText(`Cancelled (${cancelledBefore + 1})`);
  await cancelledFilter.click();
  await expect(card.locator(".badge")).toHaveText(/Cancelled/);
  await expect(card).toContainText("Customer refused");
  await expect(card.getByRole("button")).toHaveText(["Reopen as New Order"]);
  await expect(board.getByText(/^Refusal rate: /)).toBeVisible();
  await admin.screenshot({ path: join(shots, "admin-order-cancelled.png") });

  // Live, without a reload, on both phones.
  await expect(businessRow.locator(".badge")).toHaveText(/Cancelled/, LIVE);
  await expect(businessRow).toContainText("Cancelled: Customer refused");
  await expect(influencerRow.locator(".badge")).toHaveText(/Cancelled/, LIVE);
  await expect(influencerRow).toContainText("Cancelled: Customer refused");
  await expect(influencerCard.getByText(/^Refusal rate: /)).toBeVisible();
  await expectNoHorizontalScroll(business, "business dashboard with a cancelled order");
  await expectNoHorizontalScroll(influencer, "influencer dashboard with a cancelled order");
  await ordersCard.screenshot({ path: join(shots, "business-order-cancelled.png") });
  await influencerCard.screenshot({ path: join(shots, "influencer-order-cancelled.png") });

  // The history keeps who, why and the note.
  expect(
    await sql`select from_status::text, to_status::text, cancellation_reason::text, note
      from public.order_status_history where order_id = ${orderId} order by id desc limit 1`,
  ).toEqual([
    {
      from_status: "out_for_delivery",
      to_status: "cancelled",
      cancellation_reason: "customer_refused",
      note: "Refused at the door: ordered by mistake",
    },
  ]);

  // The customer calls back: the admin reopens it, and it is a new order everywhere.
  await card.getByRole("button", { name: "Reopen as New Order" }).click();
  await expect(admin.getByText(/^Order SL-\d+ status updated to New Order successfully!$/)).toBeVisible();
  await expect(businessRow.locator(".badge")).toHaveText(/New Order/, LIVE);
  await expect(businessRow).not.toContainText("Customer refused");
  await expect(influencerRow.locator(".badge")).toHaveText(/New Order/, LIVE);
});
