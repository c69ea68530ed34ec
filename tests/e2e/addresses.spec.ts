// Addresses anywhere in Cambodia and the customer's order page, in real Chromium against the
// running stack at 360 px: a customer in Siem Reap orders in Khmer with a full address, finding the
// province by typing its Khmer name and reading Khmer place names, lands on the order's page,
// reloads it, confirms the order and sees the admin's next step arrive; before that the admin finds
// it under To confirm and records a call that found no one, and the customer's confirmation takes
// it off that list live; the customer asks for updates on Telegram and the bot writes the admin's
// step to their chat in Khmer; the admin's board and the shop's orders show the place in the reader's
// script with who receives the order and where, and that the customer confirmed it.
// Screenshots in both languages (test-results/screenshots/<lang>-address-*.png,
// km-order-page*.png, km-to-confirm-card.png) are to be looked at.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { createApprovedLink, createCampaign, demoInfluencerId, fixtureDb } from "../helpers/db-fixtures.ts";
import { uniqueTypedPhone } from "../helpers/phones.ts";
import { demoBusiness, seedAdmin } from "../helpers/stack.ts";
import { LIVE } from "./time-budget.ts";

const shots = join("test-results", "screenshots");
mkdirSync(shots, { recursive: true });
const phone = { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true };
const sql = fixtureDb();

test.afterEach(async ({ browser }) => {
  await Promise.all(browser.contexts().map((context) => context.close()));
});

test.afterAll(async () => {
  await sql.end();
});

const khmerDigits = (text: string) => text.replace(/[0-9]/g, (digit) => String.fromCharCode(0x17e0 + Number(digit)));

async function newPage(browser: Browser) {
  return (await browser.newContext(phone)).newPage();
}

async function signIn(page: Page, email: string, password: string, lang: "en" | "km") {
  await page.goto(`/login?lang=${lang}`);
  await page.locator("input[type=email]").fill(email);
  await page.locator("input[type=password]").fill(password);
  await page.locator("form button[type=submit]").click();
}

async function expectNoHorizontalScroll(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what} fits 360 px`).toBeLessThanOrEqual(0);
}

/** The local stack's Telegram fake (its control routes; tests/helpers/telegram-fake.ts is vitest's). */
async function telegramFake<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${process.env.TELEGRAM_FAKE_URL}/_fake/${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.ok).toBe(true);
  return (await res.json()) as T;
}

/** What the bot sent the chat that holds `text`, once it came (the fake waits up to 15 s). */
async function botMessages(chatId: number, text: string) {
  const { messages } = await telegramFake<{ messages: { text: string }[] }>(
    "GET",
    `messages?chat_id=${chatId}&contains=${encodeURIComponent(text)}&wait_ms=15000`,
  );
  return messages.filter((message) => message.text.includes(text));
}

/** The filter under a place picker (a long list's). */
const filterOf = (page: Page, selectId: string) =>
  page.locator(".checkout-place", { has: page.locator(`#${selectId}`) }).locator("input[type=search]");

