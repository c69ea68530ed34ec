// Couriers and their cash (issue 29), the whole journey in real Chromium against the running stack:
// the admin adds a rider, gives it two orders and makes its rider link; the rider's page, on a
// 360 px phone in Khmer, delivers one with the cash and marks the other refused; the influencer's
// commission then waits for the courier's cash; the admin imports the courier's statement (CSV)
// for the delivered order, and the influencer's open dashboard shows it available. Screenshots
// (test-results/screenshots/*-courier-cash-*.png) are to be looked at.
import { expect, test, type BrowserContextOptions, type Page } from "@playwright/test";
import { join } from "node:path";
import { influencer } from "../helpers/accounts.ts";
import { influencerRegistration } from "../helpers/api.ts";
import { createApprovedLink, createCampaign, fixtureDb, placeOrder } from "../helpers/db-fixtures.ts";
import { DEFAULT_HOLD_DAYS, setCommissionHoldDays } from "../helpers/hold.ts";
import { typedPhone, uniqueStoredPhone } from "../helpers/phones.ts";
import { seedAdmin } from "../helpers/stack.ts";
import { dismissToasts, phone, shots, signedIn } from "../helpers/e2e-pages.ts";

const desktop: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };
const sql = fixtureDb();

// The hold is 0 here, so the commission is available as soon as its cash is in: the hold has
// tests of its own.
test.beforeAll(() => setCommissionHoldDays(0));
test.afterEach(async ({ browser }) => {
  await Promise.all(browser.contexts().map((context) => context.close()));
});
test.afterAll(async () => {
  await setCommissionHoldDays(DEFAULT_HOLD_DAYS);
  await sql.end();
});

const payoutStat = (page: Page, label: string) =>
  page
    .locator(".payout-stat")
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator("dd");

