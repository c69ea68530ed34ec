// Sessions in real Chromium against the running stack: a dashboard open past the expiry of its
// access token stays signed in and live without a reload (the app renews the token and hands it to
// Realtime, which ends a channel whose token expires); a session whose access token expired while
// the phone was off opens without the sign-in page; a session signed out from another device is
// sent to the sign-in page, which says why; and a forgotten password is reset through the emailed
// link, in Khmer. The profile's list of sessions is shot in both languages.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { decodeJwt } from "jose";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { business, type Account } from "../helpers/accounts.ts";
import { createApprovedLink, createCampaign, fixtureDb, placeOrder } from "../helpers/db-fixtures.ts";
import { nthEmailTo } from "../helpers/email-fake.ts";
import { signLocal } from "../helpers/tokens.ts";
import { budget } from "./time-budget.ts";

const shots = join("test-results", "screenshots");
mkdirSync(shots, { recursive: true });
const phone = { width: 360, height: 780 };
const laptop = { width: 1280, height: 800 };
const sql = fixtureDb();

test.afterAll(() => sql.end());
test.afterEach(async ({ browser }) => {
  await Promise.all(browser.contexts().map((context) => context.close()));
});

/** The account's own access token, re-signed to expire `seconds` from now (negative: already expired). */
async function accessTokenExpiringIn(account: Account, seconds: number): Promise<string> {
  const { iat: _issued, exp: _expires, ...claims } = decodeJwt(account.token);
  return signLocal(claims, { expiresIn: seconds });
}

/** A phone whose app holds `token` and the account's refresh token, as a sign-in leaves them. */
async function phoneWith(browser: Browser, account: Account, token: string, lang = "en"): Promise<Page> {
  const page = await (await browser.newContext({ viewport: phone })).newPage();
  await page.goto(`/?lang=${lang}`);
  await page.evaluate(
    ([access, refresh]) => {
      localStorage.setItem("refresh_token", refresh);
      localStorage.setItem("token", access);
    },
    [token, account.refresh_token!],
  );
  return page;
}

