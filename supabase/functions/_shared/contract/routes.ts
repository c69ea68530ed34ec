// The route table: every path the api function serves, once, with who may call it, what it takes
// and what it answers. The function checks each caller's role from it (api/lib/route-roles.ts,
// and a deno test holds the app's routes and this table to each other), the SPA's fetchers take
// their path and schemas from it (apiCall in src/lib/api-client.ts), tests/api/contract.test.ts
// parses a real answer of every entry, and docs/api-reference.md is written from it
// (npm run docs:api). No Deno APIs: the SPA bundles it (but not the public checkout, which keeps
// zod off its first screen).
import type { z } from "zod";
import { platformStatsResponseSchema, campaignStatsResponseSchema, linkStatsResponseSchema } from "./attribution.ts";
import { auditLogQuerySchema, auditLogResponseSchema } from "./audit.ts";
import {
  businessRegistrationSchema,
  influencerRegistrationSchema,
  jwksResponseSchema,
  loginResponseSchema,
  loginSchema,
  passwordChangeSchema,
  passwordResetConfirmSchema,
  passwordResetSchema,
  refreshResponseSchema,
  refreshSchema,
  sessionsResponseSchema,
  signedOutEverywhereResponseSchema,
  messageResponseSchema,
  meResponseSchema,
  profileUpdateSchema,
  registrationResponseSchema,
  usersQuerySchema,
  usersResponseSchema,
  userStatusResponseSchema,
  userStatusSchema,
  type UserType,
} from "./auth.ts";
import {
  availableCampaignsResponseSchema,
  campaignCreateSchema,
  campaignResponseSchema,
  campaignSavedResponseSchema,
  campaignsResponseSchema,
  campaignUpdateSchema,
  MAX_CAMPAIGN_IMAGES,
} from "./campaigns.ts";
import { packingSlipsRequestSchema, packingSlipsResponseSchema } from "./packing-slips.ts";
import {
  courierAssignSchema,
  courierCreateSchema,
  courierSavedResponseSchema,
  couriersResponseSchema,
  courierUpdateSchema,
} from "./couriers.ts";
import {
  courierLinkCreatedResponseSchema,
  courierLinksResponseSchema,
  riderPageResponseSchema,
  riderStepResponseSchema,
  riderStepSchema,
} from "./rider.ts";
import {
  remittanceCreateSchema,
  remittanceReverseSchema,
  remittanceSavedResponseSchema,
  remittancesResponseSchema,
} from "./remittances.ts";
import {
  storefrontLinksSchema,
  storefrontSavedResponseSchema,
  storefrontSettingsResponseSchema,
  storeResponseSchema,
} from "./storefront.ts";
import {
  orderFollowLinkSchema,
  trackedOrderChangedResponseSchema,
  trackedOrderResponseSchema,
} from "./order-tracking.ts";
import {
  provinceFeeSavedResponseSchema,
  provinceFeesResponseSchema,
  provinceFeeUpdateSchema,
} from "./delivery-fees.ts";
import {
  communesResponseSchema,
  deliveryFeeResponseSchema,
  districtsQuerySchema,
  districtsResponseSchema,
  provincesResponseSchema,
} from "./delivery-zones.ts";
import {
  COURIER_STATEMENT_CSV_COLUMNS,
  ADMIN_ORDER_CSV_COLUMNS,
  ORDER_CSV_COLUMNS,
  PAYOUT_CSV_COLUMNS,
  SHOP_ORDER_CSV_COLUMNS,
} from "./exports.ts";
import {
  facebookConnectedResponseSchema,
  facebookConnectSchema,
  facebookConnectUrlResponseSchema,
  facebookDisconnectedResponseSchema,
  facebookPagePickSchema,
  facebookPageResponseSchema,
} from "./facebook.ts";
import {
  instagramAccountResponseSchema,
  instagramActivityResponseSchema,
  instagramConnectedResponseSchema,
  instagramConnectSchema,
  instagramConnectUrlResponseSchema,
  instagramDisconnectedResponseSchema,
  keywordTriggerSavedResponseSchema,
  keywordTriggerUpdateSchema,
} from "./instagram.ts";
import {
  linkApplicationSchema,
  linkApplicationsQuerySchema,
  linkApplicationsResponseSchema,
  linkAppliedResponseSchema,
  linkDecisionResponseSchema,
  linkRejectionSchema,
  myLinksResponseSchema,
  myTriggersResponseSchema,
} from "./links.ts";
import {
  checkoutInfoResponseSchema,
  checkoutOrderSchema,
  orderFilterSchema,
  orderListQuerySchema,
  orderReviewedResponseSchema,
  orderReviewSchema,
  confirmationCallSchema,
  confirmationCallResponseSchema,
  courierAssignedResponseSchema,
  orderReadyResponseSchema,
  ordersResponseSchema,
  orderStatsResponseSchema,
  orderStatusChangedResponseSchema,
  orderStatusChangeSchema,
  placeOrderResponseSchema,
} from "./orders.ts";
import { pageQuerySchema } from "./paging.ts";
import {
  payoutCompletedResponseSchema,
  payoutCompletionSchema,
  payoutReferenceCorrectionSchema,
  payoutRejectionSchema,
  payoutHistoryResponseSchema,
  payoutRequestedResponseSchema,
  payoutStatsResponseSchema,
  payoutSummaryResponseSchema,
  pendingPayoutsResponseSchema,
} from "./payouts.ts";
import type { HttpMethod } from "./route-path.ts";
import { settingsResponseSchema, settingsSavedResponseSchema, settingsUpdateSchema } from "./settings.ts";
import {
  telegramChatResponseSchema,
  telegramChatsResponseSchema,
  telegramChatUpdateSchema,
  telegramLinkQuerySchema,
  telegramLinkResponseSchema,
  telegramUnlinkedResponseSchema,
} from "./telegram.ts";
import { imagesUploadResponseSchema, imageUploadResponseSchema } from "./uploads.ts";

