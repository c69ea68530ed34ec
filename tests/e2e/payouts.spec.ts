// The payouts journey in real Chromium against the running stack: a fresh influencer and
// business watch their payout cards on phones while an order is delivered; both see their
// earnings arrive LIVE, enter their bank details and request payouts; the admin, in another
// context opened before the requests, sees them arrive, checks gross, fee and net, and
// completes both with ABA references; each user sees the completion and the history entry live.
// Then the KHQR journey: a code read from a photo in the browser, the request keeping the bank
// details of its moment, and the admin's QR decoded to the payable KHQR.
// The accounts come from the API; the campaign, link and order from the database.
import { expect, test, type Browser, type BrowserContextOptions, type Locator, type Page } from "@playwright/test";
import jsQR from "jsqr";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { PNG } from "pngjs";
import QRCode from "qrcode";
import { checkKhqr, khqrCrc, khqrTags } from "../../supabase/functions/_shared/contract/khqr.ts";
import { admin, business, influencer, type Account } from "../helpers/accounts.ts";
import { api } from "../helpers/api.ts";
import { createApprovedLink, createCampaign, fixtureDb, placeOrder } from "../helpers/db-fixtures.ts";
import { DEFAULT_HOLD_DAYS, setCommissionHoldDays } from "../helpers/hold.ts";
import { seedAdmin } from "../helpers/stack.ts";
import { LIVE } from "./time-budget.ts";

const shots = join("test-results", "screenshots");
mkdirSync(shots, { recursive: true });

const phone: BrowserContextOptions = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
const desktop: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };

// $19.99 x 2 at 10%: sale 3998, commission 399.8 -> 400, gross 3598, fee 539.7 -> 540, net 3058.
const priceCents = 1999;
const quantity = 2;
const commissionRate = 0.1;

const sql = fixtureDb();
// Each journey's pages stay live (realtime refetches) until closed: close them, pass or fail, so
// they do not load the machine during the next journeys.
test.afterEach(async ({ browser }) => {
  await Promise.all(browser.contexts().map((context) => context.close()));
});

// Deliveries are released at once in this journey (the admin set the hold to 0); the hold has
// tests of its own.
test.beforeAll(() => setCommissionHoldDays(0));
test.afterAll(async () => {
  await setCommissionHoldDays(DEFAULT_HOLD_DAYS);
  await sql.end();
});

