// GET /r/<code> on the app's origin, through the gateway and the real api function: a person is
// redirected to the checkout with the click as ref, a link-preview crawler gets Open Graph tags
// and counts no click, an unknown code gets a Khmer and English 404, one visitor's repeats
// within a minute are one click, one address counts at most 3 clicks per link an hour whatever its
// user agents, in-app browsers are people, and /r/* answers 429 past 60 requests an address a minute.
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshLoopbackAddress } from "../helpers/api.ts";
import {
  type Account,
  apply,
  business,
  checkoutUrl,
  createCampaign,
  decideLink,
  influencer,
} from "../helpers/accounts.ts";
import { fixtureDb } from "../helpers/db-fixtures.ts";
import { stackUrl } from "../helpers/stack.ts";

const sql = fixtureDb();
afterAll(() => sql.end());

const iPhone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148";

interface Visit {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A request for a short link as a browser or crawler sends it, from a chosen loopback address
 * (the gateway reports the socket's address, the one the function trusts), else from an address
 * of its own. A user agent of its own per test keeps visitors apart unless a test means them to be
 * the same.
 */
function visit(
  url: string,
  opts: { userAgent?: string; address?: string; referer?: string; method?: string } = {},
): Promise<Visit> {
  const target = new URL(url);
  const headers: Record<string, string> = { "user-agent": opts.userAgent ?? `${iPhone} visitor-${Math.random()}` };
  if (opts.referer) headers.referer = opts.referer;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        hostname: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: opts.method ?? "GET",
        headers,
        localAddress: opts.address ?? freshLoopbackAddress(),
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/** The click id a redirect carries, after checking it leads to the link's checkout. */
function refOf(answer: Visit, influencerId: string, campaignId: string): string {
  expect(answer.status).toBe(302);
  const location = new URL(String(answer.headers.location));
  const ref = location.searchParams.get("ref") ?? "";
  location.searchParams.delete("ref");
  expect(location.toString()).toBe(checkoutUrl(influencerId, campaignId));
  return ref;
}

async function clicksOf(linkId: string) {
  return sql<{ id: string; source: string; referrer_host: string | null; device_class: string }[]>`
    select id, source, referrer_host, device_class from public.link_clicks
    where affiliate_link_id = ${linkId} order by created_at, id`;
}

let shop: Account;
let creator: Account;
let campaign: { id: string; product_name: string };
let linkId: string;
let shortUrl: string;

beforeAll(async () => {
  [shop, creator] = await Promise.all([business(), influencer()]);
  // Values a page must escape, in the product name and in the shop's name.
  campaign = await createCampaign(shop, {
    product_name: `Silk "Scarf" <script>alert(1)</script> & 'Co'`,
    price: 1250.5,
    image_urls: ["https://images.example.com/scarf-1.jpg?w=1200&h=630", "https://images.example.com/scarf-2.jpg"],
  });
  await sql`update public.users set business_name = ${"Takeo <b>Silk</b> House"} where id = ${shop.user.id}`;
  linkId = (await apply(creator, campaign.id)).id;
  await decideLink(linkId, "approve");
  const [{ short_code }] = await sql<{ short_code: string }[]>`
    select short_code from public.affiliate_links where id = ${linkId}`;
  shortUrl = `${stackUrl()}/r/${short_code}`;
});

describe("a person", () => {
  it("is redirected to the checkout with the click as ref, uncached; the click keeps source, referrer host and device", async () => {
    const answer = await visit(shortUrl, {
      userAgent: `${iPhone} person-${Math.random()}`,
      referer: "https://l.instagram.com/?u=https%3A%2F%2Fshop.example.com%2Fr%2Fx&e=secret",
    });
    const ref = refOf(answer, creator.user.id, campaign.id);
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.body).toBe("");
    expect(await clicksOf(linkId)).toContainEqual({
      id: ref,
      source: "link",
      referrer_host: "l.instagram.com",
      device_class: "mobile",
    });
  });

  it.each([
    ["?s=qr", "qr"],
    ["?s=dm", "dm"],
    ["?s=comment", "comment"],
    ["?s=link", "link"],
    ["?s=fb_comment", "fb_comment"],
    ["?s=fb_dm", "fb_dm"],
    ["?s=store", "store"],
    ["?s=email", "link"],
    ["?s=", "link"],
    ["?s=QR", "link"],
  ])("%s records the source %s", async (query, source) => {
    const ref = refOf(await visit(`${shortUrl}${query}`), creator.user.id, campaign.id);
    expect((await clicksOf(linkId)).find((click) => click.id === ref)).toMatchObject({ source, referrer_host: null });
  });

  it.each([
    [
      "an Android phone",
      "Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36",
      "mobile",
    ],
    ["an iPad", "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148", "tablet"],
    [
      "a desktop browser",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36",
      "desktop",
    ],
  ])("on %s counts as %s", async (_name, userAgent, deviceClass) => {
    const ref = refOf(
      await visit(shortUrl, { userAgent, address: freshLoopbackAddress() }),
      creator.user.id,
      campaign.id,
    );
    expect((await clicksOf(linkId)).find((click) => click.id === ref)?.device_class).toBe(deviceClass);
  });

  it("is the same click when the same visitor comes back within a minute; another address or browser is another visitor", async () => {
    const userAgent = `${iPhone} returning-${Math.random()}`;
    const address = freshLoopbackAddress();
    const before = (await clicksOf(linkId)).length;
    const first = refOf(await visit(shortUrl, { userAgent, address }), creator.user.id, campaign.id);
    const again = refOf(await visit(`${shortUrl}?s=qr`, { userAgent, address }), creator.user.id, campaign.id);
    const otherAddress = refOf(
      await visit(shortUrl, { userAgent, address: freshLoopbackAddress() }),
      creator.user.id,
      campaign.id,
    );
    const otherBrowser = refOf(
      await visit(shortUrl, { userAgent: `${userAgent} other`, address }),
      creator.user.id,
      campaign.id,
    );
    expect(again).toBe(first);
    expect(new Set([first, otherAddress, otherBrowser]).size).toBe(3);
    expect((await clicksOf(linkId)).length).toBe(before + 3);
  });

  it("a forged X-Forwarded-For does not make a repeat visitor new (the gateway's own entry counts)", async () => {
    const userAgent = `${iPhone} forger-${Math.random()}`;
    const address = freshLoopbackAddress();
    const first = refOf(await visit(shortUrl, { userAgent, address }), creator.user.id, campaign.id);
    const forged = await new Promise<Visit>((resolve, reject) => {
      const target = new URL(shortUrl);
      const req = request(
        {
          hostname: target.hostname,
          port: target.port,
          path: target.pathname,
          headers: { "user-agent": userAgent, "x-forwarded-for": "203.0.113.77" },
          localAddress: address,
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: "" }));
        },
      );
      req.on("error", reject);
      req.end();
    });
    expect(refOf(forged, creator.user.id, campaign.id)).toBe(first);
  });

