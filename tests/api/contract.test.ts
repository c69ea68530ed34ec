// Every documented path's answer against its response schema in the shared contract
// (supabase/functions/_shared/contract/), the schemas the SPA parses with: a field the function
// adds, drops, renames or retypes without the contract fails here. One journey records real
// answers (sign-up to completed payout), then each is parsed, and must come back unchanged: zod
// drops keys a schema does not know, so an extra field shows as a difference.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { auditLogResponseSchema } from "../../supabase/functions/_shared/contract/audit.ts";
import {
  campaignStatsResponseSchema,
  linkStatsResponseSchema,
  platformStatsResponseSchema,
} from "../../supabase/functions/_shared/contract/attribution.ts";
import {
  jwksResponseSchema,
  loginResponseSchema,
  meResponseSchema,
  registrationResponseSchema,
  usersResponseSchema,
  userStatusResponseSchema,
} from "../../supabase/functions/_shared/contract/auth.ts";
import {
  availableCampaignsResponseSchema,
  campaignResponseSchema,
  campaignSavedResponseSchema,
  campaignsResponseSchema,
} from "../../supabase/functions/_shared/contract/campaigns.ts";
import {
  communesResponseSchema,
  deliveryFeeResponseSchema,
  districtsResponseSchema,
} from "../../supabase/functions/_shared/contract/delivery-zones.ts";
import {
  linkApplicationsResponseSchema,
  linkAppliedResponseSchema,
  linkDecisionResponseSchema,
  myLinksResponseSchema,
  myTriggersResponseSchema,
} from "../../supabase/functions/_shared/contract/links.ts";
import {
  checkoutInfoResponseSchema,
  ordersResponseSchema,
  orderStatsResponseSchema,
  orderReviewedResponseSchema,
  orderStatusChangedResponseSchema,
  placeOrderResponseSchema,
} from "../../supabase/functions/_shared/contract/orders.ts";
import {
  payoutCompletedResponseSchema,
  payoutHistoryResponseSchema,
  payoutRequestedResponseSchema,
  payoutStatsResponseSchema,
  payoutSummaryResponseSchema,
  pendingPayoutsResponseSchema,
} from "../../supabase/functions/_shared/contract/payouts.ts";
import {
  settingsResponseSchema,
  settingsSavedResponseSchema,
} from "../../supabase/functions/_shared/contract/settings.ts";
import {
  imagesUploadResponseSchema,
  imageUploadResponseSchema,
} from "../../supabase/functions/_shared/contract/uploads.ts";
import { type Account, admin, business, influencer, pageForm } from "../helpers/accounts.ts";
import { api, type ApiAnswer } from "../helpers/api.ts";
import { uniqueTypedPhone } from "../helpers/phones.ts";
import { png } from "../helpers/images.ts";
import { stackUrl } from "../helpers/stack.ts";
import { DEFAULT_HOLD_DAYS, setCommissionHoldDays } from "../helpers/hold.ts";

// Deliveries are released at once here: the holding period has tests of its own.
beforeAll(() => setCommissionHoldDays(0));
afterAll(() => setCommissionHoldDays(DEFAULT_HOLD_DAYS));

const answers = new Map<string, ApiAnswer>();

/** Calls a path and keeps the answer under `name` for the table below. */
async function record(name: string, method: string, path: string, opts: { token?: string; body?: unknown } = {}) {
  const answer = await api(method, path, opts);
  answers.set(name, answer);
  return answer.body;
}

async function recordUpload(name: string, path: string, field: string, files: number, owner: Account) {
  const form = new FormData();
  for (let i = 0; i < files; i++) form.append(field, new Blob([new Uint8Array(png())], { type: "image/png" }), "a.png");
  const res = await fetch(`${stackUrl()}/functions/v1/api${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${owner.token}` },
    body: form,
  });
  answers.set(name, { status: res.status, body: await res.json(), headers: res.headers });
}

const bankDetails = { bank_name: "ABA Bank", account_name: "Contract Test", account_number: "000 111 222" };

