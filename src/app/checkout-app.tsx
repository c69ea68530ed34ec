// The checkout page as an app of its own (see src/checkout-main.tsx): the server-state cache and
// the page, for /checkout?influencer_id&product_id (and &ref=<click id> when a short link led here),
// and the customer's order page, /o/<token>, which the checkout turns into once the order is
// placed (so a reload shows the order again). A language switch re-renders the page in place
// (useLocale here, no remount), so what the customer has typed stays.
import { lazy, Suspense, useEffect, useState } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import type { PlaceOrderResponse } from "@contract/orders.ts";
import { CheckoutPage } from "@/features/checkout/components/checkout-page.tsx";
import { CheckoutSkeleton } from "@/features/checkout/components/checkout-skeleton.tsx";
import { t } from "@/features/checkout/i18n.ts";
import { rememberOrder } from "@/features/checkout/utils/recent-orders.ts";
import { useLocale } from "@/lib/i18n/index.ts";
import { createQueryClient } from "@/lib/query-client.ts";

// The order page brings the date formatting: loaded when an order is shown, not with the form.
const OrderPage = lazy(() => import("@/features/checkout/components/order-page.tsx"));

/**
 * The token of an order page's path (/o/<token>), or null. The contract's TRACKING_TOKEN written
 * out: importing contract/order-tracking.ts would bring zod into the checkout's first screen.
 */
function orderToken(path: string): string | null {
  return /^\/o\/([A-Za-z0-9_-]{32})\/?$/.exec(path)?.[1] ?? null;
}

export function CheckoutApp() {
  const [client] = useState(createQueryClient);
  const locale = useLocale();
  const [shown, setShown] = useState(() => ({ token: orderToken(window.location.pathname), justPlaced: false }));
  useEffect(() => {
    document.title = `${t(shown.token ? "order.title" : "checkout.title")} · ${t("app.name")}`;
  }, [locale, shown.token]);

  function onPlaced(placed: PlaceOrderResponse) {
    const path = new URL(placed.tracking_url).pathname;
    rememberOrder({
      path,
      order_number: placed.order.order_number,
      product_name: placed.order.product_name,
      placed_at: placed.order.created_at,
    });
    // The address bar becomes the order's page: a reload or a shared screenshot leads back to it.
    window.history.replaceState(null, "", path);
    setShown({ token: orderToken(path), justPlaced: true });
  }

  const params = new URLSearchParams(window.location.search);
  return (
    <QueryClientProvider client={client}>
      {shown.token ? (
        <Suspense fallback={<CheckoutSkeleton />}>
          <OrderPage token={shown.token} justPlaced={shown.justPlaced} />
        </Suspense>
      ) : (
        <CheckoutPage
          influencerId={params.get("influencer_id")}
          productId={params.get("product_id")}
          clickRef={params.get("ref")}
          onPlaced={onPlaced}
        />
      )}
    </QueryClientProvider>
  );
}