  it("HEAD learns where the link goes without counting a click", async () => {
    const before = (await clicksOf(linkId)).length;
    const answer = await visit(shortUrl, { method: "HEAD" });
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe(checkoutUrl(creator.user.id, campaign.id));
    expect((await clicksOf(linkId)).length).toBe(before);
  });

  it("is served at the function's own path too, as a static host's rewrite reaches it", async () => {
    const code = new URL(shortUrl).pathname.split("/").at(-1);
    const answer = await visit(`${stackUrl()}/functions/v1/api/r/${code}?s=dm`);
    const ref = refOf(answer, creator.user.id, campaign.id);
    expect((await clicksOf(linkId)).find((click) => click.id === ref)?.source).toBe("dm");
  });
});

describe("one address", () => {
  it("counts at most 3 clicks per link an hour, whatever its user agents; the rest reuse its latest click", async () => {
    const address = freshLoopbackAddress();
    const before = (await clicksOf(linkId)).length;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        visit(shortUrl, { userAgent: `${iPhone} build-${i}-${Math.random()}`, address }),
      ),
    );
    const refs = answers.map((answer) => refOf(answer, creator.user.id, campaign.id));
    const clicks = await clicksOf(linkId);
    expect(clicks.length).toBe(before + 3);
    const recorded = new Set(clicks.map((click) => click.id));
    expect(new Set(refs).size).toBe(3);
    expect(refs.every((ref) => recorded.has(ref))).toBe(true);
    // Another address is counted as before.
    refOf(await visit(shortUrl, { address: freshLoopbackAddress() }), creator.user.id, campaign.id);
    expect((await clicksOf(linkId)).length).toBe(before + 4);
  });

  it("answers 429 with Retry-After past 60 requests a minute, crawler or not", async () => {
    const address = freshLoopbackAddress();
    // 121 requests within a minute span at most two clock minutes, so one of them sees its 61st.
    const statuses: number[] = [];
    let refused: Visit | undefined;
    for (let i = 0; i < 121 && !refused; i++) {
      const answer = await visit(`${stackUrl()}/r/Zz9Zz9Z`, {
        address,
        userAgent: i % 2 ? "facebookexternalhit/1.1" : `${iPhone} ${i}`,
      });
      statuses.push(answer.status);
      if (answer.status === 429) refused = answer;
    }
    expect(refused).toBeDefined();
    expect(statuses.slice(0, 60).every((status) => status === 404)).toBe(true);
    const retryAfter = Number(refused!.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(JSON.parse(refused!.body)).toEqual({
      error: "rate_limited",
      message: "Too many requests from this network. Please wait a minute and try again.",
    });
    // Another address is not affected.
    expect((await visit(`${stackUrl()}/r/Zz9Zz9Z`, { address: freshLoopbackAddress() })).status).toBe(404);
  });
});

