// Telegram alerts through the real stack and its Telegram fake: the webhook's secret, linking a
// chat with /start <token>, a new order's message (never the customer's phone), switches,
// Telegram's retry_after, a chat that blocked the bot, admins' sign-up notices and the drain; and a
// customer following their order from its page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { admin, business, influencer, type Account } from "../helpers/accounts.ts";
import { api, apiFrom, businessRegistration, freshLoopbackAddress } from "../helpers/api.ts";
import { checkoutBody } from "../helpers/checkout.ts";
import { createApprovedLink, createCampaign, demoInfluencerId, fixtureDb } from "../helpers/db-fixtures.ts";
import { DEFAULT_HOLD_DAYS, setCommissionHoldDays } from "../helpers/hold.ts";
import { typedPhone, uniqueStoredPhone } from "../helpers/phones.ts";
import { stackUrl, uniqueEmail } from "../helpers/stack.ts";
import { LOCAL_SECRET_KEY, LOCAL_TELEGRAM } from "../../local-stack/keys.ts";
import {
  attemptsOf,
  blockBot,
  floodNext,
  linkChat,
  messagesOf,
  messageWith,
  pressStart,
} from "../helpers/telegram-fake.ts";

const sql = fixtureDb();
const webhook = () => `${stackUrl()}/functions/v1/telegram-webhook`;
const SECRET = LOCAL_TELEGRAM.webhookSecret;

afterAll(() => sql.end());

/** A shop of its own with a product the demo influencer sells. */
async function shopWithProduct(productName = "Kampot Pepper 100g") {
  const owner = await business();
  const campaignId = await createCampaign(sql, { businessId: owner.user.id, productName, priceCents: 750 });
  await createApprovedLink(sql, campaignId);
  return { owner, campaignId };
}

/** A customer's order through the checkout path; its number and the phone used. */
async function checkout(campaignId: string, quantity = 2) {
  const phone = uniqueStoredPhone();
  const res = await apiFrom(freshLoopbackAddress(), "POST", "/checkout/order", {
    body: {
      influencer_id: demoInfluencerId,
      product_id: campaignId,
      customer_phone: typedPhone(phone),
      delivery_district: "Tuol Kouk",
      delivery_commune: "Tuek L'ak Ti Muoy",
      recipient_name: "Sokha Chan",
      address_line: "House 12, Street 271",
      quantity,
    },
  });
  expect(res.status).toBe(201);
  const [{ order_number }] = await sql<{ order_number: string }[]>`
    select order_number from public.orders where id = ${res.body.order.id}`;
  return {
    id: res.body.order.id as string,
    orderNumber: order_number,
    phoneDigits: phone.slice(4),
    // The token of the order's page (APP_URL/o/<token>).
    pageToken: new URL(res.body.tracking_url).pathname.slice("/o/".length),
  };
}

const update = (text: string, chatId = 990_001) => ({
  update_id: 1,
  message: { message_id: 1, date: 0, chat: { id: chatId, type: "private", first_name: "X" }, text },
});

describe("POST /functions/v1/telegram-webhook", () => {
  it.each([
    ["no secret header", {}],
    ["a wrong secret", { "x-telegram-bot-api-secret-token": "not-the-secret" }],
    ["the secret with a character more", { "x-telegram-bot-api-secret-token": `${SECRET}x` }],
  ])("refuses %s with 401 and links nothing", async (_case, headers) => {
    const owner = await business();
    const link = await api("GET", "/notifications/telegram", { token: owner.token });
    const token = new URL(link.body.url).searchParams.get("start")!;
    const res = await fetch(webhook(), {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(update(`/start ${token}`)),
    });
    expect(res.status).toBe(401);
    expect((await api("GET", "/notifications/telegram/chats", { token: owner.token })).body.chats).toEqual([]);
  });

  it("answers 400 to a body with the secret that is not an Update, and 200 to an update it ignores", async () => {
    const headers = { "content-type": "application/json", "x-telegram-bot-api-secret-token": SECRET };
    expect((await fetch(webhook(), { method: "POST", headers, body: "[1,2" })).status).toBe(400);
    expect((await fetch(webhook(), { method: "POST", headers, body: JSON.stringify(update("hello")) })).status).toBe(
      200,
    );
  });
});

