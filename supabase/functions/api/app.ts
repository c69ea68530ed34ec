// The one Hono app behind every path of docs/api.md, served under /api: hosted Supabase routes
// /functions/v1/api/* here, and so does the local stack's gateway.
import { Hono } from "hono";
import { cors } from "hono/cors";
import { secureHeaders } from "hono/secure-headers";
import type { AppDeps } from "../_shared/context.ts";
import type { JwksResponse } from "../_shared/contract/auth.ts";
import type { AppEnv } from "./lib/app-env.ts";
import { ApiError, errorResponse } from "../_shared/errors.ts";
import { limitJsonBody, refuseControlCharactersInUrl } from "../_shared/input-bounds.ts";
import { API_ROUTES } from "../_shared/contract/routes.ts";
import { drainUnreadBody } from "../_shared/drain-body.ts";
import { checkRoles } from "./lib/route-roles.ts";
import { adminAttributionRoutes } from "./routes/admin-attribution.ts";
import { adminAuditLogRoutes } from "./routes/admin-audit-log.ts";
import { adminLinkRoutes } from "./routes/admin-affiliate-links.ts";
import { adminOrderRoutes } from "./routes/admin-orders.ts";
import { adminSettingRoutes } from "./routes/admin-settings.ts";
import { adminDeliveryFeeRoutes } from "./routes/admin-delivery-fees.ts";
import { adminCourierRoutes } from "./routes/admin-couriers.ts";
import { adminUserRoutes } from "./routes/admin-users.ts";
import { affiliateLinkRoutes } from "./routes/affiliate-links.ts";
import { authRoutes } from "./routes/auth.ts";
import { campaignRoutes } from "./routes/campaigns.ts";
import { checkoutRoutes } from "./routes/checkout.ts";
import { deliveryZoneRoutes } from "./routes/delivery-zones.ts";
import { facebookRoutes } from "./routes/facebook.ts";
import { instagramRoutes } from "./routes/instagram.ts";
import { notificationRoutes } from "./routes/notifications.ts";
import { keywordTriggerRoutes } from "./routes/keyword-triggers.ts";
import { orderRoutes } from "./routes/orders.ts";
import { orderTrackingRoutes } from "./routes/order-tracking.ts";
import { payoutRoutes } from "./routes/payouts.ts";
import { riderRoutes } from "./routes/rider.ts";
import { shortLinkRoutes } from "./routes/short-links.ts";
import { storefrontSettingRoutes, storeLinkRoutes, storeRoutes } from "./routes/storefront.ts";
import { MAX_DRAINED_UPLOAD_BYTES, uploadRoutes } from "./routes/uploads.ts";

const BASE_PATH = "/api";

export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>().basePath(BASE_PATH);

  // Bearer tokens, no cookies: any origin may call (the SPA may be hosted elsewhere). The checkout
  // sends Idempotency-Key, and reads Idempotent-Replayed and Retry-After.
  app.use(
    "*",
    cors({
      origin: "*",
      allowHeaders: ["authorization", "content-type", "apikey", "x-client-info", "idempotency-key"],
      exposeHeaders: ["idempotent-replayed", "retry-after"],
    }),
  );
  // JSON answers are never pages: nothing may run, load or frame them, and types are not sniffed.
  // The short links' HTML pages set a policy of their own, which is kept (overwrite: false).
  app.use(
    "*",
    secureHeaders({
      contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      xFrameOptions: "DENY",
      referrerPolicy: "strict-origin-when-cross-origin",
      overwrite: false,
    }),
  );
  app.use("*", limitJsonBody("/api/upload/"), refuseControlCharactersInUrl());
  // An upload refused before its body was read (by role, type or size) still reads it to its end,
  // so the client sees the refusal rather than a broken pipe: around the role check below.
  app.use("/upload/*", drainUnreadBody(MAX_DRAINED_UPLOAD_BYTES));
  // Who may call each path: the route table's roles, checked here for every route (401, 403).
  app.use("*", checkRoles(deps, API_ROUTES, BASE_PATH));

  // GET /.well-known/jwks.json - the public keys our tokens are verified with (no private part)
  app.get("/.well-known/jwks.json", (c) => {
    c.header("cache-control", "public, max-age=600");
    return c.json(deps.signingKey.publicKeySet satisfies JwksResponse);
  });

  app.route("/auth", authRoutes(deps));
  app.route("/campaigns", campaignRoutes(deps));
  app.route("/upload", uploadRoutes(deps));
  app.route("/affiliate-links/storefront", storefrontSettingRoutes(deps));
  app.route("/affiliate-links", affiliateLinkRoutes(deps));
  app.route("/keyword-triggers", keywordTriggerRoutes(deps));
  app.route("/instagram", instagramRoutes(deps));
  app.route("/facebook", facebookRoutes(deps));
  app.route("/delivery-zones", deliveryZoneRoutes(deps));
  app.route("/checkout", checkoutRoutes(deps));
  app.route("/orders/track", orderTrackingRoutes(deps));
  app.route("/orders", orderRoutes(deps));
  app.route("/payouts", payoutRoutes(deps));
  app.route("/notifications", notificationRoutes(deps));
  app.route("/rider", riderRoutes(deps));
  // The short links /r/<code> and the storefronts' addresses /s/<handle>, on the app's origin (the
  // gateway or a static host forwards them here).
  app.route("/r", shortLinkRoutes(deps));
  app.route("/s", storeLinkRoutes(deps));
  app.route("/store", storeRoutes(deps));

  app.route("/admin/users", adminUserRoutes(deps));
  app.route("/admin/affiliate-links", adminLinkRoutes(deps));
  app.route("/admin/orders", adminOrderRoutes(deps));
  app.route("/admin/settings", adminSettingRoutes(deps));
  app.route("/admin/delivery-fees", adminDeliveryFeeRoutes(deps));
  app.route("/admin/couriers", adminCourierRoutes(deps));
  app.route("/admin/attribution", adminAttributionRoutes(deps));
  app.route("/admin/audit-log", adminAuditLogRoutes(deps));

  app.notFound(() => {
    throw new ApiError("not_found", "No such API path");
  });
  app.onError((error, c) => errorResponse(c, error));
  return app;
}