describe("a person in an app's in-app browser", () => {
  it.each([
    [
      "Pinterest (iOS)",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [Pinterest/iOS]",
    ],
    [
      "Instagram",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 334.0.4.32.98 (iPhone15,3; iOS 17_5; en_US; en; scale=3.00; 1290x2796; 606353003)",
    ],
    [
      "Facebook (FBAN/FBAV)",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/469.0.0.35.107;FBBV/608117431;FBDV/iPhone15,3;FBMD/iPhone;FBSN/iOS;FBSV/17.5;FBSS/3;FBID/phone;FBLC/en_US;FBOP/5]",
    ],
    [
      "TikTok",
      "Mozilla/5.0 (Linux; Android 13; SM-A536E Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 trill_340403 JsSdk/1.0 NetType/4G Channel/googleplay AppName/trill app_version/34.4.3 ByteLocale/en Region/KH BytedanceWebview/d8a21c6",
    ],
  ])("on %s is redirected and counted, not taken for a crawler", async (_app, userAgent) => {
    const before = (await clicksOf(linkId)).length;
    const ref = refOf(await visit(`${shortUrl}?s=dm`, { userAgent }), creator.user.id, campaign.id);
    const clicks = await clicksOf(linkId);
    expect(clicks.length).toBe(before + 1);
    expect(clicks.find((click) => click.id === ref)).toMatchObject({ source: "dm", device_class: "mobile" });
  });
});

