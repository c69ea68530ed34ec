// Issue 15's journey in real Chromium against the running stack: a customer calls about their
// order and gives the last digits of their phone; the admin types them into the board's search,
// finds that one order among every other, exports the board as it is filtered (the CSV has the
// header and the order's number), moves the order to Ready for Pickup, and reads the audit entry
// of that change in the Audit Log tab. Then, on a phone, a search matching 55 orders shows the
// first 50 and loads the rest when the admin jumps to the end of the page. The campaigns, links
// and orders are made in the database.
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { createApprovedLink, createCampaign, fixtureDb, placeOrder } from "../helpers/db-fixtures.ts";
import { seedAdmin } from "../helpers/stack.ts";

const sql = fixtureDb();

test.afterAll(async () => {
  await sql.end();
});

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login?lang=en");
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole("button", { name: /log ?in|sign ?in/i }).click();
  await expect(page).toHaveURL(/dashboard$/);
}

/** A phone no other order has: its last 7 digits are what the customer reads out. */
function uniquePhone(): { stored: string; lastDigits: string } {
  const digits = String(Date.now() % 10_000_000).padStart(7, "0");
  return { stored: `+8551${digits}`, lastDigits: digits };
}

test("the admin finds an order by the last digits of a phone, exports the board, changes it and reads the audit entry", async ({
  page,
}) => {
  const productName = `E2E Search ${Date.now().toString(36)}`;
  const campaignId = await createCampaign(sql, { productName, priceCents: 900, commissionRate: 0.1 });
  await createApprovedLink(sql, campaignId);
  const phone = uniquePhone();
  const orderId = await placeOrder(sql, campaignId, { phone: phone.stored });
  const [{ order_number: orderNumber }] = await sql<{ order_number: string }[]>`
    select order_number from public.orders where id = ${orderId}`;

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, seedAdmin.email, seedAdmin.password);
  await page.getByRole("tab", { name: "Order Management" }).click();
  const board = page.getByRole("list", { name: "Orders" });
  await expect(board.locator("li.order-card").first()).toBeVisible();

  // The search: the last digits of the customer's phone find exactly that order.
  const search = page.getByRole("search", { name: "Find an order" });
  await search.getByLabel("Order number or phone digits").fill(phone.lastDigits);
  await search.getByRole("button", { name: "Search" }).click();
  const card = board.getByRole("listitem", { name: `${productName}, order ${orderNumber}` });
  await expect(card).toBeVisible();
  await expect(board.locator("li.order-card")).toHaveCount(1);

  // The export is the board as filtered: the header and this order's number.
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const download = await downloading;
  const csv = await readFile((await download.path())!, "utf8");
  const [header, ...rows] = csv
    .replace(/^\uFEFF/, "")
    .trim()
    .split(/\r?\n/);
  expect(header).toMatch(/^order_number,created_at,status,/);
  expect(header).toMatch(/customer_phone$/);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toContain(orderNumber);

  // The change, then its audit entry.
  await card.getByRole("button", { name: "Move to Ready for Pickup" }).click();
  await expect(page.getByText(`Order ${orderNumber} status updated to Ready for Pickup successfully!`)).toBeVisible();
  await expect(card.getByRole("button", { name: "Move to Out for Delivery" })).toBeVisible();

  await page.getByRole("tab", { name: "Audit Log" }).click();
  const entry = page.locator(".audit-log__table tbody tr").filter({ hasText: orderId }).first();
  await expect(entry).toContainText("Order status changed");
  await expect(entry).toContainText(seedAdmin.email);
  await expect(entry).toContainText("new_order → ready_for_pickup");
});

test("the board loads the next page when the admin scrolls to its end, on a phone", async ({ page }) => {
  const productName = `E2E Scroll ${Date.now().toString(36)}`;
  const campaignId = await createCampaign(sql, { productName, priceCents: 500, commissionRate: 0.1 });
  await createApprovedLink(sql, campaignId);
  // 55 phones sharing a run of 6 digits no other order has: one search finds just these, more
  // than the board's first page of 50.
  const block = String(Date.now() % 1_000_000).padStart(6, "0");
  for (let n = 0; n < 55; n++)
    await placeOrder(sql, campaignId, { phone: `+8551${block}${String(n).padStart(2, "0")}` });

  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, seedAdmin.email, seedAdmin.password);
  await page.getByRole("tab", { name: "Order Management" }).click();
  const search = page.getByRole("search", { name: "Find an order" });
  await search.getByLabel("Order number or phone digits").fill(block);
  await search.getByRole("button", { name: "Search" }).click();
  const cards = page.getByRole("list", { name: "Orders" }).locator("li.order-card");
  await expect(cards).toHaveCount(50);
  await expect(page.getByRole("button", { name: "Load more" })).toBeVisible();

  await page.keyboard.press("End");
  await expect(cards).toHaveCount(55);
  await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);
});
