// Who is asking for a short link, read from the User-Agent: a link-preview crawler (it gets the
// preview page and counts no click) or a person, and on what kind of device.

/**
 * The fetchers that build link previews in chats and feeds, and the search engines' crawlers:
 * tokens of their user agents, matched case-insensitively. The one list the short links use.
 */
export const LINK_PREVIEW_CRAWLERS = [
  "facebookexternalhit",
  "facebookcatalog",
  "Facebot",
  "meta-externalfetcher",
  "TelegramBot",
  "Twitterbot",
  "WhatsApp",
  "Slackbot",
  "LinkedInBot",
  "Discordbot",
  "Googlebot",
  "Google-InspectionTool",
  "bingbot",
  "Pinterest",
  "Applebot",
  "SkypeUriPreview",
  "redditbot",
  "Embedly",
  "vkShare",
  "Viber",
  "Iframely",
  "Mastodon",
  "Snap URL Preview",
  "ZaloBot",
  "LineBot",
] as const;

const crawlerPattern = new RegExp(
  LINK_PREVIEW_CRAWLERS.map((token) => token.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"),
  "i",
);

export function isLinkPreviewCrawler(userAgent: string): boolean {
  return crawlerPattern.test(userAgent);
}

export const DEVICE_CLASSES = ["mobile", "tablet", "desktop"] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

// Tablets first: an Android tablet says "Android" without "Mobile", an iPad says "iPad". (iPadOS
// asks for desktop pages by default and looks like a Mac: it counts as a desktop, as it browses.)
const tabletPattern = /iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i;
const mobilePattern = /Mobi|iPhone|iPod|Android|Windows Phone|BlackBerry|BB10|Opera Mini|IEMobile|KAIOS/i;

export function deviceClass(userAgent: string): DeviceClass {
  if (tabletPattern.test(userAgent)) return "tablet";
  if (mobilePattern.test(userAgent)) return "mobile";
  return "desktop";
}