describe("GET /notifications/telegram", () => {
  it("gives an approved business a single-use t.me link to the bot", async () => {
    const owner = await business();
    const res = await api("GET", "/notifications/telegram", { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^https:\/\/t\.me\/local_marketplace_bot\?start=[A-Za-z0-9_-]{32}$/);
    const again = await api("GET", "/notifications/telegram", { token: owner.token });
    expect(again.body.url).not.toBe(res.body.url);
  });

  it("refuses pending accounts, no sign-in and an unknown language", async () => {
    expect((await api("GET", "/notifications/telegram", { token: (await business("pending")).token })).status).toBe(
      403,
    );
    expect((await api("GET", "/notifications/telegram", { token: (await influencer("pending")).token })).status).toBe(
      403,
    );
    expect((await api("GET", "/notifications/telegram")).status).toBe(401);
    const bad = await api("GET", "/notifications/telegram?language=fr", { token: (await business()).token });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: "language", message: "language must be en or km" });
  });
});

describe("/start <token>", () => {
  it("links the chat to the token's account in the chosen language and confirms there", async () => {
    const owner = await business();
    const { chatId, confirmation, chat, startToken } = await linkChat(owner.token, "km", { first_name: "Dara" });
    expect(confirmation.text).toContain("Dara");
    expect(confirmation.text).toContain("ត្រូវបានភ្ជាប់");
    expect(chat).toEqual({
      id: expect.any(String),
      title: "Dara",
      language: "km",
      notices: { new_order: true, payout_completed: true, new_signup: true },
      linked_at: expect.any(String),
    });

    // The token is spent: another chat pressing the same link is told so and linked to nothing.
    const other = await pressStart(startToken);
    expect(other.webhook_status).toBe(200);
    const [stale] = await messagesOf(other.chat_id, 1);
    expect(stale.text).toBe("This link has expired or was already used. Press Link Telegram in the app again.");
    const chats = await api("GET", "/notifications/telegram/chats", { token: owner.token });
    expect(chats.body.chats.map((c: { title: string }) => c.title)).toEqual(["Dara"]);
    expect(chatId).not.toBe(other.chat_id);
  });

  it("does not link with an expired token", async () => {
    const owner = await business();
    const link = await api("GET", "/notifications/telegram", { token: owner.token });
    await sql`update private.telegram_link_tokens set expires_at = now() - interval '1 second'
              where user_id = ${owner.user.id}`;
    const started = await pressStart(new URL(link.body.url).searchParams.get("start")!);
    const [answer] = await messagesOf(started.chat_id, 1);
    expect(answer.text).toContain("expired");
    expect((await api("GET", "/notifications/telegram/chats", { token: owner.token })).body.chats).toEqual([]);
  });
});

