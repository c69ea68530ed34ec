// The public checkout page (docs/product.md, "Checkout"): a customer arriving through an
// influencer's link, usually on a cheap phone from Instagram. It has its own minimal frame (the
// shop's logo or name, the language switch, the store phone) and no marketing header, footer or Log
// In. While the product loads, placeholders hold the space it will take, so nothing jumps. Links
// that cannot work say so without a "Try again": 'Invalid Checkout Link' without both ids, "This
// link is not valid" when the server refuses the link (unknown or malformed, a 4xx: screenState's
// canRetry is false), "This product is no longer available" (with the shop's phone) for a campaign
// that ended or was deactivated. Only a failure that may pass (timeout, network, server briefly
// down) offers to try again.
import { useEffect, useRef, useState, type ReactNode } from "react";
import type { CheckoutInfoResponse, PlaceOrderResponse } from "@contract/orders.ts";
import { Card } from "@/components/ui/card.tsx";
import { Icon } from "@/components/ui/icon.tsx";
import { LanguageSwitch } from "@/components/ui/language-switch.tsx";
import { RetryAlert } from "@/components/ui/retry-alert.tsx";
import { t } from "@/features/checkout/i18n.ts";
import { imageSources } from "@/lib/image-url.ts";
import { useCheckoutInfo } from "@/features/checkout/api/get-checkout-info.ts";
import { CheckoutForm } from "./checkout-form.tsx";
import { CheckoutSkeleton } from "./checkout-skeleton.tsx";
import { ProductSummary } from "./product-summary.tsx";
import { RecentOrders } from "./recent-orders.tsx";
import "./checkout.css";

type Business = CheckoutInfoResponse["business"];

interface CheckoutPageProps {
  influencerId: string | null;
  productId: string | null;
  /** `ref` of the URL: the short-link click the customer came through (GET /r/<code> adds it). */
  clickRef?: string | null;
  /** The order is placed: the app shows its page (tracking_url). */
  onPlaced: (placed: PlaceOrderResponse) => void;
}

export function CheckoutPage({ influencerId, productId, clickRef, onPlaced }: CheckoutPageProps) {
  const influencer = influencerId?.trim();
  const product = productId?.trim();
  if (!influencer || !product) {
    return (
      <CheckoutFrame>
        <DeadLink title={t("checkout.invalid")} body={t("checkout.invalidBody")} />
      </CheckoutFrame>
    );
  }
  return <Checkout influencerId={influencer} productId={product} clickRef={clickRef} onPlaced={onPlaced} />;
}

function Checkout({
  influencerId,
  productId,
  clickRef,
  onPlaced,
}: {
  influencerId: string;
  productId: string;
  clickRef?: string | null;
  onPlaced: (placed: PlaceOrderResponse) => void;
}) {
  const info = useCheckoutInfo(influencerId, productId);
  const data = info.data;

  let content: ReactNode;
  if (info.isLoading) content = <CheckoutSkeleton />;
  else if (!info.canRetry)
    content = <DeadLink title={t("checkout.linkNotValid")} body={t("checkout.linkNotValidBody")} />;
  else if (!data) content = <LoadFailure message={info.error} retry={info.refetch} retrying={info.isFetching} />;
  else if (data.unavailable_reason)
    content = <ProductUnavailable productName={data.campaign.product_name} business={data.business} />;
  else
    content = (
      <div className="checkout__layout">
        <ProductSummary info={data} />
        <CheckoutForm
          influencerId={influencerId}
          productId={productId}
          clickRef={clickRef}
          priceCents={data.campaign.price_cents}
          rielPerUsd={data.riel_per_usd}
          onPlaced={onPlaced}
        />
        <RecentOrders />
      </div>
    );
  // The store phone sits under the order form and the confirmation; a dead link shows its own.
  const ordering = !!data && !data.unavailable_reason;
  return (
    <CheckoutFrame business={data?.business} loading={info.isLoading} storePhone={ordering}>
      {content}
    </CheckoutFrame>
  );
}

