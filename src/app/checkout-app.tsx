// The checkout page as an app of its own (see src/checkout-main.tsx): the server-state cache and
// the page, for /checkout?influencer_id&product_id (and &ref=<click id> when a short link led here). A language switch re-renders the page in
// place (useLocale here, no remount), so what the customer has typed stays.
import { useEffect, useState } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { CheckoutPage } from "@/features/checkout/components/checkout-page.tsx";
import { t } from "@/features/checkout/i18n.ts";
import { useLocale } from "@/lib/i18n/index.ts";
import { createQueryClient } from "@/lib/query-client.ts";

export function CheckoutApp() {
  const [client] = useState(createQueryClient);
  const locale = useLocale();
  useEffect(() => {
    document.title = `${t("checkout.title")} · ${t("app.name")}`;
  }, [locale]);
  const params = new URLSearchParams(window.location.search);
  return (
    <QueryClientProvider client={client}>
      <CheckoutPage
        influencerId={params.get("influencer_id")}
        productId={params.get("product_id")}
        clickRef={params.get("ref")}
      />
    </QueryClientProvider>
  );
}