describe("a new order", () => {
  let shop: { owner: Account; campaignId: string };
  let chatId: number;

  beforeAll(async () => {
    shop = await shopWithProduct();
    ({ chatId } = await linkChat(shop.owner.token, "en"));
  });

  it("is sent to the shop's chat with number, product, quantity, total, recipient, address and place, never the phone", async () => {
    const order = await checkout(shop.campaignId, 2);
    const { text } = await messageWith(chatId, order.orderNumber);
    expect(text.split("\n")).toEqual([
      `🛒 New order ${order.orderNumber}`,
      "Product: Kampot Pepper 100g",
      "Quantity: 2",
      expect.stringMatching(/^Total: \$\d+\.\d{2}$/),
      "Recipient: Sokha Chan",
      "Address: House 12, Street 271",
      "Commune: Tuek L'ak Ti Muoy",
      "District: Tuol Kouk",
      "Province: Phnom Penh",
    ]);
    expect(text).not.toContain(order.phoneDigits);
    expect(text).not.toContain(order.phoneDigits.slice(-6));
  });

  it("is not sent to another shop's chat, nor to a chat that switched new orders off", async () => {
    const other = await shopWithProduct("Palm Sugar");
    const { chat } = await linkChat(other.owner.token);
    const off = await api("PUT", `/notifications/telegram/chats/${chat.id}`, {
      token: other.owner.token,
      body: { new_order: false },
    });
    expect(off.status).toBe(200);
    expect(off.body.chat.notices).toEqual({ new_order: false, payout_completed: true, new_signup: true });
    await checkout(other.campaignId);
    // The shop's chat still gets its orders (and is idle again before the next test).
    await messageWith(chatId, (await checkout(shop.campaignId)).orderNumber);
    // The outbox is written with the order: what is not queued is never sent.
    const queued = await sql`select 1 from private.telegram_outbox where telegram_chat_id = ${chat.id}`;
    expect(queued).toHaveLength(0);
  });

  it("waits Telegram's retry_after after a 429, then sends", async () => {
    await floodNext(chatId, 2);
    const order = await checkout(shop.campaignId);
    const sent = await messageWith(chatId, order.orderNumber);
    const refused = (await attemptsOf(chatId)).findLast((a) => a.status === 429)!;
    expect(refused.description).toBe("Too Many Requests: retry after 2");
    expect(Date.parse(sent.at) - Date.parse(refused.at)).toBeGreaterThanOrEqual(2000);
  });

  it("unlinks a chat that blocked the bot", async () => {
    const blocker = await shopWithProduct("Krama");
    const { chatId: blocked } = await linkChat(blocker.owner.token);
    await blockBot(blocked);
    await checkout(blocker.campaignId);
    await expect
      .poll(
        async () => (await api("GET", "/notifications/telegram/chats", { token: blocker.owner.token })).body.chats,
        {
          timeout: 10_000,
        },
      )
      .toEqual([]);
    expect((await attemptsOf(blocked)).at(-1)).toMatchObject({
      status: 403,
      description: "Forbidden: bot was blocked by the user",
    });
  });
});

describe("a completed payout", () => {
  beforeAll(() => setCommissionHoldDays(0));
  afterAll(() => setCommissionHoldDays(DEFAULT_HOLD_DAYS));

  it("is sent to the paid shop's chat with the amount and the ABA reference", async () => {
    const shop = await shopWithProduct("Telegram Payout Pepper");
    const { chatId } = await linkChat(shop.owner.token, "en");
    const order = await checkout(shop.campaignId, 2);
    const boss = await admin();
    for (const new_status of ["ready_for_pickup", "out_for_delivery", "delivered"]) {
      const moved = await api("PUT", `/admin/orders/${order.id}/status`, { token: boss.token, body: { new_status } });
      expect(moved.status).toBe(200);
    }
    const bank = { bank_name: "ABA Bank", account_name: "Pepper Shop", account_number: "000 123 456" };
    expect((await api("PUT", "/auth/profile", { token: shop.owner.token, body: bank })).status).toBe(200);
    const requested = await api("POST", "/payouts/request", { token: shop.owner.token });
    expect(requested.status).toBe(201);
    const reference = `ABA-TG-${shop.owner.user.id.slice(0, 8)}`;
    const completed = await api("PUT", `/payouts/admin/complete/${shop.owner.user.id}`, {
      token: boss.token,
      body: { aba_reference: reference },
    });
    expect(completed.status).toBe(200);
    expect((await messageWith(chatId, reference)).text).toBe(
      `💸 Your payout of $${completed.body.total_amount.toFixed(2)} was sent. ABA reference: ${reference}`,
    );
  });
});

