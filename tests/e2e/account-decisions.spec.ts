// Decisions that can be undone, in real Chromium against the running stack: an influencer cancels
// a pending payout on a phone, in Khmer, and sees the amount available again; an admin rejects the
// next request with a reason, which the open phone shows at once; the admin corrects a completed
// payout's ABA reference. An influencer whose link application was rejected applies again, and the
// admin's board shows the second application with the earlier rejection. Each screen is shot.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import {
  admin,
  apply,
  business,
  createCampaign as createCampaignThroughApi,
  decideLink,
  influencer,
  type Account,
} from "../helpers/accounts.ts";
import { api } from "../helpers/api.ts";
import { createApprovedLink, createCampaign, fixtureDb, placeOrder } from "../helpers/db-fixtures.ts";
import { DEFAULT_HOLD_DAYS, setCommissionHoldDays } from "../helpers/hold.ts";
import { LIVE } from "./time-budget.ts";

const shots = join("test-results", "screenshots");
mkdirSync(shots, { recursive: true });
const phone = { width: 360, height: 780 };
const laptop = { width: 1280, height: 900 };
const sql = fixtureDb();

test.beforeAll(() => setCommissionHoldDays(0));
test.afterAll(async () => {
  await setCommissionHoldDays(DEFAULT_HOLD_DAYS);
  await sql.end();
});
test.afterEach(async ({ browser }) => {
  await Promise.all(browser.contexts().map((context) => context.close()));
});

/** A page whose app holds `account`'s session, as a sign-in leaves it. */
async function pageOf(browser: Browser, account: Account, viewport: typeof phone, lang: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
  await page.goto(`/?lang=${lang}`);
  await page.evaluate(
    ([access, refresh]) => {
      localStorage.setItem("token", access);
      if (refresh) localStorage.setItem("refresh_token", refresh);
    },
    [account.token, account.refresh_token ?? ""],
  );
  return page;
}

async function deliver(orderId: string) {
  const token = (await admin()).token;
  for (const new_status of ["ready_for_pickup", "out_for_delivery", "delivered"]) {
    const res = await api("PUT", `/admin/orders/${orderId}/status`, { token, body: { new_status } });
    expect(res.status).toBe(200);
  }
}

/** An influencer with bank details and a delivered order: $20.00 at 10%, $2.00 to request. */
async function creatorWithEarnings() {
  const [shop, creator] = await Promise.all([business(), influencer()]);
  const bank = { bank_name: "ABA Bank", account_name: "Sok Dara", account_number: "000 123 456" };
  expect((await api("PUT", "/auth/profile", { token: creator.token, body: bank })).status).toBe(200);
  const campaignId = await createCampaign(sql, {
    businessId: shop.user.id,
    priceCents: 2000,
    commissionRate: 0.1,
    productName: `E2E Krama ${Date.now().toString(36)}`,
  });
  await createApprovedLink(sql, campaignId, creator.user.id);
  await deliver(await placeOrder(sql, campaignId, { influencerId: creator.user.id, quantity: 1 }));
  return creator;
}

const requestPayout = async (creator: Account) =>
  expect((await api("POST", "/payouts/request", { token: creator.token })).status).toBe(201);

test("an influencer cancels a payout request; an admin rejects the next with a reason the phone shows at once", async ({
  browser,
}) => {
  const creator = await creatorWithEarnings();
  await requestPayout(creator);
  const onPhone = await pageOf(browser, creator, phone, "km");
  await onPhone.goto("/influencer/dashboard");
  const card = onPhone.locator(".payout-management");
  await expect(card.getByText("រង់ចាំអ្នកគ្រប់គ្រង", { exact: true })).toBeVisible();
  await card.getByRole("button", { name: "បោះបង់សំណើ" }).click();
  const dialog = onPhone.getByRole("dialog");
  await expect(dialog).toContainText("$2.00");
  await onPhone.screenshot({ path: join(shots, "km-payout-cancel-dialog.png"), animations: "disabled" });
  await dialog.getByRole("button", { name: "បោះបង់សំណើ" }).click();
  const history = card.getByRole("list", { name: "ការទូទាត់កន្លងមក" });
  await expect(history.getByRole("listitem")).toHaveCount(1);
  await expect(history).toContainText("បានបោះបង់");
  await expect(card.getByRole("button", { name: "ស្នើការទូទាត់" })).toBeEnabled();

  // Requested again; the admin rejects it with a reason, and the phone shows it without a reload.
  await requestPayout(creator);
  await expect(card.getByText("រង់ចាំអ្នកគ្រប់គ្រង", { exact: true })).toBeVisible(LIVE);
  const onLaptop = await pageOf(browser, await admin(), laptop, "en");
  await onLaptop.goto("/admin/dashboard");
  await onLaptop.getByRole("tab", { name: "Payout Management" }).click();
  const request = onLaptop.getByRole("listitem", { name: creator.user.email });
  await request.getByRole("button", { name: "Reject request" }).click();
  const form = request.getByRole("form", { name: "Reject the payout request" });
  await form.getByRole("textbox").fill("The account name does not match your ABA account");
  await onLaptop.screenshot({ path: join(shots, "en-admin-payout-reject.png"), animations: "disabled" });
  await form.getByRole("button", { name: "Reject $2.00" }).click();
  await expect(onLaptop.getByRole("listitem", { name: creator.user.email })).toBeHidden();

  await expect(history.getByRole("listitem")).toHaveCount(2, LIVE);
  await expect(history.getByRole("listitem").first()).toContainText("The account name does not match your ABA account");
  await expect(card.getByRole("button", { name: "ស្នើការទូទាត់" })).toBeEnabled();
  await onPhone.screenshot({
    path: join(shots, "km-payout-history-rejected.png"),
    fullPage: true,
    animations: "disabled",
  });
});