describe("a link-preview crawler", () => {
  const crawlers = [
    "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
    "TelegramBot (like TwitterBot)",
    "Twitterbot/1.0",
    "WhatsApp/2.23.20.0 A",
    "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
    "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
    "Pinterestbot/1.0 (+http://www.pinterest.com/bot.html)",
    "meta-externalfetcher/1.1",
  ];

  it.each(crawlers)("%s gets the preview page and counts no click", async (userAgent) => {
    const before = (await clicksOf(linkId)).length;
    const answer = await visit(`${shortUrl}?s=dm`, { userAgent });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^text\/html; charset=utf-8$/i);
    expect(answer.body).toContain('<meta property="og:title"');
    expect((await clicksOf(linkId)).length).toBe(before);
  });

  it("reads the product name, price, shop, first image and short URL, every value escaped", async () => {
    const { body, headers } = await visit(shortUrl, { userAgent: "facebookexternalhit/1.1" });
    const title = "Silk &quot;Scarf&quot; &lt;script&gt;alert(1)&lt;/script&gt; &amp; &#39;Co&#39;";
    const description = "$1,250.50 at Takeo &lt;b&gt;Silk&lt;/b&gt; House · cash on delivery";
    expect(body).toContain(`<title>${title} · ShopLink</title>`);
    expect(body).toContain(`<meta property="og:title" content="${title}">`);
    expect(body).toContain(`<meta property="og:description" content="${description}">`);
    expect(body).toContain(
      `<meta property="og:image" content="https://images.example.com/scarf-1.jpg?w=1200&amp;h=630">`,
    );
    expect(body).toContain(`<meta property="og:url" content="${shortUrl}">`);
    expect(body).toContain(`<meta property="og:type" content="product">`);
    expect(body).toContain(`<meta property="og:site_name" content="ShopLink">`);
    expect(body).toContain(`<meta name="twitter:card" content="summary_large_image">`);
    const checkout = checkoutUrl(creator.user.id, campaign.id).replace("&", "&amp;");
    expect(body).toContain(`<a href="${checkout}">Order ${title} on ShopLink</a>`);
    // Nothing of the values became markup, and the page may run nothing.
    expect(body).not.toMatch(/<script|<b>/);
    expect(body).not.toContain(shop.user.email);
    expect(headers["content-security-policy"]).toContain("default-src 'none'");
    expect(headers["content-security-policy"]).not.toContain("script-src");
    // Caches keep one answer per user agent (a person is redirected, a crawler reads this page).
    expect(String(headers.vary).toLowerCase().split(/,\s*/)).toContain("user-agent");
  });

  it("names no shop (and never its email) when the business has no name", async () => {
    await sql`update public.users set business_name = null where id = ${shop.user.id}`;
    try {
      const { body } = await visit(shortUrl, { userAgent: "TelegramBot (like TwitterBot)" });
      expect(body).toContain(
        `<meta property="og:description" content="$1,250.50 from a shop on ShopLink · cash on delivery">`,
      );
      expect(body).not.toContain(shop.user.email);
    } finally {
      await sql`update public.users set business_name = ${"Takeo <b>Silk</b> House"} where id = ${shop.user.id}`;
    }
  });
});

describe("an unknown code", () => {
  it.each([
    ["an unknown code", "/r/Zz9Zz9Z"],
    ["a code of the wrong length", "/r/abc"],
    ["a code with other characters", "/r/abc-123"],
    ["a pending link's id", "/r/00000000-0000-4000-8000-000000000000"],
  ])("%s gets a small 404 page in Khmer and English, and records nothing", async (_name, path) => {
    const [{ count: before }] = await sql<{ count: number }[]>`select count(*)::int as count from public.link_clicks`;
    for (const userAgent of [iPhone, "facebookexternalhit/1.1"]) {
      const answer = await visit(`${stackUrl()}${path}?s=qr`, { userAgent });
      expect(answer.status).toBe(404);
      expect(answer.headers["content-type"]).toMatch(/^text\/html/i);
      expect(answer.headers["cache-control"]).toBe("no-store");
      expect(answer.body).toContain("តំណនេះមិនត្រឹមត្រូវទេ");
      expect(answer.body).toContain("This link is not valid");
    }
    const [{ count: after }] = await sql<{ count: number }[]>`select count(*)::int as count from public.link_clicks`;
    expect(after).toBe(before);
  });
});
