// Who is asking, read from the User-Agent: for a short link, a link-preview crawler (it gets the
// preview page and counts no click) or a person, and on what kind of device; for a sign-in, the
// browser and system an account will recognise in its list of sessions.
import Bowser from "bowser";
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

/**
 * "Chrome on Android", "Safari on iOS", "Firefox on Linux": the browser and system, by the
 * maintained `bowser` parser; what is unknown is left out ("" when both are).
 */
export function deviceName(userAgent: string): string {
  if (!userAgent) return "";
  const parser = Bowser.getParser(userAgent);
  const browser = parser.getBrowserName();
  const system = parser.getOSName();
  return [browser, system]
    .filter((part) => part)
    .join(" on ")
    .slice(0, 100);
}