test("a rider delivers with the cash, the admin imports the courier's statement, and the commission is released", async ({
  browser,
}) => {
  const creator = await influencer();
  const productName = `E2E Cash Silk ${Date.now().toString(36)}`;
  const campaignId = await createCampaign(sql, { productName, priceCents: 2000, commissionRate: 0.1 });
  await createApprovedLink(sql, campaignId, creator.user.id);
  const orders: { id: string; number: string; subtotalCents: number }[] = [];
  for (let i = 0; i < 2; i++) {
    const id = await placeOrder(sql, campaignId, { influencerId: creator.user.id });
    const [row] = await sql<{ order_number: string; subtotal_cents: number }[]>`
      select order_number, subtotal_cents::int from public.orders where id = ${id}`;
    orders.push({ id, number: row.order_number, subtotalCents: row.subtotal_cents });
  }
  const [delivered, refused] = orders;
  const riderName = `Cash Rider ${Date.now().toString(36)}`;

  // The admin adds the rider and gives it both orders.
  const admin = await signedIn(browser, seedAdmin.email, seedAdmin.password, "en", desktop);
  await expect(admin).toHaveURL(/\/admin\/dashboard/);
  await admin.getByRole("tab", { name: "Couriers" }).click();
  await admin.getByRole("button", { name: "Add courier" }).click();
  await admin.getByLabel("Name").fill(riderName);
  await admin.getByLabel("Phone").fill(typedPhone(uniqueStoredPhone()));
  await admin.getByLabel("Kind").selectOption("freelance");
  await admin.getByRole("button", { name: "Add courier" }).click();
  const courierItem = admin.getByRole("listitem", { name: riderName });
  await expect(courierItem).toContainText("Cash held: $0.00");
  await dismissToasts(admin);
  await admin.getByRole("tab", { name: "Order Management" }).click();
  for (const order of orders) {
    await admin.getByRole("search").getByLabel("Order number or phone digits").fill(order.number);
    await admin.getByRole("search").getByRole("button", { name: "Search", exact: true }).click();
    const card = admin.locator("li.order-card", { hasText: order.number });
    await card.getByRole("combobox", { name: "Courier" }).selectOption({ label: riderName });
    await expect(admin.getByText(`${order.number}: given to ${riderName}.`)).toBeVisible();
  }
  // ...and makes its rider link, shown once, to send to the rider.
  await admin.getByRole("tab", { name: "Couriers" }).click();
  await courierItem.getByRole("button", { name: "Rider links" }).click();
  await courierItem.getByRole("button", { name: "New rider link" }).click();
  const riderUrl = await courierItem.getByRole("textbox", { name: "Link for the rider" }).inputValue();
  expect(riderUrl).toMatch(/\/rider\/[A-Za-z0-9_-]{32}$/);
  await dismissToasts(admin);
  await admin.screenshot({ path: join(shots, "en-courier-cash-link.png"), fullPage: true });

  // The rider, on a phone in Khmer: picks up both, delivers one with the cash, the other refused.
  const rider = await (await browser.newContext({ ...phone, locale: "km-KH" })).newPage();
  await rider.goto(`${new URL(riderUrl).pathname}?lang=km`);
  const riderCard = (number: string) =>
    rider.getByRole("list", { name: "ការដឹកជញ្ជូន" }).getByRole("listitem").filter({ hasText: number });
  for (const order of orders) {
    await riderCard(order.number).getByRole("button", { name: "បានយកហើយ" }).click();
    await expect(riderCard(order.number)).toContainText("កំពុងដឹក");
  }
  await rider.screenshot({ path: join(shots, "km-courier-cash-rider.png"), fullPage: true });
  await riderCard(delivered.number).getByRole("button", { name: "បានដឹកដល់" }).click();
  await riderCard(delivered.number)
    .getByRole("button", { name: /^បាទ\/ចាស បានប្រមូល/ })
    .click();
  await riderCard(refused.number).getByRole("button", { name: "អតិថិជនបដិសេធ" }).click();
  await riderCard(refused.number).getByRole("button", { name: "បាទ/ចាស", exact: true }).click();
  await expect(rider.getByText("មិនមានការដឹកជញ្ជូនទេឥឡូវនេះ")).toBeVisible();

  // The influencer's commission of the delivered order waits for the courier's cash.
  const commission = `$${(Math.round(delivered.subtotalCents * 0.1) / 100).toFixed(2)}`;
  const creatorPage = await signedIn(browser, creator.user.email, influencerRegistration("").password, "en");
  await expect(creatorPage).toHaveURL(/\/influencer\/dashboard/);
  await expect(payoutStat(creatorPage, "Waiting for the courier's cash")).toHaveText(commission);
  await expect(payoutStat(creatorPage, "Available for payout")).toHaveText("$0.00");
  await creatorPage.locator(".payout-management").screenshot({ path: join(shots, "en-courier-cash-waiting.png") });

  // The admin imports the courier's statement for the delivered order.
  await admin.reload();
  await admin.getByRole("tab", { name: "Couriers" }).click();
  await expect(courierItem).toContainText(`Cash held: $${(delivered.subtotalCents / 100).toFixed(2)}`);
  await courierItem.getByRole("button", { name: "Cash", exact: true }).click();
  await courierItem
    .getByLabel("Amount ($)")
    .first()
    .fill((delivered.subtotalCents / 100).toFixed(2));
  await courierItem.getByLabel("ABA reference").fill("ABA-E2E-CASH");
  await courierItem.getByRole("button", { name: "Courier's statement (CSV)" }).click();
  await courierItem.getByLabel("Courier's statement (CSV file)").setInputFiles({
    name: "statement.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`Order,Amount\r\n${delivered.number},${(delivered.subtotalCents / 100).toFixed(2)}\r\n`),
  });
  await courierItem.getByRole("button", { name: "Record remittance" }).click();
  await expect(admin.getByText("Remittance recorded")).toBeVisible();
  await expect(courierItem).toContainText("ABA-E2E-CASH");
  await expect(courierItem).toContainText("Cash held: $0.00");
  await dismissToasts(admin);
  await admin.screenshot({ path: join(shots, "en-courier-cash-remitted.png"), fullPage: true });

  // The influencer's open dashboard follows: the commission is available.
  await expect(payoutStat(creatorPage, "Available for payout")).toHaveText(commission);
  await expect(payoutStat(creatorPage, "Waiting for the courier's cash")).toHaveCount(0);
  await creatorPage.goto("/influencer/dashboard?lang=km");
  await expect(creatorPage.locator(".payout-management")).toContainText(commission);
  await creatorPage.locator(".payout-management").screenshot({ path: join(shots, "km-courier-cash-available.png") });
});
