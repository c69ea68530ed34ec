// Crawlers and device classes of the short links, told from real user agents.
import assert from "node:assert/strict";
import { deviceClass, deviceName, isLinkPreviewCrawler } from "./user-agent.ts";

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
  "WhatsApp/2.24.10.79 i",
  "facebookcatalog/1.0",
  "meta-externalfetcher/1.1",
  "Pinterestbot/1.0 (+http://www.pinterest.com/bot.html)",
  "Mozilla/5.0 (compatible; redditbot/1.0; +http://www.reddit.com/feedback)",
  "curl/8.5.0",
];

const people = [
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 300.0.0.0",
  "Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 [FBAN/EMA;FBLC/km_KH;]",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36",
  "",
];

/** In-app browsers: the people who tap a link inside an app. None of them is a crawler. */
const inAppBrowsers = [
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [Pinterest/iOS]",
  "Mozilla/5.0 (Linux; Android 14; SM-S918B Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.82 Mobile Safari/537.36 [Pinterest/Android]",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 334.0.4.32.98 (iPhone15,3; iOS 17_5; en_US; en; scale=3.00; 1290x2796; 606353003)",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/469.0.0.35.107;FBBV/608117431;FBDV/iPhone15,3;FBMD/iPhone;FBSN/iOS;FBSV/17.5;FBSS/3;FBID/phone;FBLC/en_US;FBOP/5]",
  "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP1A.240505.005; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.179 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/465.0.0.50.107;]",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/MessengerForiOS;FBAV/458.0.0.42.108;FBBV/599349339;FBDV/iPhone15,3;FBMD/iPhone;FBSN/iOS;FBSV/17.5]",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 musical_ly_34.5.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/en Region/KH BytedanceWebview/d8a21c6",
  "Mozilla/5.0 (Linux; Android 13; SM-A536E Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 trill_340403 JsSdk/1.0 NetType/4G Channel/googleplay AppName/trill app_version/34.4.3 ByteLocale/en Region/KH BytedanceWebview/d8a21c6",
  "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36 Telegram-Android/10.12.0 (Samsung SM-S918B; Android 14; SDK 34; HIGH)",
];

Deno.test("in-app browsers (Pinterest, Instagram, Facebook, Messenger, TikTok, Telegram) are people", () => {
  assert.deepStrictEqual(
    inAppBrowsers.filter((ua) => isLinkPreviewCrawler(ua)),
    [],
  );
});

Deno.test("link-preview crawlers are told from people, in-app browsers included", () => {
  assert.deepStrictEqual(
    crawlers.filter((ua) => !isLinkPreviewCrawler(ua)),
    [],
  );
  assert.deepStrictEqual(
    people.filter((ua) => isLinkPreviewCrawler(ua)),
    [],
  );
});

Deno.test("device class: phones, tablets (an Android without Mobile, an iPad) and the rest", () => {
  assert.deepStrictEqual(people.map(deviceClass), ["mobile", "mobile", "desktop", "desktop"]);
  assert.deepStrictEqual(
    deviceClass("Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148"),
    "tablet",
  );
  assert.deepStrictEqual(
    deviceClass(
      "Mozilla/5.0 (Linux; Android 12; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36",
    ),
    "tablet",
  );
});

Deno.test("a sign-in's device names the browser and the system", () => {
  const named: [string, string][] = [
    [
      "Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36",
      "Chrome on Android",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      "Safari on iOS",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36",
      "Chrome on Windows",
    ],
    ["Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0", "Firefox on Linux"],
    ["", ""],
  ];
  assert.deepStrictEqual(
    named.map(([userAgent]) => deviceName(userAgent)),
    named.map(([, name]) => name),
  );
});
