// The photo run of `npm run bench:web` (issue 27): a shop uploads a real-size camera photo (made at
// run time, tests/helpers/camera-photo.ts) through the campaign screen on a phone profile of
// mobile data in Cambodia: 360 px at 2× density, 150 ms round trips, 1.6 Mbps down, 750 kbps up,
// the CPU slowed 4×. Then, each in a fresh profile (nothing cached), the checkout of a link to a
// campaign with that photo, the shop's dashboard and the influencer's Available Campaigns are
// loaded on the same profile. Prints the upload time and, per page, LCP, the bytes of images and
// the bytes in all (as sent on the wire). A benchmark: it asserts nothing.
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from "@playwright/test";
import postgres from "postgres";
import sharp from "sharp";
import { drawCameraPhoto, withCameraExif } from "../tests/helpers/camera-photo.ts";
import type { Stack } from "../local-stack/stack.ts";

const phone = { viewport: { width: 360, height: 780 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const network = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const CPU_SLOWDOWN = 4;
const influencerId = "00000000-0000-4000-8000-00000000a001";
const businessId = "00000000-0000-4000-8000-00000000b001";

interface Session {
  token: string;
  refresh_token: string;
}

async function login(stack: Stack, email: string): Promise<Session> {
  const res = await fetch(`${stack.url}/functions/v1/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "Demo1234!" }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Session;
}

/** A fresh phone profile signed in as `session` (or no one), throttled as above. */
async function phonePage(browser: Browser, stack: Stack, session?: Session) {
  const context: BrowserContext = await browser.newContext({ ...phone, baseURL: stack.url });
  const page = await context.newPage();
  if (session) {
    await page.goto("/?lang=en");
    await page.evaluate(
      ([access, refresh]) => {
        localStorage.setItem("token", access);
        localStorage.setItem("refresh_token", refresh);
      },
      [session.token, session.refresh_token],
    );
  }
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: false });
  return { context, page, cdp };
}

async function throttle(cdp: CDPSession) {
  await cdp.send("Network.emulateNetworkConditions", network);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
}

/** Uploads the photo through the campaign screen; the seconds from choosing it to the answer, and its URL. */
async function uploadThroughUi(browser: Browser, stack: Stack, shop: Session) {
  const { context, page, cdp } = await phonePage(browser, stack, shop);
  try {
    await page.goto("/business/create-campaign");
    // tsx names functions through a helper, __name, that the page lacks.
    await page.evaluate("globalThis.__name = (fn) => fn");
    const photo = withCameraExif(await page.evaluate(drawCameraPhoto));
    await throttle(cdp);
    const answer = page.waitForResponse(
      (response) => response.url().endsWith("/api/upload/image") && response.request().method() === "POST",
      { timeout: 120_000 },
    );
    // Timed in the page, from the moment the file is chosen (handing 4 MB to the page through the
    // DevTools protocol takes a while of its own, which a phone's file picker does not).
    const fileInput = page.locator(".image-list input[type=file]");
    await fileInput.evaluate((input) =>
      input.addEventListener("change", () => Object.assign(window, { chosenAt: performance.now() }), {
        capture: true,
        once: true,
      }),
    );
    await fileInput.setInputFiles({ name: "IMG_0001.jpg", mimeType: "image/jpeg", buffer: photo });
    const response = await answer;
    const timing = await page.evaluate(() => {
      const sent = performance.getEntriesByType("resource").filter((entry) => entry.name.endsWith("/upload/image"));
      const request = sent[sent.length - 1] as PerformanceResourceTiming;
      const chosenAt = (window as unknown as { chosenAt: number }).chosenAt;
      return { resized: request.startTime - chosenAt, answered: request.responseEnd - chosenAt };
    });
    const seconds = timing.answered / 1000;
    const resizedSeconds = timing.resized / 1000;
    const body = (await response.json()) as { url: string; sizes: { url: string }[] };
    if (!response.ok()) throw new Error(`upload: ${response.status()} ${JSON.stringify(body)}`);
    const weights = await Promise.all(
      body.sizes.map(async (size) => (await (await fetch(size.url)).arrayBuffer()).byteLength),
    );
    return { seconds, resizedSeconds, url: body.url, photoBytes: photo.length, storedBytes: weights };
  } finally {
    await context.close();
  }
}

/** A 256 px logo and its 128 px size as the SPA makes them, stored through the API; its URL. */
async function uploadLogo(stack: Stack, shop: Session): Promise<string> {
  const picture = sharp({
    create: {
      width: 256,
      height: 256,
      channels: 3,
      background: "#0b5d52",
      noise: { type: "gaussian", mean: 120, sigma: 30 },
    },
  });
  const logo = await picture.webp({ quality: 80 }).toBuffer();
  const form = new FormData();
  form.append("image", new Blob([new Uint8Array(logo)]), "logo.webp");
  form.append(
    "image_128",
    new Blob([new Uint8Array(await sharp(logo).resize(128, 128).webp({ quality: 80 }).toBuffer())]),
    "logo-128.webp",
  );
  form.append("placeholder", "#0b5d52");
  const res = await fetch(`${stack.url}/functions/v1/api/upload/image`, {
    method: "POST",
    headers: { authorization: `Bearer ${shop.token}` },
    body: form,
  });
  if (!res.ok) throw new Error(`logo upload: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { url: string }).url;
}

interface PageFigures {
  lcpSeconds: number;
  imageKiB: number;
  totalKiB: number;
  /** The bytes of the shop's logo, in whichever size the page took. */
  logoKiB: number;
}

/** Loads `path` in a fresh throttled profile until the network is quiet; its LCP and bytes. */
async function measurePage(
  browser: Browser,
  stack: Stack,
  path: string,
  logoUrl: string,
  session?: Session,
): Promise<PageFigures> {
  const { context, page, cdp } = await phonePage(browser, stack, session);
  try {
    const types = new Map<string, string>();
    const urls = new Map<string, string>();
    const bytes = new Map<string, number>();
    cdp.on("Network.responseReceived", (event) => {
      types.set(event.requestId, event.type);
      urls.set(event.requestId, event.response.url);
    });
    cdp.on("Network.loadingFinished", (event) => bytes.set(event.requestId, event.encodedDataLength));
    await throttle(cdp);
    await page.goto(path, { waitUntil: "networkidle", timeout: 180_000 });
    const lcp = await lcpOf(page);
    let image = 0;
    let total = 0;
    let logo = 0;
    const logoStem = logoUrl.replace(/\.webp$/, "");
    for (const [id, length] of bytes) {
      total += length;
      if (types.get(id) === "Image") image += length;
      if (urls.get(id)?.startsWith(logoStem)) logo += length;
    }
    return { lcpSeconds: lcp / 1000, imageKiB: image / 1024, totalKiB: total / 1024, logoKiB: logo / 1024 };
  } finally {
    await context.close();
  }
}

function lcpOf(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1].startTime);
        }).observe({ type: "largest-contentful-paint", buffered: true });
      }),
  );
}