/** An approved shop with a campaign the demo influencer links to, to order from. */
async function shopWithCampaign() {
  const shop = await business();
  const productName = `E2E Session ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const campaignId = await createCampaign(sql, { businessId: shop.user.id, productName });
  await createApprovedLink(sql, campaignId);
  return { shop, productName, campaignId };
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem("token"));

test("a dashboard open past its access token's expiry stays signed in and live, without a reload", async ({
  browser,
}) => {
  const { shop, productName, campaignId } = await shopWithCampaign();
  // Ten seconds left: the app renews it at once, and the old one expires while the board is open.
  const expiring = await accessTokenExpiringIn(shop, 10);
  const expiresAt = (decodeJwt(expiring).exp as number) * 1000;
  const page = await phoneWith(browser, shop, expiring);
  await page.goto("/business/dashboard");
  const orders = page.getByRole("region", { name: "Orders to Fulfill" });
  await expect(orders.locator(".live-indicator--live")).toBeVisible();
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

  await expect.poll(() => storedToken(page)).not.toBe(expiring);
  expect(await page.evaluate(() => localStorage.getItem("refresh_token"))).not.toBe(shop.refresh_token);
  // The first access token is now past its expiry: Realtime would have ended a channel still on it.
  await expect.poll(() => Date.now(), { timeout: budget(20_000) }).toBeGreaterThan(expiresAt + 1_000);

  await placeOrder(sql, campaignId);
  await expect(orders.getByRole("listitem", { name: productName })).toBeVisible();
  await expect(orders.locator(".live-indicator--live")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test("a session whose access token expired while the phone was off opens its dashboard, not the sign-in page", async ({
  browser,
}) => {
  const { shop } = await shopWithCampaign();
  const expired = await accessTokenExpiringIn(shop, -600);
  const page = await phoneWith(browser, shop, expired);
  await page.goto("/business/dashboard");
  await expect(page.getByRole("region", { name: "Orders to Fulfill" }).locator(".live-indicator--live")).toBeVisible();
  await expect(page).toHaveURL(/\/business\/dashboard$/);
  expect(await storedToken(page)).not.toBe(expired);
});

test("signing a phone out from the laptop's profile ends it there too, and the phone's sign-in page says why", async ({
  browser,
}) => {
  const { shop } = await shopWithCampaign();
  const onPhone = await phoneWith(browser, shop, shop.token, "km");
  await onPhone.goto("/business/profile");
  const sessionsKm = onPhone.getByRole("region", { name: "កន្លែងដែលអ្នកបានចូលគណនី" });
  await expect(sessionsKm.getByText("ឧបករណ៍នេះ")).toBeVisible();
  await onPhone.screenshot({ path: join(shots, "km-profile-sessions.png"), fullPage: true, animations: "disabled" });

  const onLaptop = await (await browser.newContext({ viewport: laptop })).newPage();
  await onLaptop.goto("/login?lang=en");
  await onLaptop.getByLabel(/email/i).fill(shop.user.email);
  await onLaptop.getByLabel(/password/i).fill("longenough1");
  await onLaptop.getByRole("button", { name: /log ?in/i }).click();
  await expect(onLaptop).toHaveURL(/\/business\/dashboard$/);
  await onLaptop.goto("/business/profile");
  const sessions = onLaptop.getByRole("region", { name: "Where you're signed in" });
  const items = sessions.getByRole("listitem");
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText("This device");
  await expect(items.first()).toContainText("Chrome on Linux");
  await onLaptop.screenshot({ path: join(shots, "en-profile-sessions.png"), fullPage: true, animations: "disabled" });
  await items.nth(1).getByRole("button", { name: "Sign out" }).click();
  await expect(items).toHaveCount(1);

  // The phone's next call finds its session over: both tokens go, and the sign-in page says why.
  await onPhone.reload();
  await expect(onPhone).toHaveURL(/\/login$/);
  await expect(onPhone.getByRole("alert")).toContainText("វគ្គប្រើប្រាស់របស់អ្នកបានបញ្ចប់ហើយ");
  expect(await onPhone.evaluate(() => [localStorage.getItem("token"), localStorage.getItem("refresh_token")])).toEqual([
    null,
    null,
  ]);
  await onPhone.screenshot({ path: join(shots, "km-login-session-ended.png"), fullPage: true, animations: "disabled" });
});

test("a shop owner who forgot the password chooses a new one through the emailed link, in Khmer", async ({
  browser,
}) => {
  const { shop } = await shopWithCampaign();
  const page = await (await browser.newContext({ viewport: phone })).newPage();
  await page.goto("/login?lang=km");
  await page.getByRole("link", { name: "ភ្លេចពាក្យសម្ងាត់?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel(/អ៊ីមែល/).fill(shop.user.email);
  await page.getByRole("button", { name: "ផ្ញើតំណ" }).click();
  await expect(page.getByText(/^ប្រសិនបើមានគណនីប្រើអ៊ីមែលនេះ/)).toBeVisible();
  await page.screenshot({ path: join(shots, "km-forgot-password-sent.png"), fullPage: true, animations: "disabled" });

  const email = await nthEmailTo(shop.user.email);
  expect(email.subject).toBe("ជ្រើសរើសពាក្យសម្ងាត់ថ្មីសម្រាប់ ShopLink");
  const link = new URL(/https?:\/\/\S+reset-password\?\S+/.exec(email.text ?? "")![0]);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole("heading", { name: "ជ្រើសរើសពាក្យសម្ងាត់ថ្មី" })).toBeVisible();
  await page.getByLabel(/^ពាក្យសម្ងាត់ថ្មី \*/).fill("ស្រីមុំ-សូត្រ-2026");
  await page.getByLabel(/^ពាក្យសម្ងាត់ថ្មីម្ដងទៀត/).fill("ស្រីមុំ-សូត្រ-2026");
  await page.screenshot({ path: join(shots, "km-reset-password.png"), fullPage: true, animations: "disabled" });
  await page.getByRole("button", { name: "រក្សាទុកពាក្យសម្ងាត់ថ្មី" }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel(/អ៊ីមែល/).fill(shop.user.email);
  await page.getByLabel(/ពាក្យសម្ងាត់/).fill("ស្រីមុំ-សូត្រ-2026");
  await page.getByRole("button", { name: "ចូលគណនី" }).click();
  await expect(page).toHaveURL(/\/business\/dashboard$/);
  // The link worked once.
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel(/^ពាក្យសម្ងាត់ថ្មី \*/).fill("another-pepper-2026");
  await page.getByLabel(/^ពាក្យសម្ងាត់ថ្មីម្ដងទៀត/).fill("another-pepper-2026");
  await page.getByRole("button", { name: "រក្សាទុកពាក្យសម្ងាត់ថ្មី" }).click();
  await expect(page.getByRole("alert")).toContainText("បានផុតកំណត់ ឬត្រូវបានប្រើរួចហើយ");
});