describe("admins' notices", () => {
  it("a sign-up is sent to an admin's chat", async () => {
    const boss = await admin();
    const { chatId, chat } = await linkChat(boss.token);
    try {
      const email = uniqueEmail("telegram-shop");
      const registered = await apiFrom(freshLoopbackAddress(), "POST", "/auth/register/business", {
        body: businessRegistration(email),
      });
      expect(registered.status).toBe(201);
      expect((await messageWith(chatId, email)).text).toMatch(
        /^👤 New business sign-up: .+\nWaiting for your approval\.$/,
      );
    } finally {
      await api("DELETE", `/notifications/telegram/chats/${chat.id}`, { token: boss.token });
    }
  });

  it("goes out with link previews disabled, so a URL typed as a name shows as text", async () => {
    const boss = await admin();
    const { chatId, chat } = await linkChat(boss.token);
    try {
      const email = uniqueEmail("telegram-url-name");
      const registered = await apiFrom(freshLoopbackAddress(), "POST", "/auth/register/business", {
        body: { ...businessRegistration(email), business_name: "https://evil.example/claim-your-prize" },
      });
      expect(registered.status).toBe(201);
      const notice = await messageWith(chatId, email);
      expect(notice.text).toContain("https://evil.example/claim-your-prize");
      expect(notice.link_preview_options).toEqual({ is_disabled: true });
    } finally {
      await api("DELETE", `/notifications/telegram/chats/${chat.id}`, { token: boss.token });
    }
  });
});

describe("/notifications/telegram/chats", () => {
  it("lets only the owner change or unlink a chat", async () => {
    const owner = await business();
    const stranger = await business();
    const { chat } = await linkChat(owner.token);
    const path = `/notifications/telegram/chats/${chat.id}`;
    expect((await api("PUT", path, { token: stranger.token, body: { new_order: false } })).status).toBe(404);
    expect((await api("DELETE", path, { token: stranger.token })).status).toBe(404);
    const bad = await api("PUT", path, { token: owner.token, body: { new_order: "no" } });
    expect(bad.body).toEqual({
      error: "invalid_input",
      field: "new_order",
      message: "new_order must be true or false",
    });
    expect((await api("PUT", path, { token: owner.token, body: {} })).status).toBe(400);
    const km = await api("PUT", path, { token: owner.token, body: { language: "km" } });
    expect(km.body.chat.language).toBe("km");
    expect(await api("DELETE", path, { token: owner.token })).toMatchObject({
      status: 200,
      body: { message: "Telegram chat unlinked" },
    });
    expect((await api("GET", "/notifications/telegram/chats", { token: owner.token })).body.chats).toEqual([]);
  });
});

