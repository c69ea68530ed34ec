// What the checkout shows while the product loads: grey blocks where the product and the form will
// be, the same size, so the page does not jump when they arrive (CLS).
import { t } from "@/features/checkout/i18n.ts";

export function CheckoutSkeleton() {
  return (
    <div className="checkout__layout" role="status" aria-label={t("checkout.loading")}>
      <div className="card checkout-product checkout-skeleton" aria-hidden="true">
        <div className="product-image product-image--card skeleton" />
        <div className="checkout-product__body">
          <span className="skeleton skeleton--title" />
          <span className="skeleton skeleton--text" />
          <span className="skeleton skeleton--text skeleton--short" />
        </div>
      </div>
      <div className="card checkout-form-card checkout-skeleton checkout-skeleton--form" aria-hidden="true" />
    </div>
  );
}