beforeAll(async () => {
  const { token: adminToken } = await admin();
  const shop = await business();
  const creator = await influencer();
  const asAdmin = { token: adminToken };

  await record("GET /.well-known/jwks.json", "GET", "/.well-known/jwks.json");
  await record("POST /auth/login", "POST", "/auth/login", {
    body: { email: shop.user.email, password: "longenough1" },
  });
  await record("POST /auth/register/business", "POST", "/auth/register/business", {
    body: {
      email: `contract-${Date.now()}@example.com`,
      password: "longenough1",
      social_media_page: "https://facebook.com/contract",
      store_phone: "012 345 678",
    },
  });
  const registered = await record("POST /auth/register/influencer", "POST", "/auth/register/influencer", {
    body: {
      fullName: "Contract Creator",
      email: `contract-creator-${Date.now()}@example.com`,
      password: "longenough1",
      platform: "instagram",
      social_media_page: "@contract",
    },
  });
  await record("GET /auth/me", "GET", "/auth/me", { token: shop.token });
  await record("PUT /auth/profile", "PUT", "/auth/profile", {
    token: shop.token,
    body: { ...bankDetails, business_logo_url: "https://example.com/logo.png" },
  });
  // The creator's own phone, which the customer below orders from: flagged self_order, so the
  // order is reviewed below.
  const creatorPhone = uniqueTypedPhone();
  await api("PUT", "/auth/profile", { token: creator.token, body: { ...bankDetails, phone: creatorPhone } });
  await record("GET /admin/users", "GET", "/admin/users", asAdmin);
  await record("PUT /admin/users/{id}/status", "PUT", `/admin/users/${registered.user.id}/status`, {
    ...asAdmin,
    body: { status: "rejected", reason: "Not a real shop" },
  });
  const { settings } = await record("GET /admin/settings", "GET", "/admin/settings", asAdmin);
  // Saved unchanged, so the other test files find the rate as it was.
  await record("PUT /admin/settings", "PUT", "/admin/settings", {
    ...asAdmin,
    body: { riel_per_usd: settings.riel_per_usd },
  });

  const { campaign } = await record("POST /campaigns", "POST", "/campaigns", { token: shop.token, body: pageForm() });
  await record("PUT /campaigns/{id}", "PUT", `/campaigns/${campaign.id}`, {
    token: shop.token,
    body: { description: "Now in blue" },
  });
  await record("GET /campaigns/{id}", "GET", `/campaigns/${campaign.id}`, { token: creator.token });
  await record("GET /campaigns/business", "GET", "/campaigns/business", { token: shop.token });
  await record("GET /campaigns/active", "GET", "/campaigns/active", { token: creator.token });
  await recordUpload("POST /upload/image", "/upload/image", "image", 1, shop);
  await recordUpload("POST /upload/images", "/upload/images", "images", 2, shop);

  const { link } = await record("POST /affiliate-links/apply", "POST", "/affiliate-links/apply", {
    token: creator.token,
    body: { campaign_id: campaign.id },
  });
  await record("GET /admin/affiliate-links/pending", "GET", "/admin/affiliate-links/pending", asAdmin);
  await record("PUT /admin/affiliate-links/{id}/approve", "PUT", `/admin/affiliate-links/${link.id}/approve`, asAdmin);
  await record("GET /admin/affiliate-links/all", "GET", "/admin/affiliate-links/all", asAdmin);
  const { links } = await record("GET /affiliate-links/my-links", "GET", "/affiliate-links/my-links", {
    token: creator.token,
  });
  // A customer arrives through the short link: the redirect carries the click the order keeps.
  // (A phone's browser: a script's user agent, such as Node's "node", is taken for a crawler.)
  const visit = await fetch(`${links[0].short_url}?s=qr`, {
    redirect: "manual",
    headers: { "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148" },
  });
  const ref = new URL(visit.headers.get("location") ?? "").searchParams.get("ref");
  await record("GET /keyword-triggers/my-triggers", "GET", "/keyword-triggers/my-triggers", { token: creator.token });

  await record("GET /delivery-zones/districts", "GET", "/delivery-zones/districts");
  await record("GET /delivery-zones/communes/{district}", "GET", "/delivery-zones/communes/Doun%20Penh");
  await record("GET /delivery-zones/fee/{commune}/{district}", "GET", "/delivery-zones/fee/Voat%20Phnum/Doun%20Penh");
  const checkout = `influencer_id=${creator.user.id}&product_id=${campaign.id}`;
  await record("GET /checkout/info", "GET", `/checkout/info?${checkout}`);
  const { order } = await record("POST /checkout/order", "POST", "/checkout/order", {
    body: {
      influencer_id: creator.user.id,
      product_id: campaign.id,
      customer_phone: creatorPhone,
      delivery_district: "Doun Penh",
      delivery_commune: "Voat Phnum",
      quantity: 2,
      ref,
    },
  });
  await record("GET /orders/user/all (business)", "GET", "/orders/user/all", { token: shop.token });
  await record("GET /orders/user/all (influencer)", "GET", "/orders/user/all", { token: creator.token });
  await record("GET /admin/orders", "GET", "/admin/orders", asAdmin);
  for (const status of ["ready_for_pickup", "out_for_delivery", "delivered"]) {
    await record("PUT /admin/orders/{id}/status", "PUT", `/admin/orders/${order.id}/status`, {
      ...asAdmin,
      body: { new_status: status },
    });
  }
  await record("PUT /admin/orders/{id}/review", "PUT", `/admin/orders/${order.id}/review`, {
    ...asAdmin,
    body: { decision: "clear" },
  });
  await record("GET /orders/stats/summary", "GET", "/orders/stats/summary", { token: shop.token });
  await record("GET /affiliate-links/stats", "GET", "/affiliate-links/stats", { token: creator.token });
  await record("GET /campaigns/stats", "GET", "/campaigns/stats", { token: shop.token });
  await record("GET /admin/attribution/stats", "GET", "/admin/attribution/stats", asAdmin);

  await record("GET /payouts/summary (business)", "GET", "/payouts/summary", { token: shop.token });
  await record("GET /payouts/summary (influencer)", "GET", "/payouts/summary", { token: creator.token });
  await record("POST /payouts/request", "POST", "/payouts/request", { token: shop.token });
  await api("POST", "/payouts/request", { token: creator.token });
  await record("GET /payouts/history", "GET", "/payouts/history", asAdmin);
  await record("GET /payouts/admin/pending", "GET", "/payouts/admin/pending", asAdmin);
  await record("GET /payouts/admin/stats", "GET", "/payouts/admin/stats", asAdmin);
  await record("PUT /payouts/admin/complete/{userId}", "PUT", `/payouts/admin/complete/${shop.user.id}`, {
    ...asAdmin,
    body: { aba_reference: "ABA-CONTRACT" },
  });
  await record("GET /admin/audit-log", "GET", "/admin/audit-log?limit=20", asAdmin);
});