test("an admin corrects a completed payout's ABA reference, and the influencer sees why", async ({ browser }) => {
  const creator = await creatorWithEarnings();
  await requestPayout(creator);
  const completed = await api("PUT", `/payouts/admin/complete/${creator.user.id}`, {
    token: (await admin()).token,
    body: { aba_reference: "ABA-2026-1O0" },
  });
  expect(completed.status).toBe(200);

  const onLaptop = await pageOf(browser, await admin(), laptop, "en");
  await onLaptop.goto("/admin/dashboard");
  await onLaptop.getByRole("tab", { name: "Payout Management" }).click();
  await onLaptop.getByRole("tab", { name: /^Completed/ }).click();
  const payout = onLaptop.getByRole("listitem", { name: creator.user.email }).first();
  await payout.getByRole("button", { name: "Correct reference" }).click();
  const form = payout.getByRole("form", { name: "Correct the ABA reference" });
  await form.getByLabel(/^Correct ABA reference/).fill("ABA-2026-100");
  await form.getByLabel(/^Why it changes/).fill("Typed the letter O for a zero");
  await onLaptop.screenshot({ path: join(shots, "en-admin-payout-correct.png"), animations: "disabled" });
  await form.getByRole("button", { name: "Save correction" }).click();
  await expect(payout).toContainText("Was ABA-2026-1O0: Typed the letter O for a zero");
  await expect(payout.locator(".payout-reference")).toHaveText("ABA-2026-100");

  const onPhone = await pageOf(browser, creator, phone, "en");
  await onPhone.goto("/influencer/dashboard");
  const history = onPhone.getByRole("list", { name: "Past payouts" });
  await expect(history).toContainText("ABA-2026-100");
  await expect(history).toContainText("Was ABA-2026-1O0: Typed the letter O for a zero");
  await onPhone.screenshot({
    path: join(shots, "en-payout-history-corrected.png"),
    fullPage: true,
    animations: "disabled",
  });
});

test("an influencer whose link application was rejected applies again; the admin sees the earlier rejection", async ({
  browser,
}) => {
  const shop = await business();
  const creator = await influencer();
  const campaign = await createCampaignThroughApi(shop, { product_name: `Reapply Silk ${Date.now().toString(36)}` });
  const link = await apply(creator, campaign.id);
  await decideLink(link.id, "reject", "Your page has no posts yet");

  const onPhone = await pageOf(browser, creator, phone, "km");
  await onPhone.goto("/influencer/dashboard");
  const linkCard = onPhone.locator("article, li").filter({ hasText: campaign.product_name }).first();
  await expect(linkCard).toContainText("Your page has no posts yet");
  await onPhone.screenshot({
    path: join(shots, "km-link-rejected-apply-again.png"),
    fullPage: true,
    animations: "disabled",
  });
  await onPhone.goto("/influencer/dashboard?lang=en");
  const enCard = onPhone.locator("article, li").filter({ hasText: campaign.product_name }).first();
  await enCard.getByRole("button", { name: "Apply again" }).click();
  await expect(enCard.getByRole("button", { name: "Apply again" })).toBeHidden();
  await expect(enCard).toContainText("Applied again");

  const onLaptop = await pageOf(browser, await admin(), laptop, "en");
  await onLaptop.goto("/admin/dashboard");
  const application = onLaptop.getByRole("listitem").filter({ hasText: campaign.product_name }).first();
  await expect(application).toContainText("Second application");
  await expect(application).toContainText("Your page has no posts yet");
  await application.scrollIntoViewIfNeeded();
  await onLaptop.screenshot({ path: join(shots, "en-admin-link-second-application.png"), animations: "disabled" });
});
