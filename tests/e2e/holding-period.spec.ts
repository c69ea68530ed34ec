// The holding period in real Chromium: an influencer's commission of a delivered order shows as
// on hold, not available; the admin sets the hold to 0 days in the Settings tab; the influencer's
// card then shows it available (after a reload: the settings are the admin's, not on the user's
// live feeds). The default of 7 days is restored afterwards.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { admin, influencer, business } from "../helpers/accounts.ts";
import { api } from "../helpers/api.ts";
import { createApprovedLink, createCampaign, fixtureDb, placeOrder } from "../helpers/db-fixtures.ts";
import { DEFAULT_HOLD_DAYS, setCommissionHoldDays } from "../helpers/hold.ts";
import { seedAdmin } from "../helpers/stack.ts";

const sql = fixtureDb();
test.beforeAll(() => setCommissionHoldDays(DEFAULT_HOLD_DAYS));
test.afterAll(async () => {
  await setCommissionHoldDays(DEFAULT_HOLD_DAYS);
  await sql.end();
});
test.afterEach(async ({ browser }) => {
  await Promise.all(browser.contexts().map((context) => context.close()));
});

const stat = (card: Locator, label: string) =>
  card
    .locator(".payout-stat")
    .filter({ has: card.page().getByText(label, { exact: true }) })
    .locator("dd");

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login?lang=en");
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole("button", { name: /log ?in|sign ?in/i }).click();
  await expect(page).toHaveURL(/dashboard$/);
}

test("a delivered commission is on hold until the admin sets the hold to 0", async ({ browser }) => {
  const [shop, creator] = await Promise.all([business(), influencer()]);
  const campaignId = await createCampaign(sql, {
    businessId: shop.user.id,
    productName: `E2E Hold Lamp ${Date.now().toString(36)}`,
    priceCents: 2000,
    commissionRate: 0.1,
  });
  await createApprovedLink(sql, campaignId, creator.user.id);
  const orderId = await placeOrder(sql, campaignId, { influencerId: creator.user.id, quantity: 1 });
  const adminToken = (await admin()).token;
  for (const new_status of ["ready_for_pickup", "out_for_delivery", "delivered"]) {
    expect(
      (await api("PUT", `/admin/orders/${orderId}/status`, { token: adminToken, body: { new_status } })).status,
    ).toBe(200);
  }

  const creatorPage = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  await signIn(creatorPage, creator.user.email, "longenough1");
  const card = creatorPage.locator(".payout-management");
  await expect(stat(card, "On hold (recent deliveries)")).toHaveText("$2.00");
  await expect(stat(card, "Available for payout")).toHaveText("$0.00");

  const adminPage = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(adminPage, seedAdmin.email, seedAdmin.password);
  await adminPage.getByRole("tab", { name: "Settings" }).click();
  const holdDays = adminPage.getByLabel("Commission holding period (days)");
  await expect(holdDays).toHaveValue(String(DEFAULT_HOLD_DAYS));
  await holdDays.fill("0");
  await adminPage.getByRole("button", { name: "Save Settings" }).click();
  await expect(adminPage.getByText("Settings saved.")).toBeVisible();

  await creatorPage.reload();
  await expect(stat(card, "Available for payout")).toHaveText("$2.00");
  await expect(stat(card, "On hold (recent deliveries)")).toHaveText("$0.00");
});
