// The rider's page (issue 29, item 4) in real Chromium against the running stack, on a 360 px
// phone: a rider opens the link an admin made, in Khmer, picks up two orders, delivers one with the
// cash and marks the other refused; a step marked without signal waits on the phone and goes when
// the signal returns, once. Screenshots (test-results/screenshots/{km,en}-rider*.png) are to be
// looked at.
import { expect, test, type Page } from "@playwright/test";
import { join } from "node:path";
import { api, login } from "../helpers/api.ts";
import { createApprovedLink, createCampaign, fixtureDb, placeOrder } from "../helpers/db-fixtures.ts";
import { uniqueStoredPhone } from "../helpers/phones.ts";
import { seedAdmin } from "../helpers/stack.ts";
import { expectNoHorizontalScroll, phone, shots } from "../helpers/e2e-pages.ts";

const sql = fixtureDb();

test.afterEach(async ({ browser }) => {
  await Promise.all(browser.contexts().map((context) => context.close()));
});

test.afterAll(async () => {
  await sql.end();
});

/** A courier with `count` orders assigned and a rider link: the link's path, the orders' numbers and what to collect. */
async function riderWithOrders(
  count: number,
): Promise<{ path: string; orders: string[]; collect: (before?: string, after?: string) => RegExp }> {
  const { token } = await login(seedAdmin.email, seedAdmin.password);
  const productName = `E2E Rider Silk ${Date.now().toString(36)}`;
  const campaignId = await createCampaign(sql, { productName, priceCents: 1250 });
  await createApprovedLink(sql, campaignId);
  const added = await api("POST", "/admin/couriers", {
    token,
    body: { name: `Rider ${Date.now().toString(36)}`, phone: uniqueStoredPhone(), kind: "freelance" },
  });
  const courierId: string = added.body.courier.id;
  const orders: string[] = [];
  let totalCents = 0;
  for (let i = 0; i < count; i++) {
    const orderId = await placeOrder(sql, campaignId);
    await api("PUT", `/admin/orders/${orderId}/courier`, { token, body: { courier_id: courierId } });
    const [order] = await sql<{ order_number: string; total_cents: number }[]>`
      select order_number, total_cents::int from public.orders where id = ${orderId}`;
    orders.push(order.order_number);
    totalCents = order.total_cents;
  }
  const made = await api("POST", `/admin/couriers/${courierId}/link`, { token });
  // Khmer writes a space after the dollar sign: "$ 13.50".
  const collect = (before = "", after = "") => new RegExp(`${before}\\$\\s?${(totalCents / 100).toFixed(2)}${after}`);
  return { path: new URL(made.body.link.url).pathname, orders, collect };
}

/** An order's card in the list of deliveries (not the list of what this phone did). */
const card = (page: Page, orderNumber: string) =>
  page
    .getByRole("list", { name: /^(Deliveries|ការដឹកជញ្ជូន)$/ })
    .getByRole("listitem")
    .filter({ hasText: orderNumber });

test("a rider in Khmer picks up two orders, delivers one with the cash and marks the other refused", async ({
  browser,
}) => {
  const { path, orders, collect } = await riderWithOrders(2);
  const [delivered, refused] = orders;
  const page = await (await browser.newContext({ ...phone, locale: "km-KH" })).newPage();
  await page.goto(`${path}?lang=km`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("ការបញ្ជាទិញសម្រាប់");
  await expect(card(page, delivered)).toContainText(collect());
  await expect(card(page, delivered).getByRole("link", { name: /ហៅ 0/ })).toHaveAttribute("href", /^tel:\+855/);
  await expectNoHorizontalScroll(page, "the rider's page");
  await page.screenshot({ path: join(shots, "km-rider.png"), fullPage: true });

  for (const number of orders) {
    await card(page, number).getByRole("button", { name: "បានយកហើយ" }).click();
    await expect(card(page, number)).toContainText("កំពុងដឹក");
  }
  await card(page, delivered).getByRole("button", { name: "បានដឹកដល់" }).click();
  await expect(card(page, delivered)).toContainText(collect("បានប្រមូលសាច់ប្រាក់ ", " ហើយឬ\\?"));
  await page.screenshot({ path: join(shots, "km-rider-confirm.png"), fullPage: true });
  await card(page, delivered)
    .getByRole("button", { name: collect("បាទ/ចាស បានប្រមូល ") })
    .click();
  await card(page, refused).getByRole("button", { name: "អតិថិជនបដិសេធ" }).click();
  await card(page, refused).getByRole("button", { name: "បាទ/ចាស", exact: true }).click();

  // Both leave the list once the server has them, and the page says what this phone did.
  await expect(page.getByText("មិនមានការដឹកជញ្ជូនទេឥឡូវនេះ")).toBeVisible();
  const done = page.getByRole("region", { name: "បានធ្វើនៅលើទូរស័ព្ទនេះ" });
  await expect(done).toContainText(`${delivered} បានដឹកដល់`);
  await expect(done).toContainText(`${refused} អតិថិជនបដិសេធ`);
  await page.screenshot({ path: join(shots, "km-rider-done.png"), fullPage: true });

  const rows = await sql<{ order_number: string; status: string; cancellation_reason: string | null }[]>`
    select order_number, status, cancellation_reason from public.orders
    where order_number in ${sql(orders)} order by order_number`;
  expect(rows).toEqual(
    [
      { order_number: delivered, status: "delivered", cancellation_reason: null },
      { order_number: refused, status: "cancelled", cancellation_reason: "customer_refused" },
    ].sort((a, b) => a.order_number.localeCompare(b.order_number)),
  );
});

test("a step marked without signal waits on the phone and is sent once when the signal returns", async ({
  browser,
}) => {
  const { path, orders } = await riderWithOrders(1);
  const [number] = orders;
  const context = await browser.newContext(phone);
  const page = await context.newPage();
  await page.goto(`${path}?lang=en`);
  await expect(card(page, number)).toContainText("At the shop");

  await context.setOffline(true);
  await card(page, number).getByRole("button", { name: "Picked up" }).click();
  await expect(page.getByText("No signal: 1 step is saved on this phone")).toBeVisible();
  await expect(card(page, number)).toContainText("On the road");
  await page.screenshot({ path: join(shots, "en-rider-offline.png"), fullPage: true });

  // A reload without signal would lose nothing either: the step is in the phone's storage.
  const saved = await page.evaluate(() =>
    Object.keys(localStorage).filter((key) => key.startsWith("shoplink.riderSteps.")),
  );
  expect(saved).toHaveLength(1);

  await context.setOffline(false);
  await expect(page.getByRole("region", { name: "Done on this phone" })).toContainText(`${number} picked up`);
  await expect(page.getByText(/No signal/)).toBeHidden();
  await expect(card(page, number).getByRole("button", { name: "Delivered" })).toBeVisible();
  const [{ steps, history }] = await sql<{ steps: number; history: number }[]>`
    select (select count(*)::int from private.rider_steps s join public.orders o on o.id = s.order_id
            where o.order_number = ${number}) as steps,
           (select count(*)::int from public.order_status_history h join public.orders o on o.id = h.order_id
            where o.order_number = ${number} and h.to_status = 'out_for_delivery') as history`;
  expect({ steps, history }).toEqual({ steps: 1, history: 1 });
  await page.screenshot({ path: join(shots, "en-rider.png"), fullPage: true });
});
