// Crawlers and device classes of the short links, told from real user agents.
import { assertEquals } from "../../_shared/test-assert.ts";
import { deviceClass, isLinkPreviewCrawler } from "./user-agent.ts";

const crawlers = [
  "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
  "Facebot",
  "TelegramBot (like TwitterBot)",
  "Twitterbot/1.0",
  "WhatsApp/2.23.20.0 A",
  "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
  "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)",
  "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
  "Pinterest/0.2 (+https://www.pinterest.com/bot.html)",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1)",
  "Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5",
];

const people = [
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 300.0.0.0",
  "Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 [FBAN/EMA;FBLC/km_KH;]",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36",
  "",
];

Deno.test("link-preview crawlers are told from people, in-app browsers included", () => {
  assertEquals(
    crawlers.filter((ua) => !isLinkPreviewCrawler(ua)),
    [],
  );
  assertEquals(
    people.filter((ua) => isLinkPreviewCrawler(ua)),
    [],
  );
});

Deno.test("device class: phones, tablets (an Android without Mobile, an iPad) and the rest", () => {
  assertEquals(people.map(deviceClass), ["mobile", "mobile", "desktop", "desktop"]);
  assertEquals(
    deviceClass("Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148"),
    "tablet",
  );
  assertEquals(
    deviceClass(
      "Mozilla/5.0 (Linux; Android 12; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36",
    ),
    "tablet",
  );
});
