// Who is asking for a short link, read from the User-Agent: a link-preview crawler (it gets the
// preview page and counts no click) or a person, and on what kind of device.
import { isbot } from "isbot";
import type { DeviceClass } from "../../_shared/contract/statuses.ts";

/**
 * A crawler (a link-preview fetcher such as facebookexternalhit, Twitterbot, TelegramBot,
 * WhatsApp or Slackbot, a search engine, a script) rather than a person, by the crawlers' own
 * tokens in the maintained `isbot` list. Apps' in-app browsers (Pinterest, Instagram, Facebook's
 * FBAN/FBAV, TikTok, Telegram's) are people: they name their app after a browser's user agent.
 */
export function isLinkPreviewCrawler(userAgent: string): boolean {
  return isbot(userAgent);
}

// Tablets first: an Android tablet says "Android" without "Mobile", an iPad says "iPad". (iPadOS
// asks for desktop pages by default and looks like a Mac: it counts as a desktop, as it browses.)
const tabletPattern = /iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i;
const mobilePattern = /Mobi|iPhone|iPod|Android|Windows Phone|BlackBerry|BB10|Opera Mini|IEMobile|KAIOS/i;

export function deviceClass(userAgent: string): DeviceClass {
  if (tabletPattern.test(userAgent)) return "tablet";
  if (mobilePattern.test(userAgent)) return "mobile";
  return "desktop";
}