/** The checkout's own frame: shop, language switch, 'Secure Checkout', the page, the store phone. */
interface CheckoutFrameProps {
  /** The page's heading: "Secure Checkout" unless given. */
  title?: string;
  business?: Business;
  loading?: boolean;
  /** Whether to end the page with the store's phone ("Questions about your order? Call ..."). */
  storePhone?: boolean;
  children: ReactNode;
}

export function CheckoutFrame({ title, business, loading = false, storePhone = false, children }: CheckoutFrameProps) {
  return (
    <div className="checkout-shell">
      <header className="page-bar">
        <div className="page-bar__inner checkout-bar__inner">
          <ShopIdentity business={business} loading={loading} />
          <LanguageSwitch />
        </div>
      </header>
      <main id="main" className="container page page--narrow checkout">
        <h1 className="checkout__title">
          <Icon name="shield" size={24} className="checkout__shield" />
          {title ?? t("checkout.title")}
        </h1>
        {children}
      </main>
      {storePhone && business?.store_phone && <StorePhone business={business} />}
    </div>
  );
}

function ShopIdentity({ business, loading }: { business?: Business; loading: boolean }) {
  const logo = business?.business_logo_url?.trim() || null;
  const name = business?.business_name?.trim() || null;
  // Remember which logo failed, so it stays hidden (docs/product.md, "Checkout") and a new URL gets a
  // chance.
  const [failedLogo, setFailedLogo] = useState<string | null>(null);
  const logoSources = logo ? imageSources(logo) : {};
  if (loading) return <span className="checkout-bar__shop skeleton skeleton--text" aria-hidden="true" />;
  return (
    <div className="checkout-bar__shop">
      {logo && failedLogo !== logo && (
        <img
          className="checkout__logo"
          src={logo}
          srcSet={logoSources.srcSet}
          sizes="40px"
          style={logoSources.placeholder ? { backgroundColor: logoSources.placeholder } : undefined}
          alt={t("checkout.logoAlt", { business: name || t("checkout.theStore") })}
          width={40}
          height={40}
          decoding="async"
          onError={() => setFailedLogo(logo)}
        />
      )}
      {name && <span className="checkout-bar__name">{name}</span>}
    </div>
  );
}

/** The shop's number, dialled as stored (+855…) and shown as people read it (012 345 678). */
function PhoneLink({ business }: { business: Business }) {
  return (
    <a href={`tel:${business.store_phone}`} className="checkout__phone">
      {business.store_phone_local ?? business.store_phone}
    </a>
  );
}

function StorePhone({ business }: { business: Business }) {
  if (!business.store_phone) return null;
  return (
    <footer className="checkout__footer container page--narrow">
      <Icon name="phone" size={18} />
      <p>
        {business.business_name
          ? t("checkout.questions", { business: business.business_name })
          : t("checkout.questionsNoName")}{" "}
        <PhoneLink business={business} />
      </p>
    </footer>
  );
}

function useFocusOnMount() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return heading;
}

/** A link that can never work: what happened, and no button that cannot help. */
export function DeadLink({ title, body }: { title: string; body: ReactNode }) {
  const heading = useFocusOnMount();
  return (
    <Card>
      <div className="empty-state">
        <span className="empty-state__icon">
          <Icon name="link" size={28} />
        </span>
        <h2 className="empty-state__title" ref={heading} tabIndex={-1}>
          {title}
        </h2>
        <p className="empty-state__body">{body}</p>
      </div>
    </Card>
  );
}

function ProductUnavailable({ productName, business }: { productName: string; business: Business }) {
  const shop = business.business_name || t("checkout.theStore");
  return (
    <DeadLink
      title={t("checkout.unavailable")}
      body={
        <>
          <span className="checkout-unavailable__product">{productName}</span>
          <br />
          {business.store_phone ? (
            <>
              {t("checkout.unavailableCall", { business: shop })} <PhoneLink business={business} />
            </>
          ) : (
            t("checkout.unavailableBody")
          )}
        </>
      }
    />
  );
}

/** A failure that may pass (timeout, network, server briefly down): trying again can help. */
function LoadFailure({ message, retry, retrying }: { message: string | null; retry: () => void; retrying: boolean }) {
  const heading = useFocusOnMount();
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
