// An influencer's store (docs/api.md, "Storefronts"), APP_URL/store/<handle>, where the address they
// share, APP_URL/s/<handle>, sends a person: their name, then the products they chose, in their
// order, as cards for a 360 px phone (two a row). Each card is a link through the product's short
// link (`?s=store`), so the click and the order count under the source "store" and the checkout
// opens. A store that does not exist or is closed (a 404, or a path with no handle) says so and
// nothing else; only a failure that may pass (timeout, network, server briefly down) offers to try
// again.
import { useEffect, type ReactNode } from "react";
import type { StoreProduct, StoreResponse } from "@contract/storefront.ts";
import { EmptyState } from "@/components/ui/empty-state.tsx";
import { Icon } from "@/components/ui/icon.tsx";
import { PageFrame } from "@/components/ui/page-frame.tsx";
import { ProductImage } from "@/components/ui/product-image.tsx";
import { RetryAlert } from "@/components/ui/retry-alert.tsx";
import { formatMoney } from "@/lib/format.ts";
import { useLocale } from "@/lib/i18n/index.ts";
import { t } from "@/features/storefront/i18n.ts";
import { useStore } from "@/features/storefront/api/get-store.ts";
import "./store.css";

/**
 * How wide a product's image is shown (store.css): half the column on a phone, a third of it from
 * 560 px, 232 px once the column stops growing. A phone then takes the 400 px size, not the photo.
 */
export const PRODUCT_IMAGE_SIZES = "(min-width: 760px) 232px, (min-width: 560px) 31vw, 46vw";
/** The first row is on screen at once: its images are fetched first, the others as they scroll in. */
const FIRST_ROW = 2;

export function StorePage({ handle }: { handle: string | null }) {
  if (!handle)
    return (
      <StoreFrame>
        <StoreGone />
      </StoreFrame>
    );
  return <Store handle={handle} />;
}

function Store({ handle }: { handle: string }) {
  const store = useStore(handle);
  const data = store.data;
  let content: ReactNode;
  if (store.isLoading) content = <StoreSkeleton />;
  else if (!store.canRetry) content = <StoreGone />;
  else if (!data)
    content = (
      <RetryAlert title={t("store.loadFailedTitle")} onRetry={store.refetch} retrying={store.isFetching}>
        {store.error}
      </RetryAlert>
    );
  else content = <StoreProducts store={data} />;
  return <StoreFrame name={data?.display_name}>{content}</StoreFrame>;
}

/** The page's frame, and the document's title: "<display name> · ShopLink" once the store is known. */
function StoreFrame({ name, children }: { name?: string; children: ReactNode }) {
  const locale = useLocale();
  useEffect(() => {
    document.title = `${name ?? t("store.title")} · ${t("app.name")}`;
  }, [name, locale]);
  return (
    <PageFrame
      className="store"
      wide
      brand={
        <>
          <Icon name="store" size={22} /> {t("app.name")}
        </>
      }
    >
      {children}
    </PageFrame>
  );
}

function StoreProducts({ store }: { store: StoreResponse }) {
  const name = store.display_name;
  return (
    <>
      <h1 className="store__title">{name}</h1>
      {store.products.length === 0 ? (
        <EmptyState icon="store" title={t("store.empty")} body={t("store.emptyBody", { name })} />
      ) : (
        <>
          <p className="store__intro">{t("store.intro")}</p>
          <ul className="store__products" aria-label={t("store.products", { name })}>
            {store.products.map((product, index) => (
              <ProductCard key={product.link_id} product={product} first={index < FIRST_ROW} />
            ))}
          </ul>
        </>
      )}
    </>
  );
}

/** One product: the whole card is the link to its checkout. */
function ProductCard({ product, first }: { product: StoreProduct; first: boolean }) {
  return (
    <li className="store-product">
      <a className="store-product__link" href={product.short_url}>
        <ProductImage
          url={product.image?.url}
          alt=""
          className="store-product__image"
          sizes={PRODUCT_IMAGE_SIZES}
          priority={first}
        />
        <span className="store-product__body">
          <span className="store-product__name">{product.product_name}</span>
          <span className="store-product__price">
            <span className="visually-hidden">{t("store.price")}: </span>
            {formatMoney(product.price_cents)}
          </span>
          <span className="store-product__order">{t("store.order")}</span>
        </span>
      </a>
    </li>
  );
}

/** Grey cards where the products will be, so the page does not jump when they arrive. */
function StoreSkeleton() {
  return (
    <div className="store-skeleton" role="status">
      <span className="visually-hidden">{t("store.loading")}</span>
      <span className="store-skeleton__title" aria-hidden="true" />
      <ul className="store__products" aria-hidden="true">
        {[0, 1, 2, 3].map((n) => (
          <li key={n} className="store-product store-skeleton__card" />
        ))}
      </ul>
    </div>
  );
}

/** An unknown or closed store: that, and nothing else. */
function StoreGone() {
  return (
    <div className="store__gone">
      <Icon name="store" size={32} />
      <h1 className="store__gone-title">{t("store.notFound")}</h1>
    </div>
  );
}