const paths: [string, number, z.ZodType][] = [
  ["GET /.well-known/jwks.json", 200, jwksResponseSchema],
  ["POST /auth/login", 200, loginResponseSchema],
  ["POST /auth/register/business", 201, registrationResponseSchema],
  ["POST /auth/register/influencer", 201, registrationResponseSchema],
  ["GET /auth/me", 200, meResponseSchema],
  ["PUT /auth/profile", 200, meResponseSchema],
  ["GET /admin/users", 200, usersResponseSchema],
  ["PUT /admin/users/{id}/status", 200, userStatusResponseSchema],
  ["GET /admin/settings", 200, settingsResponseSchema],
  ["PUT /admin/settings", 200, settingsSavedResponseSchema],
  ["POST /campaigns", 201, campaignSavedResponseSchema],
  ["PUT /campaigns/{id}", 200, campaignSavedResponseSchema],
  ["GET /campaigns/{id}", 200, campaignResponseSchema],
  ["GET /campaigns/business", 200, campaignsResponseSchema],
  ["GET /campaigns/active", 200, availableCampaignsResponseSchema],
  ["POST /upload/image", 200, imageUploadResponseSchema],
  ["POST /upload/images", 200, imagesUploadResponseSchema],
  ["POST /affiliate-links/apply", 201, linkAppliedResponseSchema],
  ["GET /admin/affiliate-links/pending", 200, linkApplicationsResponseSchema],
  ["PUT /admin/affiliate-links/{id}/approve", 200, linkDecisionResponseSchema],
  ["GET /admin/affiliate-links/all", 200, linkApplicationsResponseSchema],
  ["GET /affiliate-links/my-links", 200, myLinksResponseSchema],
  ["GET /keyword-triggers/my-triggers", 200, myTriggersResponseSchema],
  ["GET /delivery-zones/districts", 200, districtsResponseSchema],
  ["GET /delivery-zones/communes/{district}", 200, communesResponseSchema],
  ["GET /delivery-zones/fee/{commune}/{district}", 200, deliveryFeeResponseSchema],
  ["GET /checkout/info", 200, checkoutInfoResponseSchema],
  ["POST /checkout/order", 201, placeOrderResponseSchema],
  ["GET /orders/user/all (business)", 200, ordersResponseSchema],
  ["GET /orders/user/all (influencer)", 200, ordersResponseSchema],
  ["GET /admin/orders", 200, ordersResponseSchema],
  ["PUT /admin/orders/{id}/status", 200, orderStatusChangedResponseSchema],
  ["PUT /admin/orders/{id}/review", 200, orderReviewedResponseSchema],
  ["GET /affiliate-links/stats", 200, linkStatsResponseSchema],
  ["GET /campaigns/stats", 200, campaignStatsResponseSchema],
  ["GET /admin/attribution/stats", 200, platformStatsResponseSchema],
  ["GET /orders/stats/summary", 200, orderStatsResponseSchema],
  ["GET /payouts/summary (business)", 200, payoutSummaryResponseSchema],
  ["GET /payouts/summary (influencer)", 200, payoutSummaryResponseSchema],
  ["POST /payouts/request", 201, payoutRequestedResponseSchema],
  ["GET /payouts/history", 200, payoutHistoryResponseSchema],
  ["GET /payouts/admin/pending", 200, pendingPayoutsResponseSchema],
  ["GET /payouts/admin/stats", 200, payoutStatsResponseSchema],
  ["PUT /payouts/admin/complete/{userId}", 200, payoutCompletedResponseSchema],
  ["GET /admin/audit-log", 200, auditLogResponseSchema],
];