describe("an influencer's money and the couriers' cash", () => {
  it("tells the influencer of an order through its link (not who receives it), its delivery and its cash handed over", async () => {
    const creator = await influencer();
    const { chatId } = await linkChat(creator.token, "en");
    const owner = await business();
    const campaignId = await createCampaign(sql, {
      businessId: owner.user.id,
      productName: "Silk Krama",
      priceCents: 1000,
    });
    await createApprovedLink(sql, campaignId, creator.user.id);
    const staff = await admin();
    const courier = await api("POST", "/admin/couriers", {
      token: staff.token,
      body: { name: "Telegram Rider", phone: uniqueStoredPhone(), kind: "freelance" },
    });
    const placed = await apiFrom(freshLoopbackAddress(), "POST", "/checkout/order", {
      body: checkoutBody(creator.user.id, campaignId),
    });
    const [order] = await sql<{ id: string; order_number: string; commission_cents: number; subtotal_cents: number }[]>`
      select id, order_number, commission_cents::int, subtotal_cents::int from public.orders where id = ${placed.body.order.id}`;
    const commission = `$${(order.commission_cents / 100).toFixed(2)}`;
    const placedText = (await messageWith(chatId, `New order ${order.order_number}`)).text;
    expect(placedText).toContain(`Your commission: ${commission}`);
    expect(placedText).not.toContain("Sokha Chan");
    expect(placedText).not.toContain("House 12");

    await api("PUT", `/admin/orders/${order.id}/courier`, {
      token: staff.token,
      body: { courier_id: courier.body.courier.id },
    });
    for (const new_status of ["ready_for_pickup", "out_for_delivery", "delivered"])
      await api("PUT", `/admin/orders/${order.id}/status`, { token: staff.token, body: { new_status } });
    expect((await messageWith(chatId, `Order ${order.order_number} (Silk Krama) was delivered`)).text).toBe(
      `✅ Order ${order.order_number} (Silk Krama) was delivered. Your commission: ${commission}. ` +
        "It becomes available once the courier hands over the cash and the holding period has passed.",
    );

    const remitted = await api("POST", `/admin/couriers/${courier.body.courier.id}/remittances`, {
      token: staff.token,
      body: {
        amount: (order.subtotal_cents / 100).toFixed(2),
        aba_reference: "ABA-TG-1",
        received_at: new Date().toISOString(),
        orders: [{ order_number: order.order_number, amount: (order.subtotal_cents / 100).toFixed(2) }],
      },
    });
    expect(remitted.status).toBe(201);
    // The remittance's route does not drain: the outbox's minute job does, as here.
    await fetch(`${webhook()}/drain`, { method: "POST", headers: { apikey: LOCAL_SECRET_KEY } });
    const cashText = (await messageWith(chatId, "handed over the cash")).text;
    expect(cashText).toMatch(/ is available from \d{4}-\d\d-\d\d\.$/);
    expect(cashText.replace(/ is available from .*$/, "")).toBe(
      `💵 The courier handed over the cash of order ${order.order_number} (Silk Krama). Your commission of ${commission}`,
    );
  });

  it("reminds the admins each day of couriers holding cash longer than courier_remit_days", async () => {
    const staff = await admin();
    const { chatId } = await linkChat(staff.token, "en");
    const name = `Late Rider ${Date.now().toString(36)}`;
    const courier = await api("POST", "/admin/couriers", {
      token: staff.token,
      body: { name, phone: uniqueStoredPhone(), kind: "company" },
    });
    const shop = await shopWithProduct("Late Pepper");
    const order = await checkout(shop.campaignId, 1);
    await api("PUT", `/admin/orders/${order.id}/courier`, {
      token: staff.token,
      body: { courier_id: courier.body.courier.id },
    });
    for (const new_status of ["ready_for_pickup", "out_for_delivery", "delivered"])
      await api("PUT", `/admin/orders/${order.id}/status`, { token: staff.token, body: { new_status } });
    // Delivered four days ago: past the default of three.
    await sql`update public.order_cash set delivered_at = now() - interval '4 days' where order_id = ${order.id}`;
    const [{ queued }] = await sql<{ queued: number }[]>`select private.remind_couriers_cash() as queued`;
    expect(queued).toBeGreaterThan(0);
    await fetch(`${webhook()}/drain`, { method: "POST", headers: { apikey: LOCAL_SECRET_KEY } });
    const { text } = await messageWith(chatId, name);
    expect(text.split("\n")[0]).toBe("⏰ Couriers holding cash for more than 3 days:");
    expect(text).toMatch(new RegExp(`• ${name} \\(\\+855\\d+\\): \\$\\d+\\.\\d\\d, 1 orders, oldest 4 days`));
  });
});

describe("POST /functions/v1/telegram-webhook/drain", () => {
  it("needs a secret key in the apikey header", async () => {
    const drain = (headers: Record<string, string>) => fetch(`${webhook()}/drain`, { method: "POST", headers });
    expect((await drain({ apikey: "sb_secret_nope" })).status).toBe(401);
    // A secret key is not a bearer token: only the apikey header counts.
    expect((await drain({ authorization: `Bearer ${LOCAL_SECRET_KEY}` })).status).toBe(401);
    const res = await drain({ apikey: LOCAL_SECRET_KEY });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      sent: expect.any(Number),
      retrying: expect.any(Number),
      unlinked: expect.any(Number),
      failed: expect.any(Number),
    });
  });
});