export type { HttpMethod } from "./route-path.ts";

/**
 * Who may call a route. `account`: a signed-in account of one of `types` (and, with `approved`,
 * one an admin approved); anyone else signed in gets 403 with a sentence made of `to`, what the
 * route does: "Only influencers can apply for affiliate links".
 */
export type Role =
  | { readonly kind: "anyone" }
  | { readonly kind: "signed-in" }
  | {
      readonly kind: "account";
      readonly types: readonly UserType[];
      readonly approved: boolean;
      readonly to: string;
    };

export interface RouteRequest {
  /** The JSON body, parsed with this schema. */
  readonly body?: z.ZodType;
  /** The query string's parameters (each one text), parsed with this schema. */
  readonly query?: z.ZodType;
  /** A multipart/form-data body of 1 to `max` image files in the form field `field`. */
  readonly files?: { readonly field: string; readonly max: number };
}

export type RouteResponse =
  /** A JSON answer with this status, which this schema parses. */
  | { readonly kind: "json"; readonly status: 200 | 201 | 202; readonly schema: z.ZodType }
  /**
   * text/csv, streamed as an attachment: a header row of these columns, then one line per row;
   * `columnsFor` names the columns some callers get instead (an influencer: no recipients).
   */
  | {
      readonly kind: "csv";
      readonly columns: readonly string[];
      readonly columnsFor?: Readonly<Record<string, readonly string[]>>;
    }
  /**
   * An address to share: a person is redirected (to the checkout, or to the store page), a crawler
   * gets an HTML page of Open Graph tags.
   */
  | { readonly kind: "share-link"; readonly target: "checkout" | "store" };

export interface ApiRoute {
  readonly method: HttpMethod;
  /** Relative to the function (`<project URL>/functions/v1/api`), parameters as `{name}`. */
  readonly path: string;
  readonly role: Role;
  readonly request: RouteRequest;
  readonly response: RouteResponse;
  /** One sentence on what the route does; docs/api.md explains the rest. */
  readonly summary: string;
}

/** A route answering JSON. */
export type JsonRoute = ApiRoute & { readonly response: { readonly kind: "json" } };

const anyone = { kind: "anyone" } as const;
const signedIn = { kind: "signed-in" } as const;

/** Accounts of these types (whatever their status, unless `approved`). */
function only(types: UserType | readonly UserType[], rule: { approved?: boolean; to: string }) {
  return {
    kind: "account",
    types: typeof types === "string" ? [types] : types,
    approved: rule.approved ?? false,
    to: rule.to,
  } as const;
}

const approvedAdmin = only("admin", { approved: true, to: "use the admin tools" });
const payoutAdmin = only("admin", { approved: true, to: "manage payouts" });

function json<S extends z.ZodType>(schema: S, status: 200 | 201 | 202 = 200) {
  return { kind: "json", status, schema } as const;
}

function csv(columns: readonly string[], columnsFor?: Readonly<Record<string, readonly string[]>>) {
  return { kind: "csv", columns, ...(columnsFor ? { columnsFor } : {}) } as const;
}

/** An entry, with its literal method, path and schemas kept for the SPA's typed calls. */
function route<const R extends ApiRoute>(entry: R): R {
  return entry;
}

const none = {} as const;

