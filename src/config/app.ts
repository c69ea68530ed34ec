// Product constants the interface uses: the admin dashboard's version label, the 60 s request
// timeout (docs/product.md, "When something fails") and the 15% platform fee (docs/money.md, "The
// money rules of one delivered order"). Contact details are the marketplace's published support
// channels; change them here only.
export const APP_VERSION = "1.0";

export const REQUEST_TIMEOUT_MS = 60_000;

export const PLATFORM_FEE_RATE = 0.15;

export const support = {
  phone: "+855 23 900 123",
  phoneHref: "tel:+85523900123",
  email: "support@shoplink.com.kh",
} as const;

export const socialLinks = [
  { id: "facebook", href: "https://www.facebook.com/" },
  { id: "instagram", href: "https://www.instagram.com/" },
  { id: "telegram", href: "https://t.me/" },
  { id: "tiktok", href: "https://www.tiktok.com/" },
] as const;
