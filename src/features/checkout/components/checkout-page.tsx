// The public checkout page (SPEC §2 Checkout, §8): a customer arriving through an influencer's
// link, usually on a phone from Instagram. Header with the store's logo (hidden when it fails to
// load) and 'Secure Checkout'; 'Invalid Checkout Link' without both ids; the product summary and
// the order form; 'Order Confirmed!' once placed; the store phone in the footer. No realtime and
// no account code here, so the page stays light.
import { useEffect, useRef, useState } from "react";
import { checkoutOrderSchema, type CheckoutInfoResponse, type PlacedOrder } from "@contract/orders.ts";
import { ButtonLink, Card, EmptyState, Icon, LoadingState, RetryAlert } from "@/components/ui/index.ts";
import { paths } from "@/config/paths.ts";
import { t } from "@/lib/i18n/index.ts";
import { useCheckoutInfo } from "@/features/checkout/api/get-checkout-info.ts";
import { CheckoutForm } from "./checkout-form.tsx";
import { OrderConfirmed } from "./order-confirmed.tsx";
import { ProductSummary } from "./product-summary.tsx";
import "./checkout.css";

/** True for ids the checkout accepts (the shared schema's rule), so a malformed link is invalid too. */
export function isCheckoutLinkValid(influencerId: string | null, productId: string | null): boolean {
  return (
    checkoutOrderSchema.shape.influencer_id.safeParse(influencerId ?? "").success &&
    checkoutOrderSchema.shape.product_id.safeParse(productId ?? "").success
  );
}

interface CheckoutPageProps {
  influencerId: string | null;
  productId: string | null;
}

export function CheckoutPage({ influencerId, productId }: CheckoutPageProps) {
  if (!influencerId || !productId || !isCheckoutLinkValid(influencerId, productId)) {
    return (
      <div className="container page page--narrow checkout">
        <CheckoutHeader />
        <Card>
          <EmptyState
            icon="link"
            title={t("checkout.invalid")}
            body={t("checkout.invalidBody")}
            action={
              <ButtonLink to={paths.home} variant="secondary">
                {t("common.backHome")}
              </ButtonLink>
            }
          />
        </Card>
      </div>
    );
  }
  return <Checkout influencerId={influencerId.trim()} productId={productId.trim()} />;
}

function Checkout({ influencerId, productId }: { influencerId: string; productId: string }) {
  const info = useCheckoutInfo(influencerId, productId);
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);
  const data = info.data;

  return (
    <div className="container page page--narrow checkout">
      <CheckoutHeader business={data?.business} />
      {info.isLoading ? (
        <LoadingState label={t("checkout.loading")} />
      ) : !data ? (
        <LoadFailure message={info.error} retry={info.refetch} retrying={info.isFetching} />
      ) : placed ? (
        <OrderConfirmed order={placed} />
      ) : (
        <div className="checkout__layout">
          <ProductSummary info={data} />
          <CheckoutForm
            influencerId={influencerId}
            productId={productId}
            priceCents={data.campaign.price_cents}
            onPlaced={setPlaced}
          />
        </div>
      )}
      {data && <CheckoutFooter business={data.business} />}
    </div>
  );
}

function CheckoutHeader({ business }: { business?: CheckoutInfoResponse["business"] }) {
  const logo = business?.business_logo_url?.trim() || null;
  // Remember which logo failed, so it stays hidden (SPEC §8) and a new URL gets a chance.
  const [failedLogo, setFailedLogo] = useState<string | null>(null);
  return (
    <header className="checkout__header">
      {logo && failedLogo !== logo && (
        <img
          className="checkout__logo"
          src={logo}
          alt={t("checkout.logoAlt", { business: business?.business_name || t("checkout.theStore") })}
          width={48}
          height={48}
          decoding="async"
          onError={() => setFailedLogo(logo)}
        />
      )}
      <div className="checkout__heading">
        <h1 className="checkout__title">
          <Icon name="shield" size={24} className="checkout__shield" />
          {t("checkout.title")}
        </h1>
        {business?.business_name && <p className="checkout__store">{business.business_name}</p>}
      </div>
    </header>
  );
}

function LoadFailure({ message, retry, retrying }: { message: string | null; retry: () => void; retrying: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  // The server's reason (link not valid, campaign ended) or the timeout/network text as detail.
  const fallback = t("checkout.loadFailed");
  const detail = message && message !== fallback ? message : null;
  return (
    <Card className="checkout-failure">
      <h2 className="checkout-failure__title" ref={heading} tabIndex={-1}>
        {t("checkout.loadError")}
      </h2>
      <RetryAlert title={t("checkout.loadFailed")} onRetry={retry} retrying={retrying}>
        {detail}
      </RetryAlert>
    </Card>
  );
}

function CheckoutFooter({ business }: { business: CheckoutInfoResponse["business"] }) {
  if (!business.store_phone) return null;
  return (
    <footer className="checkout__footer">
      <Icon name="phone" size={18} />
      <p>
        {business.business_name
          ? t("checkout.questions", { business: business.business_name })
          : t("checkout.questionsNoName")}{" "}
        <a href={`tel:${business.store_phone.replace(/[^\d+]/g, "")}`} className="checkout__phone">
          {business.store_phone}
        </a>
      </p>
    </footer>
  );
}