describe("a customer following their order", () => {
  const follow = (pageToken: string, body: unknown) =>
    apiFrom(freshLoopbackAddress(), "POST", `/orders/track/${pageToken}/telegram`, { body });

  it("gets each status change in the page's language, and the link works once", async () => {
    const { campaignId } = await shopWithProduct();
    const order = await checkout(campaignId);
    const link = await follow(order.pageToken, { language: "km" });
    expect(link.status).toBe(200);
    const url = new URL(link.body.url);
    expect(`${url.origin}${url.pathname}`).toBe(`https://t.me/${LOCAL_TELEGRAM.botUsername}`);
    const start = url.searchParams.get("start")!;
    // An order page's token: "o" and 32 characters (an account's link has the 32 alone).
    expect(start).toMatch(/^o[A-Za-z0-9_-]{32}$/);

    const started = await pressStart(start);
    expect(started.webhook_status).toBe(200);
    const [welcome] = await messagesOf(started.chat_id, 1);
    expect(welcome.text).toBe(
      `✅ អ្នកនឹងទទួលដំណឹងនៅទីនេះ រាល់ពេលការបញ្ជាទិញ ${order.orderNumber} ផ្លាស់ប្តូរ។ ឥឡូវ៖ បានទទួល៖ ហាងកំពុងរៀបចំ`,
    );
    const page = await apiFrom(freshLoopbackAddress(), "GET", `/orders/track/${order.pageToken}`);
    expect(page.body.order.telegram_updates).toBe(true);

    const staff = await admin();
    const moved = await api("PUT", `/admin/orders/${order.id}/status`, {
      token: staff.token,
      body: { new_status: "ready_for_pickup" },
    });
    expect(moved.status).toBe(200);
    const packed = await messageWith(started.chat_id, "បានវេចខ្ចប់");
    expect(packed.text).toBe(`📦 ការបញ្ជាទិញ ${order.orderNumber} (Kampot Pepper 100g)៖ បានវេចខ្ចប់៖ កំពុងរង់ចាំអ្នកដឹក`);
    expect((await apiFrom(freshLoopbackAddress(), "POST", `/orders/track/${order.pageToken}/cancel`)).status).toBe(200);
    const cancelled = await messageWith(started.chat_id, "អ្នកបានលុបចោល");
    expect(cancelled.text).toBe(`📦 ការបញ្ជាទិញ ${order.orderNumber} (Kampot Pepper 100g)៖ អ្នកបានលុបចោលការបញ្ជាទិញនេះ`);
    // Never the customer's phone nor the address.
    for (const message of await messagesOf(started.chat_id, 3)) {
      expect(message.text).not.toContain(order.phoneDigits.slice(-6));
      expect(message.text).not.toContain("Street 271");
    }

    // The link is spent: another chat pressing it is told so and follows nothing.
    const other = await pressStart(start);
    const [stale] = await messagesOf(other.chat_id, 1);
    expect(stale.text).toBe(
      "This link has expired or was already used. Press Get updates on Telegram on your order's page again.",
    );
    const followers = await sql`select chat_id from private.order_followers where order_id = ${order.id}`;
    expect(followers.map((f) => Number(f.chat_id))).toEqual([started.chat_id]);
  });

  it("names a bad language, and answers 404 for a token that opens no order", async () => {
    const { campaignId } = await shopWithProduct("Palm Sugar");
    const order = await checkout(campaignId);
    expect((await follow(order.pageToken, { language: "fr" })).body).toEqual({
      error: "invalid_input",
      field: "language",
      message: "language must be en or km",
    });
    const unknown = await follow("A".repeat(32), { language: "en" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("This order link is not valid");
  });
});