export async function photoRun(stack: Stack, chromePath: string): Promise<void> {
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking"],
  });
  const sql = postgres(stack.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const shop = await login(stack, "business@example.com");
    const creator = await login(stack, "influencer@example.com");
    const upload = await uploadThroughUi(browser, stack, shop);
    const logo = await uploadLogo(stack, shop);
    const [campaign] = await sql<{ id: string }[]>`
      insert into public.campaigns (business_id, product_name, price_cents, commission_rate, description, image_urls)
      values (${businessId}, 'Handwoven silk krama scarf (photo run)', 1250, 0.15,
              'Soft Cambodian silk, woven by hand in Takeo. 160 x 50 cm.', ${[upload.url]})
      returning id`;
    await sql`update public.users set business_logo_url = ${logo} where id = ${businessId}`;
    await sql`insert into public.affiliate_links (influencer_id, campaign_id, status) values (${influencerId}, ${campaign.id}, 'approved')`;

    const pages = [
      {
        name: "checkout",
        figures: await measurePage(
          browser,
          stack,
          `/checkout?influencer_id=${influencerId}&product_id=${campaign.id}&lang=en`,
          logo,
        ),
      },
      {
        name: "business dashboard",
        figures: await measurePage(browser, stack, "/business/dashboard?lang=en", logo, shop),
      },
      {
        name: "available campaigns",
        figures: await measurePage(browser, stack, "/influencer/campaigns/available?lang=en", logo, creator),
      },
    ];
    console.log(
      `\nPhoto run: 360 px at 2x, 150 ms, 1.6 Mbps down, 750 kbps up, CPU ${CPU_SLOWDOWN}x slower; nothing cached`,
    );
    console.log(
      `Upload of one ${(upload.photoBytes / 1024 / 1024).toFixed(2)} MiB 4032x3024 JPEG through the campaign screen: ` +
        `${upload.seconds.toFixed(1)} s from choosing it to the answer (sizes made in ${upload.resizedSeconds.toFixed(1)} s); stored as ${upload.storedBytes.map((b) => `${(b / 1024).toFixed(0)}`).join(" / ")} KiB ` +
        `(1600 / 800 / 400 / 128 px)`,
    );
    const rows = [["page", "LCP s", "image KiB", "logo KiB", "total KiB"]];
    for (const { name, figures } of pages) {
      rows.push([
        name,
        figures.lcpSeconds.toFixed(2),
        figures.imageKiB.toFixed(1),
        figures.logoKiB.toFixed(1),
        figures.totalKiB.toFixed(1),
      ]);
    }
    const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
    for (const row of rows) {
      console.log(
        row
          .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
          .join("  "),
      );
    }
  } finally {
    await sql.end();
    await browser.close();
  }
}
