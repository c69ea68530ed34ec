// What the customer is buying: images (swipeable on a phone), name, price, description and the
// creator whose link brought them here.
import type { CheckoutInfoResponse } from "@contract/orders.ts";
import { Card } from "@/components/ui/card.tsx";
import { ProductImage } from "@/components/ui/product-image.tsx";
import { t } from "@/features/checkout/i18n.ts";
import { GALLERY_IMAGE, ONE_IMAGE } from "@/features/checkout/image-sizes.ts";
import { UsdAndRiel } from "./usd-and-riel.tsx";

export function ProductSummary({ info }: { info: CheckoutInfoResponse }) {
  const { campaign, influencer, business } = info;
  const images = campaign.image_urls;
  return (
    <Card className="checkout-product" aria-label={t("checkout.product")} as="article">
      {images.length <= 1 ? (
        <ProductImage
          url={images[0]}
          alt={campaign.product_name}
          className="checkout-product__image"
          sizes={ONE_IMAGE}
          priority
        />
      ) : (
        <ul className="checkout-gallery" aria-label={t("checkout.images")}>
          {images.map((url, index) => (
            <li key={`${index}-${url}`} className="checkout-gallery__item">
              <ProductImage
                url={url}
                alt={t("checkout.imageAlt", { product: campaign.product_name, n: index + 1, count: images.length })}
                className="checkout-product__image"
                sizes={GALLERY_IMAGE}
                priority={index === 0}
              />
            </li>
          ))}
        </ul>
      )}
      <div className="checkout-product__body">
        <h2 className="checkout-product__name break-anywhere">{campaign.product_name}</h2>
        <p className="checkout-product__price">
          <span className="visually-hidden">{t("checkout.price")}: </span>
          <UsdAndRiel cents={campaign.price_cents} rielPerUsd={info.riel_per_usd} />
        </p>
        {business.business_name && (
          <p className="checkout-product__store">{t("checkout.soldBy", { business: business.business_name })}</p>
        )}
        {campaign.description && <p className="checkout-product__description">{campaign.description}</p>}
        <p className="checkout-product__referral">
          <span aria-hidden="true">★ </span>
          {t("checkout.referral", { name: influencer.display_name })}
        </p>
      </div>
    </Card>
  );
}
