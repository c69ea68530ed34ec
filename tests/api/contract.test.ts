// Every route of the route table (supabase/functions/_shared/contract/routes.ts) answers as the
// table says: a JSON answer with its status, parsed by its response schema (the schemas the SPA
// parses with) and coming back unchanged, since zod drops keys a schema does not know, so a field
// the function adds, drops, renames or retypes fails here; a CSV export with the table's columns;
// a short link's redirect and preview page. One journey (sign-up to completed payout, Instagram
// and Telegram through the stack's fakes) calls each route through the table and records the
// answers; the last test fails, naming them, when a route of the table got no parsed answer.
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillPath } from "../../supabase/functions/_shared/contract/route-path.ts";
import { API, API_ROUTES, routeName, type ApiRoute } from "../../supabase/functions/_shared/contract/routes.ts";
import { deliveryFeeResponseSchema } from "../../supabase/functions/_shared/contract/delivery-zones.ts";
import { influencerRegistrationSchema } from "../../supabase/functions/_shared/contract/auth.ts";
import { campaignCreateSchema, campaignUpdateSchema } from "../../supabase/functions/_shared/contract/campaigns.ts";
import { orderStatusChangedResponseSchema } from "../../supabase/functions/_shared/contract/orders.ts";
import { type Account, admin, business, influencer, pageForm } from "../helpers/accounts.ts";
import { api, type ApiAnswer } from "../helpers/api.ts";
import { nthEmailTo, resetTokenIn } from "../helpers/email-fake.ts";
import { uniqueStoredPhone, uniqueTypedPhone } from "../helpers/phones.ts";
import { png } from "../helpers/images.ts";
import { allowOnFacebook, uniqueName } from "../helpers/facebook-fake.ts";
import { allowOnInstagram, simulateComment, uniqueUsername } from "../helpers/meta-fake.ts";
import { stackUrl } from "../helpers/stack.ts";
import { messagesOf, pressStart } from "../helpers/telegram-fake.ts";
import { DEFAULT_HOLD_DAYS, setCommissionHoldDays } from "../helpers/hold.ts";

// Deliveries are released at once here: the holding period has tests of its own.
beforeAll(() => setCommissionHoldDays(0));
afterAll(() => setCommissionHoldDays(DEFAULT_HOLD_DAYS));

interface Recorded {
  /** Which call of the route, when the journey makes several ("business", "a crawler"). */
  label: string;
  answer: ApiAnswer;
  /** The body as text (CSV, HTML). */
  text: string;
}

const recorded = new Map<ApiRoute, Recorded[]>();

interface CallOptions {
  params?: Record<string, string>;
  query?: Record<string, string>;
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  label?: string;
}

function url(route: ApiRoute, opts: CallOptions) {
  const query = opts.query ? `?${new URLSearchParams(opts.query)}` : "";
  return `${fillPath(route.path, (opts.params ?? {}) as never)}${query}`;
}

function keep(route: ApiRoute, label: string | undefined, answer: ApiAnswer, text = "") {
  recorded.set(route, [...(recorded.get(route) ?? []), { label: label ?? "", answer, text }]);
}

/** Calls a route of the table as the journey's next step and keeps its answer. */
async function record(route: ApiRoute, opts: CallOptions = {}) {
  if (route.response.kind !== "json" || route.request.files) {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const res = await fetch(`${stackUrl()}/functions/v1/api${url(route, opts)}`, {
      method: route.method,
      headers,
      body: opts.body as FormData | undefined,
      redirect: "manual",
    });
    // Kept byte for byte: res.text() would drop the byte order mark the exports start with.
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
    const body = res.headers.get("content-type")?.startsWith("application/json") ? JSON.parse(text) : null;
    keep(route, opts.label, { status: res.status, body, headers: res.headers }, text);
    return body;
  }
  const answer = await api(route.method, url(route, opts), opts);
  keep(route, opts.label, answer);
  return answer.body;
}

function imagesForm(field: string, files: number) {
  const form = new FormData();
  for (let i = 0; i < files; i++) form.append(field, new Blob([new Uint8Array(png())], { type: "image/png" }), "a.png");
  return form;
}

const bankDetails = { bank_name: "ABA Bank", account_name: "Contract Test", account_number: "000 111 222" };
const iPhone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148";