/** Every route of the api function, by a name the SPA's fetchers use. */
export const API = {
  jwks: route({
    method: "GET",
    path: "/.well-known/jwks.json",
    role: anyone,
    request: none,
    response: json(jwksResponseSchema),
    summary: "The public keys that verify the function's tokens, as a JSON Web Key Set.",
  }),

  login: route({
    method: "POST",
    path: "/auth/login",
    role: anyone,
    request: { body: loginSchema },
    response: json(loginResponseSchema),
    summary:
      "Sign in with email and password: starts a session and answers an access token for an hour, a refresh token and the account.",
  }),
  refreshSession: route({
    method: "POST",
    path: "/auth/refresh",
    role: anyone,
    request: { body: refreshSchema },
    response: json(refreshResponseSchema),
    summary:
      "Swap a refresh token for a new access token and refresh token; a token already swapped ends its session (401).",
  }),
  logout: route({
    method: "POST",
    path: "/auth/logout",
    role: signedIn,
    request: none,
    response: json(messageResponseSchema),
    summary: "End the caller's session: its access and refresh tokens stop working at once.",
  }),
  logoutAll: route({
    method: "POST",
    path: "/auth/logout-all",
    role: signedIn,
    request: none,
    response: json(signedOutEverywhereResponseSchema),
    summary: "End every session of the caller's account, this one included.",
  }),
  changePassword: route({
    method: "PUT",
    path: "/auth/password",
    role: signedIn,
    request: { body: passwordChangeSchema },
    response: json(messageResponseSchema),
    summary: "Change the caller's password, given the current one; every other session of the account ends.",
  }),
  requestPasswordReset: route({
    method: "POST",
    path: "/auth/password-reset",
    role: anyone,
    request: { body: passwordResetSchema },
    response: json(messageResponseSchema, 202),
    summary:
      "Ask for a one-time link to choose a new password (30 minutes), sent by email and Telegram; the same answer whether or not the account exists.",
  }),
  confirmPasswordReset: route({
    method: "POST",
    path: "/auth/password-reset/confirm",
    role: anyone,
    request: { body: passwordResetConfirmSchema },
    response: json(messageResponseSchema),
    summary: "Choose a new password with a reset link's token, once; every session of the account ends.",
  }),
  sessions: route({
    method: "GET",
    path: "/auth/sessions",
    role: signedIn,
    request: none,
    response: json(sessionsResponseSchema),
    summary: "The caller's live sessions (device, sign-in, last use), most recently used first.",
  }),
  endSession: route({
    method: "DELETE",
    path: "/auth/sessions/{id}",
    role: signedIn,
    request: none,
    response: json(messageResponseSchema),
    summary: "End one of the caller's own sessions (Sign out on the profile page).",
  }),
  registerBusiness: route({
    method: "POST",
    path: "/auth/register/business",
    role: anyone,
    request: { body: businessRegistrationSchema },
    response: json(registrationResponseSchema, 201),
    summary: "Create a business account, pending an admin's approval, and sign it in.",
  }),
  registerInfluencer: route({
    method: "POST",
    path: "/auth/register/influencer",
    role: anyone,
    request: { body: influencerRegistrationSchema },
    response: json(registrationResponseSchema, 201),
    summary: "Create an influencer account, pending an admin's approval, and sign it in.",
  }),
  me: route({
    method: "GET",
    path: "/auth/me",
    role: signedIn,
    request: none,
    response: json(meResponseSchema),
    summary: "The caller's account as it is now.",
  }),
  updateProfile: route({
    method: "PUT",
    path: "/auth/profile",
    role: signedIn,
    request: { body: profileUpdateSchema },
    response: json(meResponseSchema),
    summary:
      "Change the caller's shop name and logo (businesses), phone and storefront handle (influencers), bank details and KHQR; answers the account as saved.",
  }),

  businessCampaigns: route({
    method: "GET",
    path: "/campaigns/business",
    role: only("business", { to: "list their campaigns" }),
    request: none,
    response: json(campaignsResponseSchema),
    summary: "The caller's own campaigns, newest first, inactive ones included.",
  }),
  activeCampaigns: route({
    method: "GET",
    path: "/campaigns/active",
    role: only(["influencer", "admin"], { approved: true, to: "browse active campaigns" }),
    request: none,
    response: json(availableCampaignsResponseSchema),
    summary: "Every active campaign, newest first, each with the status of the caller's own link application.",
  }),
  campaignStats: route({
    method: "GET",
    path: "/campaigns/stats",
    role: only("business", { to: "see campaign stats" }),
    request: none,
    response: json(campaignStatsResponseSchema),
    summary: "Clicks, orders and commission of each of the caller's campaigns, the totals and the last 30 days.",
  }),
  campaign: route({
    method: "GET",
    path: "/campaigns/{id}",
    role: signedIn,
    request: none,
    response: json(campaignResponseSchema),
    summary: "One campaign the caller may see (row-level security decides; otherwise 404).",
  }),
  createCampaign: route({
    method: "POST",
    path: "/campaigns",
    role: only("business", { approved: true, to: "create campaigns" }),
    request: { body: campaignCreateSchema },
    response: json(campaignSavedResponseSchema, 201),
    summary: "Create an active campaign of the caller's (the create page's or the dashboard's field names).",
  }),
  updateCampaign: route({
    method: "PUT",
    path: "/campaigns/{id}",
    role: only("business", { approved: true, to: "edit campaigns" }),
    request: { body: campaignUpdateSchema },
    response: json(campaignSavedResponseSchema),
    summary: "Change some fields of one of the caller's campaigns, or deactivate it (one-way).",
  }),

  uploadImage: route({
    method: "POST",
    path: "/upload/image",
    role: only("business", { approved: true, to: "upload images" }),
    request: { files: { field: "image", max: 1 } },
    response: json(imageUploadResponseSchema),
    summary:
      "Store one PNG, JPEG, GIF or WebP image of at most 10 MiB and 1600 px in the public campaign-images bucket, with its smaller sizes (`image_800`, `image_400`, `image_128`) and its `placeholder` colour when sent.",
  }),
  uploadImages: route({
    method: "POST",
    path: "/upload/images",
    role: only("business", { approved: true, to: "upload images" }),
    request: { files: { field: "images", max: MAX_CAMPAIGN_IMAGES } },
    response: json(imagesUploadResponseSchema),
    summary: "Store 1 to 5 images at once, in the order sent, without smaller sizes.",
  }),

  applyForLink: route({
    method: "POST",
    path: "/affiliate-links/apply",
    role: only("influencer", { approved: true, to: "apply for affiliate links" }),
    request: { body: linkApplicationSchema },
    response: json(linkAppliedResponseSchema, 201),
    summary:
      "Apply for a link to an active campaign (or again, once, after a rejection); pending until an admin decides.",
  }),
  myLinks: route({
    method: "GET",
    path: "/affiliate-links/my-links",
    role: only("influencer", { to: "see affiliate links" }),
    request: none,
    response: json(myLinksResponseSchema),
    summary: "The caller's link applications and links, newest first.",
  }),
  linkStats: route({
    method: "GET",
    path: "/affiliate-links/stats",
    role: only("influencer", { to: "see link stats" }),
    request: none,
    response: json(linkStatsResponseSchema),
    summary: "Clicks, orders and commission of each of the caller's approved links, the totals and the last 30 days.",
  }),
  storefrontSettings: route({
    method: "GET",
    path: "/affiliate-links/storefront",
    role: only("influencer", { to: "manage a storefront" }),
    request: none,
    response: json(storefrontSettingsResponseSchema),
    summary: "The caller's storefront: its handle and address (null until chosen) and the links it shows, in order.",
  }),
  setStorefront: route({
    method: "PUT",
    path: "/affiliate-links/storefront",
    role: only("influencer", { approved: true, to: "manage a storefront" }),
    request: { body: storefrontLinksSchema },
    response: json(storefrontSavedResponseSchema),
    summary:
      "Show exactly these of the caller's approved links on the storefront, in this order (at most 50; an empty list shows none).",
  }),
  store: route({
    method: "GET",
    path: "/store/{handle}",
    role: anyone,
    request: none,
    response: json(storeResponseSchema),
    summary:
      "An influencer's storefront as a visitor sees it: their name and the chosen products that take orders now, each with its short link (`?s=store`). 404 for an unknown handle or a suspended influencer.",
  }),
  storeLink: route({
    method: "GET",
    path: "/s/{handle}",
    role: anyone,
    request: none,
    response: { kind: "share-link", target: "store" },
    summary:
      "The address of a storefront to share (also at `<app URL>/s/{handle}`): a person is redirected to the store page, a crawler gets a preview with the influencer's name and first product.",
  }),
  myTriggers: route({
    method: "GET",
    path: "/keyword-triggers/my-triggers",
    role: only("influencer", { to: "see keyword triggers" }),
    request: none,
    response: json(myTriggersResponseSchema),
    summary: "The DM keywords and reply templates of the caller's approved links, newest first.",
  }),
  updateTrigger: route({
    method: "PUT",
    path: "/keyword-triggers/{id}",
    role: only("influencer", { to: "change keyword replies" }),
    request: { body: keywordTriggerUpdateSchema },
    response: json(keywordTriggerSavedResponseSchema),
    summary: "Reword the DM reply of one of the caller's keyword triggers, or switch it on or off.",
  }),

  instagramConnectUrl: route({
    method: "GET",
    path: "/instagram/connect",
    role: only("influencer", { approved: true, to: "connect Instagram" }),
    request: none,
    response: json(instagramConnectUrlResponseSchema),
    summary: "Instagram's authorize URL, with a signed single-use state, to send the influencer to.",
  }),
  instagramConnect: route({
    method: "POST",
    path: "/instagram/connect",
    role: only("influencer", { approved: true, to: "connect Instagram" }),
    request: { body: instagramConnectSchema },
    response: json(instagramConnectedResponseSchema),
    summary: "Finish connecting with the code and state Instagram handed the callback page.",
  }),
  instagramAccount: route({
    method: "GET",
    path: "/instagram/account",
    role: only("influencer", { to: "see their Instagram connection" }),
    request: none,
    response: json(instagramAccountResponseSchema),
    summary: "The caller's connected Instagram account (never its token), or null.",
  }),
  instagramDisconnect: route({
    method: "DELETE",
    path: "/instagram/account",
    role: only("influencer", { to: "see their Instagram connection" }),
    request: none,
    response: json(instagramDisconnectedResponseSchema),
    summary: "Disconnect the caller's Instagram account: its token is deleted, its events ignored.",
  }),
  instagramActivity: route({
    method: "GET",
    path: "/instagram/activity",
    role: only("influencer", { to: "see their Instagram connection" }),
    request: none,
    response: json(instagramActivityResponseSchema),
    summary:
      "The 50 newest comments and direct messages the webhooks received for the caller's Instagram account and Facebook Page, each with its platform, and what they got.",
  }),
  facebookConnectUrl: route({
    method: "GET",
    path: "/facebook/connect",
    role: only("influencer", { approved: true, to: "connect Facebook" }),
    request: none,
    response: json(facebookConnectUrlResponseSchema),
    summary: "Facebook Login's URL, with a signed single-use state, to send the influencer to.",
  }),
  facebookConnect: route({
    method: "POST",
    path: "/facebook/connect",
    role: only("influencer", { approved: true, to: "connect Facebook" }),
    request: { body: facebookConnectSchema },
    response: json(facebookConnectedResponseSchema),
    summary:
      "Finish Facebook Login with the code and state handed to the callback page: the one Page the influencer manages is connected, or the Pages to pick from are answered (for ten minutes).",
  }),
  facebookPickPage: route({
    method: "POST",
    path: "/facebook/page",
    role: only("influencer", { approved: true, to: "connect Facebook" }),
    request: { body: facebookPagePickSchema },
    response: json(facebookConnectedResponseSchema),
    summary: "Connect the Page picked among those Facebook Login listed: subscribed to its comments and messages.",
  }),
  facebookPage: route({
    method: "GET",
    path: "/facebook/page",
    role: only("influencer", { to: "see their Facebook Page" }),
    request: none,
    response: json(facebookPageResponseSchema),
    summary: "The caller's connected Facebook Page (never its token), or null.",
  }),
  facebookDisconnect: route({
    method: "DELETE",
    path: "/facebook/page",
    role: only("influencer", { to: "see their Facebook Page" }),
    request: none,
    response: json(facebookDisconnectedResponseSchema),
    summary: "Disconnect the caller's Page: the app is unsubscribed, its token deleted, its events ignored.",
  }),

  provinces: route({
    method: "GET",
    path: "/delivery-zones/provinces",
    role: anyone,
    request: none,
    response: json(provincesResponseSchema),
    summary: "Cambodia's 25 provinces (the capital included) with their gazetteer codes and names, by code.",
  }),
  districts: route({
    method: "GET",
    path: "/delivery-zones/districts",
    role: anyone,
    request: { query: districtsQuerySchema },
    response: json(districtsResponseSchema),
    summary:
      "The districts (khan, srok, krong) of a province (`?province=` its code or Latin name; Phnom Penh without), by Latin name.",
  }),
  communes: route({
    method: "GET",
    path: "/delivery-zones/communes/{district}",
    role: anyone,
    request: none,
    response: json(communesResponseSchema),
    summary:
      "The communes (sangkat, khum) of one district (its code or Latin name; by name, Phnom Penh's), by Latin name.",
  }),
  deliveryFee: route({
    method: "GET",
    path: "/delivery-zones/fee/{commune}/{district}",
    role: anyone,
    request: none,
    response: json(deliveryFeeResponseSchema),
    summary:
      "The delivery fee and estimate to one commune of a district (commune first; each a code or a Latin name, names within Phnom Penh unless `?province=` says otherwise).",
  }),
  checkoutInfo: route({
    method: "GET",
    path: "/checkout/info",
    role: anyone,
    request: none,
    response: json(checkoutInfoResponseSchema),
    summary:
      "What the checkout page of an approved link shows (`?influencer_id=…&product_id=…`), and why the product is unavailable, if it is.",
  }),
  placeOrder: route({
    method: "POST",
    path: "/checkout/order",
    role: anyone,
    request: { body: checkoutOrderSchema },
    response: json(placeOrderResponseSchema, 201),
    summary:
      "Place a cash-on-delivery order through an approved link; the server prices it. Once per `Idempotency-Key` header.",
  }),
  trackedOrder: route({
    method: "GET",
    path: "/orders/track/{token}",
    role: anyone,
    request: none,
    response: json(trackedOrderResponseSchema),
    summary:
      "The customer's order page: the order its token opens (number, status and timeline, product, total, place, the shop's name and phone; never the customer's phone or address). 60 requests a minute per address.",
  }),
  confirmTrackedOrder: route({
    method: "POST",
    path: "/orders/track/{token}/confirm",
    role: anyone,
    request: none,
    response: json(trackedOrderChangedResponseSchema),
    summary: "The customer confirms the order before it leaves the shop; again changes nothing.",
  }),
  cancelTrackedOrder: route({
    method: "POST",
    path: "/orders/track/{token}/cancel",
    role: anyone,
    request: none,
    response: json(trackedOrderChangedResponseSchema),
    summary:
      "The customer cancels the order (customer_cancelled) while it is new or ready for pickup; 409 naming its status afterwards.",
  }),
  followTrackedOrder: route({
    method: "POST",
    path: "/orders/track/{token}/telegram",
    role: anyone,
    request: { body: orderFollowLinkSchema },
    response: json(telegramLinkResponseSchema),
    summary:
      "Get updates on Telegram: a t.me link (single use, 15 minutes) that makes the chat opening it follow the order; each status change is sent there in the given language. 503 without a bot.",
  }),
  shortLink: route({
    method: "GET",
    path: "/r/{code}",
    role: anyone,
    request: none,
    response: { kind: "share-link", target: "checkout" },
    summary:
      "A short link (also at `<app URL>/r/{code}`; `?s=` says where it was shared): a person is redirected to the checkout and the click counted, a crawler gets a preview page.",
  }),

  myOrders: route({
    method: "GET",
    path: "/orders/user/all",
    role: only(["business", "influencer"], { to: "list their own orders" }),
    request: { query: orderListQuerySchema },
    response: json(ordersResponseSchema),
    summary: "One page of the caller's orders (a business's sales, an influencer's through its links), newest first.",
  }),
  exportMyOrders: route({
    method: "GET",
    path: "/orders/export",
    role: only(["business", "influencer"], { to: "list their own orders" }),
    request: { query: orderFilterSchema },
    response: csv(SHOP_ORDER_CSV_COLUMNS, { influencer: ORDER_CSV_COLUMNS }),
    summary:
      "Every one of the caller's orders matching the list's filters, as CSV, without customers' phones; a shop's with who receives each order and where.",
  }),
  orderStats: route({
    method: "GET",
    path: "/orders/stats/summary",
    role: only(["business", "influencer", "admin"], { to: "see order stats" }),
    request: none,
    response: json(orderStatsResponseSchema),
    summary:
      "Counts per status and reason, refusal rate and sales of all the caller's orders (an admin's: every order).",
  }),

  payoutSummary: route({
    method: "GET",
    path: "/payouts/summary",
    role: only(["business", "influencer"], { to: "have payout balances" }),
    request: none,
    response: json(payoutSummaryResponseSchema),
    summary:
      "The caller's balances and newest payout requests (at most 10), with the cursor where GET /payouts/history goes on.",
  }),
  requestPayout: route({
    method: "POST",
    path: "/payouts/request",
    role: only(["business", "influencer"], { to: "request payouts" }),
    request: none,
    response: json(payoutRequestedResponseSchema, 201),
    summary: "Request everything available for payout (no body); at most one pending request per user.",
  }),
  cancelPayoutRequest: route({
    method: "DELETE",
    path: "/payouts/request",
    role: only(["business", "influencer"], { to: "cancel payout requests" }),
    request: none,
    response: json(payoutRequestedResponseSchema),
    summary: "Cancel the caller's pending payout request; what it covered is available again at once.",
  }),
  payoutHistory: route({
    method: "GET",
    path: "/payouts/history",
    role: signedIn,
    request: { query: pageQuerySchema },
    response: json(payoutHistoryResponseSchema),
    summary: "One page of payout requests, newest first: the caller's own, or everyone's for an admin.",
  }),
  exportPayoutHistory: route({
    method: "GET",
    path: "/payouts/history/export",
    role: signedIn,
    request: none,
    response: csv(PAYOUT_CSV_COLUMNS),
    summary: "Every payout request the caller may read (an admin's: everyone's), as CSV.",
  }),
  pendingPayouts: route({
    method: "GET",
    path: "/payouts/admin/pending",
    role: payoutAdmin,
    request: none,
    response: json(pendingPayoutsResponseSchema),
    summary: "Pending payout requests grouped per user, the longest-waiting first, with where and how to pay them.",
  }),
  payoutStats: route({
    method: "GET",
    path: "/payouts/admin/stats",
    role: payoutAdmin,
    request: none,
    response: json(payoutStatsResponseSchema),
    summary: "Platform-wide payout counts and amounts, fee revenue, cash collected and held.",
  }),
  completePayout: route({
    method: "PUT",
    path: "/payouts/admin/complete/{userId}",
    role: payoutAdmin,
    request: { body: payoutCompletionSchema },
    response: json(payoutCompletedResponseSchema),
    summary: "Record the ABA transfer that pays all of one user's pending requests.",
  }),
  rejectPayout: route({
    method: "PUT",
    path: "/payouts/admin/reject/{userId}",
    role: payoutAdmin,
    request: { body: payoutRejectionSchema },
    response: json(payoutRequestedResponseSchema),
    summary: "Reject a user's pending payout request with a reason the user reads; what it covered is available again.",
  }),
  correctPayoutReference: route({
    method: "PUT",
    path: "/payouts/admin/reference/{requestId}",
    role: payoutAdmin,
    request: { body: payoutReferenceCorrectionSchema },
    response: json(payoutRequestedResponseSchema),
    summary: "Correct a completed payout's ABA reference, with a reason; the audit log keeps both values.",
  }),

  telegramLink: route({
    method: "GET",
    path: "/notifications/telegram",
    role: only(["business", "influencer", "admin"], { approved: true, to: "link Telegram" }),
    request: { query: telegramLinkQuerySchema },
    response: json(telegramLinkResponseSchema),
    summary: "A single-use t.me link (15 minutes) that links the Telegram chat pressing Start to the caller.",
  }),
  telegramChats: route({
    method: "GET",
    path: "/notifications/telegram/chats",
    role: only(["business", "influencer", "admin"], { to: "manage Telegram alerts" }),
    request: none,
    response: json(telegramChatsResponseSchema),
    summary: "The caller's linked Telegram chats and which notices each gets, oldest first.",
  }),
  updateTelegramChat: route({
    method: "PUT",
    path: "/notifications/telegram/chats/{id}",
    role: only(["business", "influencer", "admin"], { to: "manage Telegram alerts" }),
    request: { body: telegramChatUpdateSchema },
    response: json(telegramChatResponseSchema),
    summary: "Switch kinds of notices of one of the caller's chats on or off, or change its language.",
  }),
  unlinkTelegramChat: route({
    method: "DELETE",
    path: "/notifications/telegram/chats/{id}",
    role: only(["business", "influencer", "admin"], { to: "manage Telegram alerts" }),
    request: none,
    response: json(telegramUnlinkedResponseSchema),
    summary: "Unlink one of the caller's chats; notices not yet sent to it are dropped.",
  }),

  users: route({
    method: "GET",
    path: "/admin/users",
    role: approvedAdmin,
    request: { query: usersQuerySchema },
    response: json(usersResponseSchema),
    summary: "One page of the accounts (of one status, or all), newest first, with every status's count.",
  }),
  setUserStatus: route({
    method: "PUT",
    path: "/admin/users/{id}/status",
    role: approvedAdmin,
    request: { body: userStatusSchema },
    response: json(userStatusResponseSchema),
    summary: "Approve or reject (with a reason) a pending account, once.",
  }),
  linkApplications: route({
    method: "GET",
    path: "/admin/affiliate-links/all",
    role: approvedAdmin,
    request: { query: linkApplicationsQuerySchema },
    response: json(linkApplicationsResponseSchema),
    summary: "One page of the link applications (of one status, or all), newest first, with every status's count.",
  }),
  pendingLinkApplications: route({
    method: "GET",
    path: "/admin/affiliate-links/pending",
    role: approvedAdmin,
    request: { query: pageQuerySchema },
    response: json(linkApplicationsResponseSchema),
    summary: "One page of the pending link applications, newest first (the answer of /all?status=pending).",
  }),
  approveLink: route({
    method: "PUT",
    path: "/admin/affiliate-links/{id}/approve",
    role: approvedAdmin,
    request: none,
    response: json(linkDecisionResponseSchema),
    summary: "Approve a pending link application, which also gives it its keyword trigger (at most 10 per campaign).",
  }),
  rejectLink: route({
    method: "PUT",
    path: "/admin/affiliate-links/{id}/reject",
    role: approvedAdmin,
    request: { body: linkRejectionSchema },
    response: json(linkDecisionResponseSchema),
    summary: "Reject a pending link application with a reason the influencer reads.",
  }),
  adminOrders: route({
    method: "GET",
    path: "/admin/orders",
    role: approvedAdmin,
    request: { query: orderListQuerySchema },
    response: json(ordersResponseSchema),
    summary: "One page of every order, newest first, with customers' phones, searched and filtered.",
  }),
  exportAdminOrders: route({
    method: "GET",
    path: "/admin/orders/export",
    role: approvedAdmin,
    request: { query: orderFilterSchema },
    response: csv(ADMIN_ORDER_CSV_COLUMNS),
    summary: "Every order matching the board's filters, as CSV, with the fraud flags and customers' phones.",
  }),
  setOrderStatus: route({
    method: "PUT",
    path: "/admin/orders/{id}/status",
    role: approvedAdmin,
    request: { body: orderStatusChangeSchema },
    response: json(orderStatusChangedResponseSchema),
    summary: "Move an order one step forward or back, cancel it with a reason, or reopen it.",
  }),
  reviewOrder: route({
    method: "PUT",
    path: "/admin/orders/{id}/review",
    role: approvedAdmin,
    request: { body: orderReviewSchema },
    response: json(orderReviewedResponseSchema),
    summary: "Clear a flagged order held for review, so its commission follows the holding period.",
  }),
  recordConfirmationCall: route({
    method: "PUT",
    path: "/admin/orders/{id}/confirmation",
    role: approvedAdmin,
    request: { body: confirmationCallSchema },
    response: json(confirmationCallResponseSchema),
    summary:
      "Record a call made to confirm an order not yet on its way: confirmed (the order becomes confirmed_by_phone), no_answer or wrong_number, with a note; audited.",
  }),
  platformStats: route({
    method: "GET",
    path: "/admin/attribution/stats",
    role: approvedAdmin,
    request: none,
    response: json(platformStatsResponseSchema),
    summary: "The whole platform's clicks, orders and commission by source, and the last 30 days.",
  }),
  settings: route({
    method: "GET",
    path: "/admin/settings",
    role: approvedAdmin,
    request: none,
    response: json(settingsResponseSchema),
    summary: "The marketplace settings: riel rate, holding period, fraud-flag thresholds, commission ceiling.",
  }),
  updateSettings: route({
    method: "PUT",
    path: "/admin/settings",
    role: approvedAdmin,
    request: { body: settingsUpdateSchema },
    response: json(settingsSavedResponseSchema),
    summary: "Save any of the marketplace settings; what is not sent stays.",
  }),
  provinceFees: route({
    method: "GET",
    path: "/admin/delivery-fees",
    role: approvedAdmin,
    request: none,
    response: json(provinceFeesResponseSchema),
    summary: "Every province's delivery fee (null for Phnom Penh, priced by sangkat) and estimate in hours, by code.",
  }),
  packingSlips: route({
    method: "POST",
    path: "/orders/packing-slips",
    role: only(["business"], { to: "print packing slips" }),
    request: { body: packingSlipsRequestSchema },
    response: json(packingSlipsResponseSchema),
    summary:
      "The shop's packing slips of 1 to 50 of its own orders: recipient, address, landmark, note, the amount to collect and a new link of the customer's page for the QR code.",
  }),
  markOrderReady: route({
    method: "PUT",
    path: "/orders/{id}/ready",
    role: only(["business"], { to: "mark their orders ready" }),
    request: none,
    response: json(orderReadyResponseSchema),
    summary:
      "The shop marks its own new order packed and ready for pickup (only from new_order); in the history and the audit log with the shop as the actor.",
  }),
  couriers: route({
    method: "GET",
    path: "/admin/couriers",
    role: approvedAdmin,
    request: none,
    response: json(couriersResponseSchema),
    summary: "Every courier (active ones first, by name) with the orders it carries now.",
  }),
  createCourier: route({
    method: "POST",
    path: "/admin/couriers",
    role: approvedAdmin,
    request: { body: courierCreateSchema },
    response: json(courierSavedResponseSchema, 201),
    summary:
      "Add a courier: a name, a Cambodian phone (unique), company or freelance, and whether it keeps the delivery fee; audited.",
  }),
  updateCourier: route({
    method: "PUT",
    path: "/admin/couriers/{id}",
    role: approvedAdmin,
    request: { body: courierUpdateSchema },
    response: json(courierSavedResponseSchema),
    summary: "Change any of a courier's fields; an inactive courier keeps its orders but gets no new ones; audited.",
  }),
  createCourierLink: route({
    method: "POST",
    path: "/admin/couriers/{id}/link",
    role: approvedAdmin,
    request: none,
    response: json(courierLinkCreatedResponseSchema, 201),
    summary:
      "A new rider link for an active courier, `APP_URL/rider/<token>` (its URL is answered this once; only its hash is kept), to send to the rider; audited.",
  }),
  courierLinks: route({
    method: "GET",
    path: "/admin/couriers/{id}/links",
    role: approvedAdmin,
    request: none,
    response: json(courierLinksResponseSchema),
    summary: "A courier's rider links, newest first: who made each and when, its revocation and its last use.",
  }),
  revokeCourierLink: route({
    method: "DELETE",
    path: "/admin/couriers/{id}/links/{link_id}",
    role: approvedAdmin,
    request: none,
    response: json(messageResponseSchema),
    summary: "Revoke a rider link: from then on it opens nothing (again: no change); audited.",
  }),
  courierStatement: route({
    method: "GET",
    path: "/admin/couriers/{id}/statement",
    role: approvedAdmin,
    request: none,
    response: csv(COURIER_STATEMENT_CSV_COLUMNS),
    summary:
      "The cash a courier holds, as CSV: each delivered order whose cash is not all remitted, oldest first, with what it owes, what was remitted and what is outstanding.",
  }),
  remittances: route({
    method: "GET",
    path: "/admin/couriers/{id}/remittances",
    role: approvedAdmin,
    request: none,
    response: json(remittancesResponseSchema),
    summary:
      "The cash a courier remitted, newest received first: amount, ABA reference, the orders each pays and what it pays beyond them (over-remitted), and its reversal.",
  }),
  recordRemittance: route({
    method: "POST",
    path: "/admin/couriers/{id}/remittances",
    role: approvedAdmin,
    request: { body: remittanceCreateSchema },
    response: json(remittanceSavedResponseSchema, 201),
    summary:
      "Record cash received from a courier (`amount` in dollars, `aba_reference`, `received_at`) and the orders it pays: `orders` [{order_number, amount}] or `statement_csv`, the courier's statement (an order number and an amount a line). Each order one this courier delivered, at most what it still owes; the orders at most the amount. Posted to the ledger; audited.",
  }),
  reverseRemittance: route({
    method: "POST",
    path: "/admin/couriers/{id}/remittances/{remittance_id}/reverse",
    role: approvedAdmin,
    request: { body: remittanceReverseSchema },
    response: json(remittanceSavedResponseSchema),
    summary:
      "Reverse a remittance recorded wrongly, with a reason (once; a remittance is never edited): its orders owe again what it paid, and the opposite transaction is posted; audited.",
  }),
  riderPage: route({
    method: "GET",
    path: "/rider/{token}",
    role: anyone,
    request: none,
    response: json(riderPageResponseSchema),
    summary:
      "The rider's page: the courier its link opens and the courier's unfinished orders (on the road first, then oldest; at most 200): recipient, phone, address, landmark, note, the amount to collect and the shop. 404 for a revoked link or an inactive courier. 60 requests a minute per address.",
  }),
  riderStep: route({
    method: "PUT",
    path: "/rider/{token}/orders/{id}",
    role: anyone,
    request: { body: riderStepSchema },
    response: json(riderStepResponseSchema),
    summary:
      "The rider marks one of the courier's orders picked_up, delivered (with `cash_collected`, the amount to collect), refused or unreachable, as an admin's buttons would move it, with the courier as the actor. A `step_id` sent before answers without doing it again; another courier's order is 404.",
  }),
  assignCourier: route({
    method: "PUT",
    path: "/admin/orders/{id}/courier",
    role: approvedAdmin,
    request: { body: courierAssignSchema },
    response: json(courierAssignedResponseSchema),
    summary: "Give an order not yet delivered or cancelled to an active courier, or take it back (null); audited.",
  }),
  updateProvinceFee: route({
    method: "PUT",
    path: "/admin/delivery-fees/{province}",
    role: approvedAdmin,
    request: { body: provinceFeeUpdateSchema },
    response: json(provinceFeeSavedResponseSchema),
    summary: "Change a province's delivery fee (dollars; not Phnom Penh's) or its estimate; audited.",
  }),
  auditLog: route({
    method: "GET",
    path: "/admin/audit-log",
    role: approvedAdmin,
    request: { query: auditLogQuerySchema },
    response: json(auditLogResponseSchema),
    summary: "The admins' actions the database recorded, newest first, a page at a time, filtered.",
  }),
} as const;

export type ApiRouteName = keyof typeof API;

/** The table as one list, in the order above. */
export const API_ROUTES: readonly ApiRoute[] = Object.values(API);

/** "GET /campaigns/{id}" */
export function routeName(route: Pick<ApiRoute, "method" | "path">): string {
  return `${route.method} ${route.path}`;
}

const SINGULAR: Record<UserType, string> = { business: "business", influencer: "influencer", admin: "admin" };

/** Who may call, in words: "anyone", "any signed-in user", "approved business or admin", "influencer (any status)". */
export function describeRole(role: Role): string {
  if (role.kind === "anyone") return "anyone";
  if (role.kind === "signed-in") return "any signed-in user";
  const names = role.types.map((type) => SINGULAR[type]);
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
  return role.approved ? `approved ${list}` : `${list} (any status)`;
}
