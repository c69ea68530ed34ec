// Journeys of the accounts slice in real Chromium against the running stack: public pages,
// route guards, and a business signing up while an admin in another browser context approves
// it, the business's banner vanishing live.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { LIVE } from "./time-budget.ts";

const shots = join("test-results", "screenshots");
mkdirSync(shots, { recursive: true });
const phone = { width: 360, height: 780 };
const admin = { email: "admin@example.com", password: process.env.SEED_ADMIN_PASSWORD ?? "Admin123!" };

function unique(prefix: string) {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

async function phonePage(browser: Browser) {
  const context = await browser.newContext({ viewport: phone });
  return context.newPage();
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole("button", { name: /log ?in|sign ?in/i }).click();
}

// Each journey's pages stay live (realtime refetches) until closed: close them, pass or fail, so
// they do not load the machine during the next journeys.
test.afterEach(async ({ browser }) => {
  await Promise.all(browser.contexts().map((context) => context.close()));
});

test("public pages render on a phone without horizontal scrolling", async ({ browser }) => {
  const page = await phonePage(browser);
  const pages = [
    ["landing", "/", "Our Commission"],
    ["login", "/login", "Log In"],
    ["signup-selection", "/signup-selection", "Join ShopLink"],
    ["business-signup", "/business-signup", "Register Your Business"],
    ["influencer-signup", "/influencer-signup", "Become an Influencer"],
    ["privacy-policy", "/privacy-policy", "Privacy Policy"],
    ["terms-of-service", "/terms-of-service", "Terms of Service"],
  ] as const;
  for (const [name, path, text] of pages) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: text, exact: true })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} fits 360 px`).toBeLessThanOrEqual(0);
    await shot(page, name);
  }
  await page.goto("/privacy-policy");
  await expect(page.getByText(/18 or older/).first()).toBeVisible();
  await page.getByRole("link", { name: "Back to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("guards: no token, a mock token, an expired token and the wrong role", async ({ browser }) => {
  const page = await phonePage(browser);
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/dashboard");
  await expect(page.getByRole("link", { name: "Log In" }).first()).toBeVisible();
  await shot(page, "dashboard-fallback");

  for (const token of ["mock-admin-token", "not.a.jwt", expiredToken()]) {
    await page.evaluate((value) => localStorage.setItem("token", value), token);
    await page.goto("/influencer/dashboard");
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  }

  await signIn(page, "influencer@example.com", "Demo1234!");
  await expect(page).toHaveURL(/\/influencer\/dashboard$/);
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/business/profile");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/influencer/profile");
  await expect(page.getByRole("heading", { name: "Bank Account Information" })).toBeVisible();
  await shot(page, "influencer-profile");
});

test("a business signs up, an admin approves it, the banner vanishes live", async ({ browser }) => {
  const email = unique("shop");
  const business = await phonePage(browser);
  await business.goto("/business-signup");
  await business.getByLabel(/shop name/i).fill("E2E Silk House");
  await business.getByLabel(/email/i).fill(email);
  await business.getByLabel(/password/i).fill("longenough1");
  await business.getByLabel(/social media page/i).fill("https://www.facebook.com/e2e.shop");
  await business.getByLabel(/phone/i).fill("012 345 678");
  await business.getByRole("button", { name: /register/i }).click();
  await expect(business).toHaveURL(/\/business\/dashboard$/);
  const banner = business.getByText(/Account Pending Approval/);
  await expect(banner).toBeVisible();
  // The shop is greeted by its name, and so is not asked for one.
  await expect(business.getByText("Welcome, E2E Silk House")).toBeVisible();
  await expect(business.getByRole("heading", { name: "Name your shop" })).toHaveCount(0);
  await expect(business.getByText("Campaign creation is disabled until your account is approved.")).toBeVisible();
  await shot(business, "business-dashboard-pending");

  const adminPage = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(adminPage, admin.email, admin.password);
  await expect(adminPage).toHaveURL(/\/admin\/dashboard$/);
  // All, not the default Pending filter, so decided cards stay in view with their mark.
  await adminPage.getByRole("button", { name: /^All/ }).click();
  const card = adminPage.getByRole("listitem", { name: email });
  await expect(card).toBeVisible();
  await expect(card.getByRole("heading", { name: /E2E Silk House/ })).toBeVisible();
  await shot(adminPage, "admin-user-approvals");

  // A sign-up while the admin watches appears without a reload.
  const lateEmail = unique("late");
  const late = await phonePage(browser);
  await late.goto("/influencer-signup");
  await late.getByLabel(/full name/i).fill("Late Creator");
  await late.getByLabel(/email/i).fill(lateEmail);
  await late.getByLabel(/password/i).fill("longenough1");
  await late.getByLabel(/handle/i).fill("@late.creator");
  const signedUp = late.waitForResponse((response) =>
    response.url().endsWith("/functions/v1/api/auth/register/influencer"),
  );
  await late.getByRole("button", { name: /create account/i }).click();
  // One naming for the sign-up: full_name, like every other field, and no id_card_url.
  const signUp = await signedUp;
  expect(signUp.status()).toBe(201);
  expect(JSON.parse(signUp.request().postData()!)).toEqual({
    full_name: "Late Creator",
    email: lateEmail,
    password: "longenough1",
    platform: "instagram",
    social_media_page: "@late.creator",
  });
  await expect(late).toHaveURL(/\/influencer\/dashboard$/);
  await shot(late, "influencer-dashboard-pending");
  await expect(adminPage.getByRole("listitem", { name: lateEmail })).toBeVisible(LIVE);

  await card.getByRole("button", { name: "Approve" }).click();
  await expect(card.getByText(/approved/i).first()).toBeVisible();
  await expect(card.getByRole("button", { name: "Approve" })).toHaveCount(0);

  // The business never reloads: the realtime update removes the banner within a second or so.
  await expect(banner).toBeHidden(LIVE);
  await expect(business.getByText("Campaign creation is disabled until your account is approved.")).toBeHidden();
  await shot(business, "business-dashboard-approved");

  // Rejecting asks for confirmation and a reason, which the creator reads on their dashboard, live.
  const lateCard = adminPage.getByRole("listitem", { name: lateEmail });
  await lateCard.getByRole("button", { name: "Reject" }).click();
  const dialog = adminPage.getByRole("dialog", { name: "Reject Late Creator?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Reject" }).click();
  await expect(dialog.getByText("Please give a reason for the rejection.")).toBeVisible();
  const reason = "Your Instagram handle could not be found";
  await dialog.getByLabel(/reason/i).fill(reason);
  await shot(adminPage, "admin-reject-dialog");
  await dialog.getByRole("button", { name: "Reject" }).click();
  await expect(dialog).toBeHidden();
  await expect(lateCard.getByText(/rejected/i).first()).toBeVisible();
  await expect(lateCard.getByText(reason)).toBeVisible();
  await shot(adminPage, "admin-user-approvals-decided");
  await expect(late.getByText(`Reason given: ${reason}`)).toBeVisible(LIVE);
  await shot(late, "influencer-dashboard-rejected");
});

/** A well-formed token whose exp is in the past (signature irrelevant: the SPA must drop it). */
function expiredToken() {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${encode({ alg: "HS256", typ: "JWT" })}.${encode({ sub: "x", user_type: "admin", role: "authenticated", exp: 1 })}.sig`;
}