/** The requests the journey sent that the request schemas below parse too. */
const sent = new Map<string, unknown>();

beforeAll(async () => {
  const { token: adminToken } = await admin();
  const shop = await business();
  const creator = await influencer();
  const other = await influencer();
  const asAdmin = { token: adminToken };

  await record(API.jwks);
  const signedIn = await record(API.login, { body: { email: shop.user.email, password: "longenough1" } });
  const refreshed = await record(API.refreshSession, { body: { refresh_token: signedIn.refresh_token } });
  await record(API.sessions, { token: refreshed.token });
  const otherDevice = await api("POST", "/auth/login", { body: { email: shop.user.email, password: "longenough1" } });
  await record(API.endSession, {
    token: refreshed.token,
    params: { id: decodeJwt(otherDevice.body.token).session_id as string },
  });
  await record(API.logout, { token: refreshed.token });
  await record(API.logoutAll, { token: (await influencer()).token });
  const forgetful = await influencer();
  await record(API.requestPasswordReset, { body: { email: forgetful.user.email, language: "km" } });
  await record(API.confirmPasswordReset, {
    body: { token: resetTokenIn(await nthEmailTo(forgetful.user.email)), new_password: "kampot-pepper-2026" },
  });
  await record(API.changePassword, {
    token: (await influencer()).token,
    body: { current_password: "longenough1", new_password: "kampot-pepper-2026" },
  });
  await record(API.registerBusiness, {
    body: {
      email: `contract-${Date.now()}@example.com`,
      password: "longenough1",
      social_media_page: "https://facebook.com/contract",
      store_phone: "012 345 678",
    },
  });
  const registered = await record(API.registerInfluencer, {
    body: {
      full_name: "Contract Creator",
      email: `contract-creator-${Date.now()}@example.com`,
      password: "longenough1",
      platform: "instagram",
      social_media_page: "@contract",
    },
  });
  await record(API.me, { token: shop.token });
  await record(API.updateProfile, {
    token: shop.token,
    body: { ...bankDetails, business_logo_url: "https://example.com/logo.png" },
  });
  // The creator's own phone, which the customer below orders from: flagged self_order, so the
  // order is reviewed below.
  const creatorPhone = uniqueTypedPhone();
  await api("PUT", "/auth/profile", { token: creator.token, body: { ...bankDetails, phone: creatorPhone } });
  await record(API.users, asAdmin);
  await record(API.setUserStatus, {
    ...asAdmin,
    params: { id: registered.user.id },
    body: { status: "rejected", reason: "Not a real shop" },
  });
  const { settings } = await record(API.settings, asAdmin);
  // Saved unchanged, so the other test files find the rate as it was.
  await record(API.updateSettings, { ...asAdmin, body: { riel_per_usd: settings.riel_per_usd } });
  const { provinces } = await record(API.provinceFees, asAdmin);
  // Phnom Penh's estimate saved unchanged, so the other test files find it as it was.
  const phnomPenh = provinces.find((province: { code: string }) => province.code === "12");
  await record(API.updateProvinceFee, {
    ...asAdmin,
    params: { province: "12" },
    body: { estimate_hours_max: phnomPenh.estimate_hours_max },
  });

  sent.set("POST /campaigns", pageForm());
  const { campaign } = await record(API.createCampaign, { token: shop.token, body: sent.get("POST /campaigns") });
  // An edit sends the same payload as creating, as the campaign screen does.
  sent.set("PUT /campaigns/{id}", pageForm({ description: "Now in blue", price: 14, commission_rate: 0.2 }));
  await record(API.updateCampaign, {
    token: shop.token,
    params: { id: campaign.id },
    body: sent.get("PUT /campaigns/{id}"),
  });
  await record(API.campaign, { token: creator.token, params: { id: campaign.id } });
  await record(API.businessCampaigns, { token: shop.token });
  await record(API.activeCampaigns, { token: creator.token });
  await record(API.uploadImage, { token: shop.token, body: imagesForm("image", 1) });
  await record(API.uploadImages, { token: shop.token, body: imagesForm("images", 2) });

  const { link } = await record(API.applyForLink, { token: creator.token, body: { campaign_id: campaign.id } });
  const { link: refused } = await api("POST", "/affiliate-links/apply", {
    token: other.token,
    body: { campaign_id: campaign.id },
  }).then((answer) => answer.body);
  await record(API.pendingLinkApplications, asAdmin);
  await record(API.approveLink, { ...asAdmin, params: { id: link.id } });
  await record(API.rejectLink, { ...asAdmin, params: { id: refused.id }, body: { reason: "Not this campaign" } });
  // The refused influencer applies again (once) and is refused again: the second application
  // carries its attempt and the first rejection.
  await record(API.applyForLink, { token: other.token, body: { campaign_id: campaign.id }, label: "applying again" });
  await record(API.rejectLink, {
    ...asAdmin,
    params: { id: refused.id },
    body: { reason: "Still not this campaign" },
    label: "a second application",
  });
  await record(API.linkApplications, asAdmin);
  const { links } = await record(API.myLinks, { token: creator.token });
  // A customer arrives through the short link: the redirect carries the click the order keeps.
  // (A phone's browser: a script's user agent, such as Node's "node", is taken for a crawler.)
  const code = new URL(links[0].short_url).pathname.split("/").at(-1)!;
  await record(API.shortLink, { params: { code }, query: { s: "qr" }, headers: { "user-agent": iPhone } });
  const [visit] = recorded.get(API.shortLink)!;
  const ref = new URL(visit.answer.headers.get("location") ?? "").searchParams.get("ref");
  await record(API.shortLink, { params: { code }, headers: { "user-agent": "TelegramBot (like TwitterBot)" } });
  // The creator's storefront: a handle, the link on it, a visitor's read and the address to share.
  const storeHandle = `contract.${Date.now().toString(36)}`;
  await record(API.updateProfile, {
    token: creator.token,
    body: { store_handle: storeHandle },
    label: "a store handle",
  });
  await record(API.setStorefront, { token: creator.token, body: { link_ids: [links[0].id] } });
  await record(API.storefrontSettings, { token: creator.token });
  await record(API.store, { params: { handle: storeHandle } });
  await record(API.storeLink, { params: { handle: storeHandle }, headers: { "user-agent": iPhone } });
  await record(API.storeLink, {
    params: { handle: storeHandle },
    headers: { "user-agent": "TelegramBot (like TwitterBot)" },
  });
  const { triggers } = await record(API.myTriggers, { token: creator.token });
  await record(API.updateTrigger, {
    token: creator.token,
    params: { id: triggers[0].id },
    body: { dm_template_text: "Here is {product}: {link}" },
  });

  await record(API.provinces);
  await record(API.districts, { query: { province: "17" } });
  await record(API.communes, { params: { district: "Doun Penh" } });
  await record(API.deliveryFee, { params: { commune: "Voat Phnum", district: "Doun Penh" } });
  await record(API.checkoutInfo, { query: { influencer_id: creator.user.id, product_id: campaign.id } });
  const orderBody = {
    influencer_id: creator.user.id,
    product_id: campaign.id,
    customer_phone: creatorPhone,
    delivery_district: "Doun Penh",
    delivery_commune: "Voat Phnum",
    recipient_name: "Sokha Chan",
    address_line: "House 12, Street 271",
    quantity: 2,
    ref,
  };
  const { order, tracking_url } = await record(API.placeOrder, { body: orderBody });
  const pageToken = (url: string) => new URL(url).pathname.replace(/^\/o\//, "");
  await record(API.trackedOrder, { params: { token: pageToken(tracking_url) } });
  await record(API.confirmTrackedOrder, { params: { token: pageToken(tracking_url) } });
  await record(API.followTrackedOrder, { params: { token: pageToken(tracking_url) }, body: { language: "km" } });
  const toCancel = await record(API.placeOrder, { body: { ...orderBody, quantity: 1 }, label: "to cancel" });
  await record(API.recordConfirmationCall, {
    ...asAdmin,
    params: { id: toCancel.order.id },
    body: { outcome: "no_answer", note: "Rang twice" },
  });
  await record(API.cancelTrackedOrder, { params: { token: pageToken(toCancel.tracking_url) } });
  await record(API.myOrders, { token: shop.token, label: "business" });
  await record(API.myOrders, { token: creator.token, label: "influencer" });
  await record(API.adminOrders, asAdmin);
  const { courier } = await record(API.createCourier, {
    ...asAdmin,
    body: { name: "Contract Rider", phone: uniqueStoredPhone(), kind: "freelance" },
  });
  await record(API.updateCourier, { ...asAdmin, params: { id: courier.id }, body: { keeps_delivery_fee: false } });
  await record(API.couriers, asAdmin);
  await record(API.assignCourier, { ...asAdmin, params: { id: order.id }, body: { courier_id: courier.id } });
  await record(API.markOrderReady, { token: shop.token, params: { id: order.id } });
  await record(API.packingSlips, { token: shop.token, body: { order_ids: [order.id] } });
  const { link: riderLink } = await record(API.createCourierLink, { ...asAdmin, params: { id: courier.id } });
  const riderToken = new URL(riderLink.url).pathname.replace(/^\/rider\//, "");
  await record(API.riderPage, { params: { token: riderToken } });
  await record(API.riderStep, {
    params: { token: riderToken, id: order.id },
    body: { step: "picked_up", step_id: crypto.randomUUID() },
  });
  await record(API.courierLinks, { ...asAdmin, params: { id: courier.id } });
  await record(API.revokeCourierLink, { ...asAdmin, params: { id: courier.id, link_id: riderLink.id } });
  await record(API.setOrderStatus, { ...asAdmin, params: { id: order.id }, body: { new_status: "delivered" } });
  // The courier now holds the order's cash: one line of its statement.
  await record(API.courierStatement, { ...asAdmin, params: { id: courier.id } });
  // The courier remits the order's cash (so its earnings can be paid below); a second remittance,
  // recorded by mistake, is reversed.
  const remitted = { aba_reference: "ABA-REMIT", received_at: new Date().toISOString() };
  await record(API.recordRemittance, {
    ...asAdmin,
    params: { id: courier.id },
    body: {
      ...remitted,
      amount: String(order.total_amount),
      orders: [{ order_number: order.order_number, amount: String(order.total_amount) }],
    },
  });
  const { remittance: mistaken } = await api("POST", `/admin/couriers/${courier.id}/remittances`, {
    ...asAdmin,
    body: { ...remitted, amount: "1" },
  }).then((res) => res.body);
  await record(API.remittances, { ...asAdmin, params: { id: courier.id } });
  await record(API.reverseRemittance, {
    ...asAdmin,
    params: { id: courier.id, remittance_id: mistaken.id },
    body: { reason: "Recorded twice" },
  });
  await record(API.reviewOrder, { ...asAdmin, params: { id: order.id }, body: { decision: "clear" } });
  await record(API.exportMyOrders, { token: shop.token, query: { q: order.order_number }, label: "business" });
  await record(API.exportMyOrders, { token: creator.token, query: { q: order.order_number }, label: "influencer" });
  await record(API.exportAdminOrders, { ...asAdmin, query: { q: order.order_number } });
  await record(API.orderStats, { token: shop.token });
  await record(API.linkStats, { token: creator.token });
  await record(API.campaignStats, { token: shop.token });
  await record(API.platformStats, asAdmin);

  await record(API.payoutSummary, { token: shop.token, label: "business" });
  await record(API.payoutSummary, { token: creator.token, label: "influencer" });
  await record(API.requestPayout, { token: shop.token });
  await api("POST", "/payouts/request", { token: creator.token });
  await record(API.payoutHistory, asAdmin);
  await record(API.pendingPayouts, asAdmin);
  await record(API.payoutStats, asAdmin);
  const completed = await record(API.completePayout, {
    ...asAdmin,
    params: { userId: shop.user.id },
    body: { aba_reference: "ABA-CONTRACT" },
  });
  await record(API.correctPayoutReference, {
    ...asAdmin,
    params: { requestId: completed.payouts[0].payout_request_id },
    body: { aba_reference: "ABA-CONTRACT-2", reason: "Typo" },
  });
  await record(API.rejectPayout, { ...asAdmin, params: { userId: creator.user.id }, body: { reason: "Wrong name" } });
  await api("POST", "/payouts/request", { token: creator.token });
  await record(API.cancelPayoutRequest, { token: creator.token });
  await record(API.exportPayoutHistory, { token: shop.token });
  await record(API.auditLog, { ...asAdmin, query: { limit: "20" } });

  await instagramJourney(creator, triggers[0].keyword);
  await facebookJourney(creator);
  await telegramJourney(shop);
});

/** Connects the creator's Instagram through the Meta fake, a follower comments the keyword, then it disconnects. */
async function instagramJourney(creator: Account, keyword: string) {
  const { url: authorizeUrl } = await record(API.instagramConnectUrl, { token: creator.token });
  const username = uniqueUsername("contract");
  const allowed = await allowOnInstagram(authorizeUrl, username);
  await record(API.instagramConnect, {
    token: creator.token,
    body: { code: allowed.get("code"), state: allowed.get("state") },
  });
  await record(API.instagramAccount, { token: creator.token });
  expect(
    (await simulateComment(username, `${keyword} please`, { from_username: "contract.buyer" })).webhook_status,
  ).toBe(200);
  // The reply goes out after the webhook's answer: the activity is recorded once it has.
  const deadline = Date.now() + 15_000;
  const outcome = async () =>
    (await api("GET", "/instagram/activity", { token: creator.token })).body.events[0]?.outcome;
  while ((await outcome()) !== "sent" && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 200));
  await record(API.instagramActivity, { token: creator.token });
  await record(API.instagramDisconnect, { token: creator.token });
}

/** Facebook Login for a creator who manages two Pages: the list, the Page picked, then disconnected. */
async function facebookJourney(creator: Account) {
  const { url: dialogUrl } = await record(API.facebookConnectUrl, { token: creator.token });
  const allowed = await allowOnFacebook(dialogUrl, {
    name: uniqueName("Contract"),
    pages: [uniqueName("Contract Shop"), uniqueName("Contract Blog")],
  });
  const { pages } = await record(API.facebookConnect, {
    token: creator.token,
    body: { code: allowed.get("code"), state: allowed.get("state") },
  });
  await record(API.facebookPickPage, { token: creator.token, body: { page_id: pages[0].id } });
  await record(API.facebookPage, { token: creator.token });
  await record(API.facebookDisconnect, { token: creator.token });
}

/** Links a chat of the shop's through the Telegram fake, switches a notice off, then unlinks it. */
async function telegramJourney(shop: Account) {
  const { url: startUrl } = await record(API.telegramLink, { token: shop.token, query: { language: "km" } });
  const started = await pressStart(new URL(startUrl).searchParams.get("start")!);
  expect(started.webhook_status).toBe(200);
  await messagesOf(started.chat_id, 1);
  const { chats } = await record(API.telegramChats, { token: shop.token });
  await record(API.updateTelegramChat, { token: shop.token, params: { id: chats[0].id }, body: { new_order: false } });
  await record(API.unlinkTelegramChat, { token: shop.token, params: { id: chats[0].id } });
}

/** The cells of each line of a CSV body (RFC 4180 quoting, as the exports write it). */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted && char === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (!quoted && char === ",") {
      row.push(cell);
      cell = "";
    } else if (!quoted && char === "\n") {
      rows.push([...row, cell.replace(/\r$/, "")]);
      row = [];
      cell = "";
    } else {
      cell += char;
    }
  }
  if (cell !== "" || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** The answer is what the route's entry says it is. */
function expectAnswerOf(route: ApiRoute, { label, answer, text }: Recorded) {
  const what = `${routeName(route)}${label ? ` (${label})` : ""}: ${answer.status} ${text || JSON.stringify(answer.body)}`;
  const response = route.response;
  if (response.kind === "json") {
    expect(answer.status, what).toBe(response.status);
    expect(response.schema.parse(answer.body), what).toEqual(answer.body);
  } else if (response.kind === "csv") {
    expect(answer.status, what).toBe(200);
    expect(answer.headers.get("content-type"), what).toBe("text/csv; charset=utf-8");
    expect(text.startsWith("\uFEFF"), what).toBe(true);
    const [header, ...lines] = csvRows(text.slice(1));
    const columns = response.columnsFor?.[label] ?? response.columns;
    expect(header, what).toEqual(columns);
    expect(lines.length, `${what}: no row`).toBeGreaterThan(0);
    for (const line of lines) expect(line.length, what).toBe(columns.length);
  } else if (answer.status === 302 && response.target === "checkout") {
    // A person: to the checkout of the link, with the click that counted.
    const location = new URL(answer.headers.get("location") ?? "");
    expect(`${location.origin}${location.pathname}`, what).toBe(`${stackUrl()}/checkout`);
    expect([...location.searchParams.keys()].sort(), what).toEqual(["influencer_id", "product_id", "ref"]);
  } else if (answer.status === 302) {
    // A person: to the store page.
    expect(answer.headers.get("location"), what).toMatch(new RegExp(`^${stackUrl()}/store/[a-z0-9._]{3,30}$`));
  } else {
    // A crawler: the preview page.
    expect(answer.status, what).toBe(200);
    expect(answer.headers.get("content-type"), what).toMatch(/^text\/html/);
    expect(text, what).toContain('<meta property="og:title"');
  }
}

const parsed = new Set<ApiRoute>();

describe("every route's real answer is what the route table says", () => {
  it.each(API_ROUTES.map((route) => [routeName(route), route] as const))("%s", (_name, route) => {
    const answers = recorded.get(route) ?? [];
    for (const answer of answers) expectAnswerOf(route, answer);
    if (answers.length > 0) parsed.add(route);
  });

  it("parsed a real answer of every route in the table", () => {
    const missing = API_ROUTES.filter((route) => !parsed.has(route)).map(routeName);
    expect(
      missing,
      `No real answer was parsed for ${missing.length} route(s) of the table: call them in the journey above`,
    ).toEqual([]);
  });
});

describe("the schemas are exact", () => {
  it("refuse a field of the wrong type, a missing field and an unknown status; drop an unknown field", () => {
    const fee = recorded.get(API.deliveryFee)![0].answer.body;
    expect(deliveryFeeResponseSchema.safeParse({ ...fee, delivery_fee_cents: "100" }).success).toBe(false);
    const { delivery_fee: _dollars, ...withoutDollars } = fee;
    expect(deliveryFeeResponseSchema.safeParse(withoutDollars).success).toBe(false);
    const changed = recorded.get(API.setOrderStatus)![0].answer.body;
    const lost = { ...changed, order: { ...changed.order, order_status: "lost" } };
    expect(orderStatusChangedResponseSchema.safeParse(lost).success).toBe(false);
    // An extra field parses, but is dropped: the equality above catches it.
    const extra = { ...fee, currency: "USD" };
    expect(deliveryFeeResponseSchema.parse(extra)).not.toEqual(extra);
  });
});

describe("one request payload, parsed by the function and the SPA with the same schema", () => {
  it("the campaign the journey created and edited is the one payload, and came back as sent", () => {
    const created = campaignCreateSchema.parse(sent.get("POST /campaigns"));
    const edited = campaignUpdateSchema.parse(sent.get("PUT /campaigns/{id}"));
    expect(recorded.get(API.createCampaign)![0].answer.body.campaign).toMatchObject({
      price_cents: created.price_cents,
      commission_rate: created.commission_rate,
      image_urls: created.image_urls,
    });
    expect(recorded.get(API.updateCampaign)![0].answer.body.campaign).toMatchObject({
      description: "Now in blue",
      price: 14,
      price_cents: edited.price_cents,
      commission_rate: 0.2,
    });
  });

  it("the original forms' field names are refused by the shared schemas, as by the function", async () => {
    const dashboard = {
      product_name: "Silk Scarf",
      product_price: "12.50",
      commission_rate: "0.15",
      product_images: ["https://images.example.com/scarf-1.jpg"],
      product_description: "Hand-woven silk from Takeo",
    };
    const local = campaignCreateSchema.safeParse(dashboard);
    expect(local.success).toBe(false);
    expect(local.error!.issues.find((issue) => issue.code === "unrecognized_keys")).toMatchObject({
      keys: ["product_price", "product_images", "product_description"],
    });
    expect(campaignUpdateSchema.safeParse({ product_price: "12.50" }).success).toBe(false);
    const shop = await business();
    const res = await api("POST", "/campaigns", { token: shop.token, body: dashboard });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: "invalid_input",
      field: "product_price",
      message: "product_price is not a field you can set here",
    });

    const signUp = { email: "x@example.com", password: "longenough1", platform: "instagram", social_media_page: "@x" };
    expect(influencerRegistrationSchema.safeParse({ ...signUp, full_name: "Dara" }).success).toBe(true);
    for (const old of [{ fullName: "Dara" }, { full_name: "Dara", id_card_url: "" }]) {
      const refused = influencerRegistrationSchema.safeParse({ ...signUp, ...old });
      expect(refused.error?.issues.find((issue) => issue.code === "unrecognized_keys")).toBeDefined();
    }
  });
});
