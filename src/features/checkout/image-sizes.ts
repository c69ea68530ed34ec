// How wide the checkout shows its product images (the `sizes` attribute), shared by the page and
// the early preload of the first one (api/early-checkout-info.ts), which must ask for the same size.

/** The product's box: the page's width on a phone, half of the 880 px layout from 880 px (checkout.css). */
export const ONE_IMAGE = "(min-width: 880px) 440px, 100vw";
/** A gallery shows 88% of one image, the next peeking in. */
export const GALLERY_IMAGE = "(min-width: 880px) 388px, 88vw";
