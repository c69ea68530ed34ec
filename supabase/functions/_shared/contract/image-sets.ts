// An uploaded image and its smaller sizes (issue 27, docs/architecture.md "Images: made on the
// phone, named by what they hold"). The SPA makes every size before upload; the api function checks
// each and stores them under names that say what the image is:
//
//   <user id>/<uuid>-<width>x<height>-<rrggbb>.<ext>          the image itself (at most 1600 px)
//   <user id>/<uuid>-<width>x<height>-<rrggbb>-<side>.<ext>   the same at <side> px on its long side
//
// `rrggbb` is its placeholder colour. Because the name carries the size, the colour and (by the rule
// in `variantSides`) which smaller sizes exist, any page holding the URL (a campaign's image_urls, a
// shop's logo) can write srcset, width, height and the placeholder without another column or query.
// A name with no colour (`<uuid>-<w>x<h>.<ext>`, from a client that sent no sizes) or of any other
// form (a link to elsewhere, an image stored before sizes existed) has no smaller sizes.
// Shared by the SPA, the api function and `npm run images:backfill` (no Deno or DOM APIs).

/** The longest side a stored image may have: the largest any page shows. */
export const MAX_IMAGE_SIDE = 1600;
/** A shop's logo: a square of this side (shown at 38-96 px). */
export const LOGO_SIDE = 256;
/** The smaller sizes made of every image, by long side: the checkout on a phone, cards, thumbnails and logos. */
export const VARIANT_SIDES = [800, 400, 128] as const;

export type ImageExtension = "webp" | "jpg" | "png" | "gif";

export interface ImageSize {
  url: string;
  width: number;
  height: number;
}

export interface ImageSet {
  width: number;
  height: number;
  /** `#rrggbb`, shown in the image's box until it arrives; null when unknown. */
  placeholder: string | null;
  /** The image and its smaller sizes, largest first. */
  sizes: ImageSize[];
}

/** The size of an image of `width`×`height` scaled to `side` px on its long side (never upscaled, at least 1 px). */
export function scaledSize(width: number, height: number, side: number): { width: number; height: number } {
  const scale = Math.min(1, side / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The smaller sizes an image of `width`×`height` has: every standard side below its long side. */
export function variantSides(width: number, height: number): number[] {
  return VARIANT_SIDES.filter((side) => side < Math.max(width, height));
}

export const PLACEHOLDER_PATTERN = /^#[0-9a-f]{6}$/;

/** The object name of an image (no `side`) or of one of its smaller sizes, inside `folder`. */
export function imageObjectName(
  folder: string,
  image: { id: string; width: number; height: number; placeholder: string | null; extension: ImageExtension },
  side?: number,
): string {
  const colour = image.placeholder ? `-${image.placeholder.slice(1)}` : "";
  return `${folder}/${image.id}-${image.width}x${image.height}${colour}${side ? `-${side}` : ""}.${image.extension}`;
}

const NAME =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-(\d{1,5})x(\d{1,5})(?:-([0-9a-f]{6}))?\.(webp|jpg|png|gif)$/;

/** What an image URL's name says about it, or null when it is not a name this app made. */
export function parseImageUrl(url: string): ImageSet | null {
  const slash = url.lastIndexOf("/");
  const match = slash < 0 ? null : NAME.exec(url.slice(slash + 1));
  if (!match) return null;
  const [, , w, h, colour, extension] = match;
  const width = Number(w);
  const height = Number(h);
  if (width < 1 || height < 1 || Math.max(width, height) > MAX_IMAGE_SIDE) return null;
  const sizes: ImageSize[] = [{ url, width, height }];
  if (colour) {
    const stem = url.slice(0, -`.${extension}`.length);
    for (const side of variantSides(width, height)) {
      sizes.push({ url: `${stem}-${side}.${extension}`, ...scaledSize(width, height, side) });
    }
  }
  return { width, height, placeholder: colour ? `#${colour}` : null, sizes };
}
