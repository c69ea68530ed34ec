// A campaign image with its fallbacks (docs/product.md, "Product images"): empty or social-media
// share URLs, and images that fail to load, show the 'No Image' placeholder; Imgur page links show
// the direct image. An uploaded image comes in the size that fits the box (srcset and sizes), its
// colour showing in the box until it arrives.
import { useState } from "react";
import { cx } from "@/lib/class-names.ts";
import { displayImageUrl, imageSources } from "@/lib/image-url.ts";
import { t } from "@/lib/i18n/index.ts";

interface ProductImageProps {
  url: string | null | undefined;
  alt: string;
  className?: string;
  /** "card" fills a card's media area (4:3); "thumb" is a small square preview. */
  size?: "card" | "thumb";
  /** The page's main image (the checkout's product): fetched first rather than lazily. */
  priority?: boolean;
  /** How wide the box is shown, for picking a size (the `sizes` attribute); by `size` when not given. */
  sizes?: string;
}

/** A card spans the page on a phone, half of it from 720 px, a third from 1080 px (.card-grid). */
const shownWidth = { card: "(min-width: 1080px) 33vw, (min-width: 720px) 50vw, 100vw", thumb: "64px" };

export function ProductImage({ url, alt, className, size = "card", priority = false, sizes }: ProductImageProps) {
  const src = displayImageUrl(url);
  // Remember which source failed, so a new URL gets its own chance to load.
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = src !== null && failed !== src;
  const sources = showImage ? imageSources(src) : {};
  return (
    <div
      className={cx("product-image", `product-image--${size}`, className)}
      style={sources.placeholder ? { backgroundColor: sources.placeholder } : undefined}
    >
      {showImage ? (
        <img
          src={src}
          srcSet={sources.srcSet}
          sizes={sources.srcSet ? (sizes ?? shownWidth[size]) : undefined}
          width={sources.width}
          height={sources.height}
          alt={alt}
          loading={priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : "auto"}
          decoding="async"
          onError={() => setFailed(src)}
        />
      ) : (
        <div
          className="product-image__placeholder"
          role="img"
          aria-label={alt ? `${alt}: ${t("image.none")}` : t("image.none")}
        >
          <span aria-hidden="true">{t("image.none")}</span>
        </div>
      )}
    </div>
  );
}
