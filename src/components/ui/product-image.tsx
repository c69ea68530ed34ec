// A campaign image with its fallbacks (docs/product.md, "Product images"): empty or social-media
// share URLs, and images that fail to load, show the 'No Image' placeholder; Imgur page links show
// the direct image.
import { useState } from "react";
import { cx } from "@/lib/class-names.ts";
import { displayImageUrl } from "@/lib/image-url.ts";
import { t } from "@/lib/i18n/index.ts";

interface ProductImageProps {
  url: string | null | undefined;
  alt: string;
  className?: string;
  /** "card" fills a card's media area (4:3); "thumb" is a small square preview. */
  size?: "card" | "thumb";
  /** The page's main image (the checkout's product): fetched first rather than lazily. */
  priority?: boolean;
}

export function ProductImage({ url, alt, className, size = "card", priority = false }: ProductImageProps) {
  const src = displayImageUrl(url);
  // Remember which source failed, so a new URL gets its own chance to load.
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = src !== null && failed !== src;
  return (
    <div className={cx("product-image", `product-image--${size}`, className)}>
      {showImage ? (
        <img
          src={src}
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
