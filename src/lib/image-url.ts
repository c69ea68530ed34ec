// How a campaign image URL is displayed (docs/product.md, "Product images"): an empty URL or a
// social-media share link (a post page, not an image) shows the 'No Image' placeholder; an Imgur
// page link is rewritten to the direct image. Everything else is shown as given (a broken one falls
// back on load error). An image uploaded here names its smaller sizes (contract/image-sets.ts):
// the browser picks the one that fits (srcset), and its colour fills the box meanwhile.
import { parseImageUrl } from "@contract/image-sets.ts";

/** Hosts whose links are pages to share, never images. Subdomains count (m., web., www.). */
const socialHosts = [
  "facebook.com",
  "fb.com",
  "fb.me",
  "fb.watch",
  "instagram.com",
  "instagr.am",
  "tiktok.com",
  "twitter.com",
  "x.com",
  "t.co",
  "youtube.com",
  "youtu.be",
  "pinterest.com",
  "pin.it",
  "t.me",
  "telegram.me",
  "linkedin.com",
  "snapchat.com",
  "threads.net",
] as const;

/** True for an absolute http(s) URL (what the server accepts as an image link). */
export function isHttpUrl(value: string): boolean {
  try {
    return ["http:", "https:"].includes(new URL(value.trim()).protocol);
  } catch {
    return false;
  }
}

function hostMatches(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

/** True for a link to a social-media page or post (which cannot be shown as an image). */
export function isSocialMediaUrl(url: string): boolean {
  const parsed = parseUrl(url);
  if (!parsed) return false;
  const host = parsed.hostname.toLowerCase();
  return socialHosts.some((domain) => hostMatches(host, domain));
}

function parseUrl(url: string): URL | null {
  const trimmed = url.trim();
  if (!trimmed) return null;
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`);
  } catch {
    return null;
  }
}

/**
 * The URL to put in an <img>, or null for the 'No Image' placeholder.
 * - "" / whitespace / not a URL / a social share link -> null
 * - https://imgur.com/AbC123 (an Imgur page) -> https://i.imgur.com/AbC123.jpg
 * - anything else -> unchanged
 */
export function displayImageUrl(url: string | null | undefined): string | null {
  if (!url || !url.trim()) return null;
  const trimmed = url.trim();
  if (/^(data|blob):/i.test(trimmed)) return trimmed;
  const parsed = parseUrl(trimmed);
  if (!parsed || !["http:", "https:"].includes(parsed.protocol)) return null;
  if (isSocialMediaUrl(trimmed)) return null;

  const host = parsed.hostname.toLowerCase();
  if (host === "imgur.com" || host === "www.imgur.com" || host === "m.imgur.com") {
    // A single image page: imgur.com/<id> (also /<id>.ext). Albums and galleries (/a/, /gallery/)
    // are pages of several images with no direct link; show them as given (they fall back on error).
    const match = /^\/([A-Za-z0-9]{5,10})(?:\.[a-z]{3,4})?\/?$/.exec(parsed.pathname);
    if (match) return `https://i.imgur.com/${match[1]}.jpg`;
  }
  return trimmed;
}

/** The <img> attributes an image's URL gives: every size it has for srcset, its size and its placeholder colour. */
export interface ImageSources {
  srcSet?: string;
  width?: number;
  height?: number;
  placeholder?: string;
}

export function imageSources(url: string): ImageSources {
  const set = parseImageUrl(url);
  if (!set) return {};
  return {
    srcSet: set.sizes.length > 1 ? set.sizes.map((size) => `${size.url} ${size.width}w`).join(", ") : undefined,
    width: set.width,
    height: set.height,
    placeholder: set.placeholder ?? undefined,
  };
}