describe("every answer parses with its contract schema, field for field", () => {
  it.each(paths)("%s", (name, status, schema) => {
    const answer = answers.get(name);
    expect(answer, `${name} was not called`).toBeDefined();
    expect(answer!.status, JSON.stringify(answer!.body)).toBe(status);
    expect(schema.parse(answer!.body)).toEqual(answer!.body);
  });

  it("covers every path the journey called", () => {
    expect([...answers.keys()].sort()).toEqual(paths.map(([name]) => name).sort());
  });
});

describe("the schemas are exact", () => {
  it("refuse a field of the wrong type, a missing field and an unknown status; drop an unknown field", () => {
    const fee = answers.get("GET /delivery-zones/fee/{commune}/{district}")!.body;
    expect(deliveryFeeResponseSchema.safeParse({ ...fee, delivery_fee_cents: "100" }).success).toBe(false);
    const { delivery_fee: _dollars, ...withoutDollars } = fee;
    expect(deliveryFeeResponseSchema.safeParse(withoutDollars).success).toBe(false);
    const changed = answers.get("PUT /admin/orders/{id}/status")!.body;
    const lost = { ...changed, order: { ...changed.order, order_status: "lost" } };
    expect(orderStatusChangedResponseSchema.safeParse(lost).success).toBe(false);
    // An extra field parses, but is dropped: the equality in the table above catches it.
    const extra = { ...fee, currency: "USD" };
    expect(deliveryFeeResponseSchema.parse(extra)).not.toEqual(extra);
  });
});