test("a customer in Siem Reap orders in Khmer with a full address, follows and confirms it on its page; the admin and the shop read it", async ({
  browser,
}) => {
  const productName = `E2E Silk ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const campaignId = await createCampaign(sql, { productName, priceCents: 1200, commissionRate: 0.1 });
  await createApprovedLink(sql, campaignId);
  const typedPhone = uniqueTypedPhone();

  const customer = await newPage(browser);
  await customer.goto(`/checkout?influencer_id=${demoInfluencerId}&product_id=${campaignId}&lang=km`);
  await expect(customer.locator("html")).toHaveAttribute("lang", "km");
  const province = customer.locator("#checkout-province");
  await expect(province).toBeEnabled();
  // The provinces in Khmer script; typing part of a Khmer name finds the one that holds it.
  await expect(province.locator("option", { hasText: "សៀមរាប" })).toHaveCount(1);
  await filterOf(customer, "checkout-province").fill("សៀម");
  await expect(province).toHaveValue("17");
  const district = customer.locator("#checkout-district");
  await expect(district.locator("option", { hasText: "ពួក" })).toHaveCount(1);
  await district.selectOption({ label: "សៀមរាប" });
  const commune = customer.locator("#checkout-commune");
  await expect(commune).toBeEnabled();
  // The filter also finds a place by its Latin name.
  await filterOf(customer, "checkout-commune").fill("sla kram");
  await expect(commune).toHaveValue("171001");
  await expect(commune.locator("option:checked")).toHaveText("ស្លក្រាម");

  await customer.locator("#checkout-recipient").fill("សុខា ចាន់");
  await customer.locator("#checkout-phone").fill(khmerDigits(typedPhone));
  await customer.locator("#checkout-address").fill("ផ្ទះលេខ ១២ ផ្លូវ ៦");
  await customer.locator("#checkout-landmark").fill("ទល់មុខវត្តបូព៌");
  await customer.locator("#checkout-note").fill("សូមទូរស័ព្ទមុនមកដល់");
  const breakdown = customer.locator(".checkout-breakdown");
  await expect(breakdown).toContainText("2.50");
  await expect(breakdown).toContainText("1-3 ថ្ងៃ");
  await expectNoHorizontalScroll(customer, "the Khmer checkout with an address");
  await customer.screenshot({ path: join(shots, "km-address-checkout.png"), fullPage: true });

  await customer.locator("button[type=submit]").click();
  await expect(customer.locator(".checkout-confirmed")).toBeVisible();
  // The success screen is the order's own page: its address, and what a reload shows again.
  await expect(customer).toHaveURL(/\/o\/[A-Za-z0-9_-]{32}$/);
  const [order] = await sql<
    { order_number: string; delivery_commune_code: string; delivery_fee_cents: number; customer_phone: string }[]
  >`
    select o.order_number, o.delivery_commune_code, o.delivery_fee_cents, c.customer_phone
    from public.orders o join private.order_contacts c on c.order_id = o.id where o.campaign_id = ${campaignId}`;
  expect(order).toMatchObject({ delivery_commune_code: "171001", delivery_fee_cents: 250 });
  // Typed in Khmer digits, stored in ASCII.
  expect(order.customer_phone).toBe(`+855${typedPhone.replace(/\D/g, "").slice(1)}`);
  await customer.screenshot({ path: join(shots, "km-address-confirmed.png"), fullPage: true });
  await customer.reload();
  const orderPage = customer.locator(".order-page");
  await expect(orderPage).toContainText(order.order_number);
  await expect(orderPage).toContainText("ស្លក្រាម សៀមរាប សៀមរាប");
  await expect(orderPage).toContainText("បានទទួល៖ ហាងកំពុងរៀបចំ");
  // The history's date and time in Khmer words (month and AM/PM), not the browser's "M11".
  await expect(orderPage.locator("time").first()).toHaveText(
    /^[0-9]+ [\u1780-\u17FF]+ [0-9]{4}, [0-9:]+ [\u1780-\u17FF]+$/,
  );
  // The admin calls first: the order is in To confirm (with the search, this order alone), not
  // confirmed yet; the call finds no one, so it stays there.
  const caller = await newPage(browser);
  await signIn(caller, seedAdmin.email, seedAdmin.password, "km");
  await expect(caller).toHaveURL(/\/admin\/dashboard/);
  await caller.getByRole("tab", { name: "គ្រប់គ្រងការបញ្ជាទិញ" }).click();
  await caller.getByRole("search").getByLabel("លេខការបញ្ជាទិញ ឬលេខទូរសព្ទ").fill(order.order_number);
  await caller.getByRole("search").getByRole("button", { name: "ស្វែងរក", exact: true }).click();
  await caller
    .getByRole("group", { name: "ត្រងការបញ្ជាទិញតាមស្ថានភាព" })
    .getByRole("button", { name: /^ត្រូវបញ្ជាក់/ })
    .click();
  const toConfirm = caller.locator("li.order-card", { hasText: order.order_number });
  await expect(toConfirm).toContainText("មិនទាន់បញ្ជាក់");
  await toConfirm.getByRole("button", { name: "មិនលើក" }).click();
  await expect(caller.getByText(`${order.order_number}៖ បានកត់ត្រាការហៅ (មិនលើក)។`)).toBeVisible();
  await expect(toConfirm.getByRole("group", { name: "កត់ត្រាការហៅដើម្បីបញ្ជាក់" })).toBeVisible();
  await expectNoHorizontalScroll(caller, "the Khmer card to confirm");
  await toConfirm.screenshot({ path: join(shots, "km-to-confirm-card.png") });

  await customer.getByRole("button", { name: "បញ្ជាក់ការបញ្ជាទិញរបស់ខ្ញុំ" }).click();
  await expect(orderPage).toContainText("អ្នកបានបញ្ជាក់ការបញ្ជាទិញនេះហើយ។");
  // The admin's open list follows: confirmed, the order leaves To confirm.
  await expect(toConfirm).toHaveCount(0, LIVE);
  await expectNoHorizontalScroll(customer, "the Khmer order page");
  await customer.screenshot({ path: join(shots, "km-order-page.png"), fullPage: true });

  // Get updates on Telegram: the page hands over the bot's t.me link (Telegram itself is outside
  // the test: its fake presses Start as the customer would), and the bot answers in Khmer.
  await customer.route("https://t.me/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>Telegram</title>" }),
  );
  await customer.getByRole("button", { name: "ទទួលដំណឹងតាម Telegram" }).click();
  await customer.waitForURL(/^https:\/\/t\.me\//);
  const started = await telegramFake<{ chat_id: number }>("POST", "start", {
    token: new URL(customer.url()).searchParams.get("start"),
  });
  expect((await botMessages(started.chat_id, order.order_number))[0].text).toContain("ឥឡូវ៖ បានទទួល៖ ហាងកំពុងរៀបចំ");
  await customer.goBack();
  await expect(orderPage).toContainText("ការជូនដំណឹងតាម Telegram បានបើក");

  // The admin's board, in Khmer then in English: the place in each script, who and where.
  const admin = await newPage(browser);
  await signIn(admin, seedAdmin.email, seedAdmin.password, "km");
  await expect(admin).toHaveURL(/\/admin\/dashboard/);
  await admin.getByRole("tab", { name: "គ្រប់គ្រងការបញ្ជាទិញ" }).click();
  const search = admin.getByRole("search");
  await search.getByLabel("លេខការបញ្ជាទិញ ឬលេខទូរសព្ទ").fill(order.order_number);
  await search.getByRole("button", { name: "ស្វែងរក", exact: true }).click();
  const card = admin.locator("li.order-card", { hasText: order.order_number });
  await expect(card).toHaveCount(1);
  for (const text of ["ស្លក្រាម សៀមរាប សៀមរាប", "សុខា ចាន់", "ផ្ទះលេខ ១២ ផ្លូវ ៦ (ទល់មុខវត្តបូព៌)", "សូមទូរស័ព្ទមុនមកដល់"])
    await expect(card).toContainText(text);
  await expectNoHorizontalScroll(admin, "the Khmer order card");
  await card.screenshot({ path: join(shots, "km-address-admin-card.png") });
  await admin.goto("/admin/dashboard?lang=en");
  await admin.getByRole("tab", { name: "Order Management" }).click();
  await admin.getByRole("search").getByLabel("Order number or phone digits").fill(order.order_number);
  await admin.getByRole("search").getByRole("button", { name: "Search", exact: true }).click();
  const englishCard = admin.locator("li.order-card", { hasText: order.order_number });
  await expect(englishCard).toContainText("Sla Kram, Siem Reap, Siemreap");
  await expect(englishCard).toContainText("សុខា ចាន់");
  await expect(englishCard).toContainText("Confirmed by the customer");
  await englishCard.screenshot({ path: join(shots, "en-address-admin-card.png") });

  // The shop packs it: its list shows who receives it and where, in its language.
  const shop = await newPage(browser);
  await signIn(shop, demoBusiness.email, demoBusiness.password, "km");
  await expect(shop).toHaveURL(/\/business\/dashboard/);
  const row = shop.locator("li.order-row", { hasText: productName });
  await expect(row).toContainText("ស្លក្រាម សៀមរាប សៀមរាប");
  await expect(row).toContainText("សុខា ចាន់ · ផ្ទះលេខ ១២ ផ្លូវ ៦ (ទល់មុខវត្តបូព៌) · សូមទូរស័ព្ទមុនមកដល់");
  await expect(row.locator(".order-row__confirmation")).toHaveText("អតិថិជនបានបញ្ជាក់");
  await expectNoHorizontalScroll(shop, "the shop's Khmer orders");
  await row.screenshot({ path: join(shots, "km-address-shop-row.png") });

  // The admin packs it on: the customer's open page follows (it asks again every 30 s).
  await admin.goto("/admin/dashboard?lang=en");
  await admin.getByRole("tab", { name: "Order Management" }).click();
  await admin.getByRole("search").getByLabel("Order number or phone digits").fill(order.order_number);
  await admin.getByRole("search").getByRole("button", { name: "Search", exact: true }).click();
  await admin
    .locator("li.order-card", { hasText: order.order_number })
    .getByRole("button", { name: /Ready for Pickup/ })
    .click();
  await expect(orderPage).toContainText("បានវេចខ្ចប់៖ កំពុងរង់ចាំអ្នកដឹក", { timeout: 45_000 });
  // And the customer's Telegram chat heard of it, in Khmer.
  expect((await botMessages(started.chat_id, "បានវេចខ្ចប់"))[0].text).toBe(
    `📦 ការបញ្ជាទិញ ${order.order_number} (${productName})៖ បានវេចខ្ចប់៖ កំពុងរង់ចាំអ្នកដឹក`,
  );
  await expect(orderPage.locator("time")).toHaveCount(2);
  await customer.screenshot({ path: join(shots, "km-order-page-packed.png"), fullPage: true });
});