async function shot(page: Page, name: string) {
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

async function signedIn(
  browser: Browser,
  options: BrowserContextOptions,
  email: string,
  password: string,
  path: string,
) {
  const page = await (await browser.newContext(options)).newPage();
  await page.goto("/login");
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole("button", { name: /log ?in|sign ?in/i }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  return page;
}

const payoutCard = (page: Page) => page.locator(".payout-management");
const stat = (card: Locator, label: string) =>
  card
    .locator(".payout-stat")
    .filter({ has: card.page().getByText(label, { exact: true }) })
    .locator("dd");

async function enterBankDetails(page: Page, cardTitle: string, accountName: string) {
  const card = page.locator(".card").filter({ has: page.getByRole("heading", { name: cardTitle }) });
  const update = card.getByRole("button", { name: "Update Profile" });
  await expect(update).toBeDisabled();
  await card.getByLabel("Bank name", { exact: true }).fill("ABA Bank");
  await card.getByLabel("Account name", { exact: true }).fill(accountName);
  await card.getByLabel("Account number", { exact: true }).fill("000 123 456");
  await update.click();
  await expect(page.getByText("Profile updated.")).toBeVisible();
  await expect(update).toBeDisabled();
}

async function requestPayout(page: Page, amount: string) {
  const card = payoutCard(page);
  await card.getByRole("button", { name: "Request Payout" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText(amount)).toBeVisible();
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(card.getByRole("status").filter({ hasText: "Payout requested" })).toContainText(
    `${amount} requested on`,
  );
  await expect(card.getByRole("button", { name: "Request Payout" })).toBeDisabled();
}

async function complete(adminPage: Page, who: Account, reference: string) {
  const request = adminPage
    .getByRole("list", { name: "Pending payout requests" })
    .getByRole("listitem", { name: who.user.email });
  await request.getByLabel("ABA reference number").fill(`  ${reference}  `);
  await request.getByRole("button", { name: "Complete Payout" }).click();
  // Asked once more, naming the reference as it will be saved (trimmed).
  const question = request.getByRole("group", { name: "Confirm the payout" });
  await expect(question).toContainText(`with ABA reference ${reference}?`);
  await question.getByRole("button", { name: "Yes, complete payout" }).click();
  await expect(adminPage.getByText(`Payout completed successfully for ${who.user.email}!`).first()).toBeVisible();
  await expect(request).toHaveCount(0);
}

test("an order is delivered, both parties request payouts, the admin completes them, both see it live", async ({
  browser,
}) => {
  const [shop, creator] = await Promise.all([business(), influencer()]);
  const productName = `E2E Payout Lamp ${Date.now().toString(36)}`;
  const campaignId = await createCampaign(sql, { businessId: shop.user.id, productName, priceCents, commissionRate });
  await createApprovedLink(sql, campaignId, creator.user.id);
  const orderId = await placeOrder(sql, campaignId, { influencerId: creator.user.id, quantity });

  const creatorPage = await signedIn(browser, phone, creator.user.email, "longenough1", "/influencer/dashboard");
  const shopPage = await signedIn(browser, phone, shop.user.email, "longenough1", "/business/dashboard");
  const adminPage = await signedIn(browser, desktop, seedAdmin.email, seedAdmin.password, "/admin/dashboard");
  await adminPage.getByRole("tab", { name: "Payout Management" }).click();

  const creatorCard = payoutCard(creatorPage);
  const shopCard = payoutCard(shopPage);
  await expect(creatorCard.getByRole("heading", { name: "Commission & Payout Management" })).toBeVisible();
  await expect(
    creatorCard.getByText("No commission earnings yet. Start promoting your affiliate links to earn commissions!"),
  ).toBeVisible();
  await expect(stat(shopCard, "Available for payout")).toHaveText("$0.00");

  // The admin delivers the order (the order board has its own journey); earnings arrive live.
  const adminToken = (await admin()).token;
  for (const new_status of ["ready_for_pickup", "out_for_delivery", "delivered"]) {
    expect(
      (await api("PUT", `/admin/orders/${orderId}/status`, { token: adminToken, body: { new_status } })).status,
    ).toBe(200);
  }
  await expect(stat(creatorCard, "Available for payout")).toHaveText("$4.00", LIVE);
  await expect(stat(creatorCard, "Commissions earned")).toHaveText("$4.00");
  await expect(stat(shopCard, "Available for payout")).toHaveText("$30.58", LIVE);
  await expect(stat(shopCard, "Total earnings (gross)")).toHaveText("$35.98");
  await expect(stat(shopCard, "Platform fees (15%)")).toHaveText("$5.40");
  await expect(stat(shopCard, "Influencer commissions")).toHaveText("$4.00");
  // Without bank details the request waits for them.
  await expect(
    creatorCard.getByText("Please complete your bank account information in your profile before requesting a payout."),
  ).toBeVisible();
  await expect(creatorCard.getByRole("button", { name: "Request Payout" })).toBeDisabled();
  await shot(creatorPage, "payouts-influencer-earned");
  await shot(shopPage, "payouts-business-earned");

  await enterBankDetails(creatorPage, "Bank Account Information", "Sreypov Creator");
  await enterBankDetails(shopPage, "Business Profile", "E2E Shop Co");
  await requestPayout(creatorPage, "$4.00");
  await requestPayout(shopPage, "$30.58");
  await shot(shopPage, "payouts-business-requested");

  // Both requests reached the admin's open tab without a reload.
  const pending = adminPage.getByRole("list", { name: "Pending payout requests" });
  const shopRequest = pending.getByRole("listitem", { name: shop.user.email });
  await expect(shopRequest).toBeVisible(LIVE);
  await expect(pending.getByRole("listitem", { name: creator.user.email })).toBeVisible(LIVE);
  await expect(shopRequest).toContainText("$35.98");
  await expect(shopRequest).toContainText("$5.40");
  await expect(shopRequest).toContainText("$30.58");
  await expect(shopRequest).toContainText(productName);
  await expect(adminPage.getByRole("tab", { name: /^Requests \([\d,]+\)$/ })).toBeVisible();
  await shot(adminPage, "payouts-admin-requests");

  // A blank reference is refused before anything is sent.
  await shopRequest.getByRole("button", { name: "Complete Payout" }).click();
  await expect(shopRequest.getByText("ABA reference number is required to complete payout.")).toBeVisible();

  await complete(adminPage, shop, "ABA-E2E-SHOP-1");
  await complete(adminPage, creator, "ABA-E2E-CREATOR-1");
  await adminPage.getByRole("tab", { name: /^Completed \([\d,]+\)$/ }).click();
  const completed = adminPage.getByRole("list", { name: "Completed payouts" });
  await expect(completed.getByRole("listitem", { name: shop.user.email })).toContainText("ABA-E2E-SHOP-1");
  await shot(adminPage, "payouts-admin-completed");

  // Each user sees the completion and the history entry live.
  for (const [page, amount, reference] of [
    [shopPage, "$30.58", "ABA-E2E-SHOP-1"],
    [creatorPage, "$4.00", "ABA-E2E-CREATOR-1"],
  ] as const) {
    await expect(page.getByText(`Your payout of ${amount} was completed (ABA reference ${reference}).`)).toBeVisible(
      LIVE,
    );
    const entry = payoutCard(page)
      .getByRole("list", { name: "Past payouts" })
      .getByRole("listitem", { name: `Payout of ${amount}, ABA reference ${reference}` });
    await expect(entry).toBeVisible();
    await expect(entry).toContainText(productName);
    await expect(stat(payoutCard(page), "Total paid out")).toHaveText(amount);
    await expect(stat(payoutCard(page), "Available for payout")).toHaveText("$0.00");
  }
  await shot(shopPage, "payouts-business-completed");
  await shot(creatorPage, "payouts-influencer-completed");
});

test("an influencer saves a KHQR from a photo, requests a payout, edits the profile; the admin scans the request's KHQR and completes it", async ({
  browser,
}) => {
  // A known-good KHQR (bakong-khqr SDK documentation); its picture is uploaded as a photo would be.
  const savedKhqr =
    "00020101021229180014jonhsmith@nbcq52045999530311654035005802KH5910Jonh Smith6010PHNOM PENH993400131742250594187011317422506541846304EA38";
  const [shop, creator] = await Promise.all([business(), influencer()]);
  const productName = `E2E KHQR Lamp ${Date.now().toString(36)}`;
  const campaignId = await createCampaign(sql, { businessId: shop.user.id, productName, priceCents, commissionRate });
  await createApprovedLink(sql, campaignId, creator.user.id);
  const orderId = await placeOrder(sql, campaignId, { influencerId: creator.user.id, quantity });
  const adminToken = (await admin()).token;
  for (const new_status of ["ready_for_pickup", "out_for_delivery", "delivered"]) {
    expect(
      (await api("PUT", `/admin/orders/${orderId}/status`, { token: adminToken, body: { new_status } })).status,
    ).toBe(200);
  }

  const creatorPage = await signedIn(browser, phone, creator.user.email, "longenough1", "/influencer/dashboard");
  const bankCard = creatorPage
    .locator(".card")
    .filter({ has: creatorPage.getByRole("heading", { name: "Bank Account Information" }) });
  await bankCard.getByLabel("Bank name", { exact: true }).fill("ABA Bank");
  await bankCard.getByLabel("Account name", { exact: true }).fill("Sreypov Creator");
  await bankCard.getByLabel("Account number", { exact: true }).fill("000 123 456");
  // The photo is read in the browser (canvas + jsQR) into the KHQR field.
  await bankCard.getByLabel("Read KHQR from a photo").setInputFiles({
    name: "khqr.png",
    mimeType: "image/png",
    buffer: await QRCode.toBuffer(savedKhqr, { width: 600, margin: 6 }),
  });
  await expect(bankCard.getByText("KHQR read from the photo. Update Profile to save it.")).toBeVisible();
  await expect(bankCard.getByLabel("KHQR (optional)")).toHaveValue(savedKhqr);
  await bankCard.getByRole("button", { name: "Update Profile" }).click();
  await expect(creatorPage.getByText("Profile updated.")).toBeVisible();

  await requestPayout(creatorPage, "$4.00");
  const pendingNote = payoutCard(creatorPage).getByRole("status").filter({ hasText: "Payout requested" });
  await expect(pendingNote).toContainText("To be paid to ABA Bank · Sreypov Creator · 000 123 456");

  // A later edit changes the profile, not the pending request.
  await bankCard.getByLabel("Account number", { exact: true }).fill("999 888 777");
  await bankCard.getByRole("button", { name: "Update Profile" }).click();
  await expect(creatorPage.getByText("Profile updated.")).toHaveCount(1);
  await expect(bankCard.getByRole("button", { name: "Update Profile" })).toBeDisabled();
  await expect(pendingNote).toContainText("000 123 456");
  await shot(creatorPage, "payouts-khqr-influencer-pending");

  const adminPage = await signedIn(browser, desktop, seedAdmin.email, seedAdmin.password, "/admin/dashboard");
  await adminPage.getByRole("tab", { name: "Payout Management" }).click();
  const request = adminPage
    .getByRole("list", { name: "Pending payout requests" })
    .getByRole("listitem", { name: creator.user.email });
  await expect(request).toContainText("Account number000 123 456");
  await expect(request).toContainText("Account nameSreypov Creator");
  await expect(request.getByRole("button", { name: "Copy Account number" })).toBeVisible();
  await expect(request).toContainText("Scan to pay $4.00");

  // Scanning, here decoding the image the admin sees: the same account, dynamic, $4.00 in USD.
  const image = request.getByRole("img", { name: "KHQR to pay $4.00" });
  await expect(image).toBeVisible();
  const src = await image.getAttribute("src");
  const png = PNG.sync.read(Buffer.from(src!.split(",")[1], "base64"));
  const scanned = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? "";
  expect(checkKhqr(scanned).ok).toBe(true);
  expect(khqrTags(scanned)).toMatchObject({ "01": "12", "29": "0014jonhsmith@nbcq", "53": "840", "54": "4.00" });
  expect(scanned.slice(-4)).toBe(khqrCrc(scanned.slice(0, -4)));
  await shot(adminPage, "payouts-khqr-admin-request");

  await complete(adminPage, creator, "ABA-E2E-KHQR-1");
  await expect(creatorPage.getByText("Your payout of $4.00 was completed (ABA reference ABA-E2E-KHQR-1).")).toBeVisible(
    LIVE,
  );
});
