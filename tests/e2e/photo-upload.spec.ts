// A camera photo uploaded through the campaign screen in real Chromium on a 360 px phone over a
// throttled mobile network (150 ms, 1.6 Mbps down, 750 kbps up), in English and in Khmer (issue 27):
// a 4032×3024 JPEG of 3-4 MB carrying an EXIF block with a GPS position is resized on the phone and
// stored as WebP at 1600, 800, 400 and 128 px without its EXIF, its progress shown as it goes; a
// second one is cancelled half-way and nothing of it is stored. The progress is shot in both
// languages (test-results/screenshots/<lang>-upload-progress.png). Then a customer's checkout
// shows the photo's colour in its box until the photo (the 800 px size, on this phone) arrives,
// shot before and after (<lang>-checkout-placeholder.png, <lang>-checkout-photo.png).
import { expect, test, type Browser } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import postgres from "postgres";
import sharp from "sharp";
import {
  apply,
  business,
  checkoutUrl,
  createCampaign,
  decideLink,
  influencer,
  type Account,
} from "../helpers/accounts.ts";
import { drawCameraPhoto, withCameraExif, withoutCameraExif } from "../helpers/camera-photo.ts";
import { databaseUrl } from "../helpers/stack.ts";
import { storedImageCount } from "../helpers/stored-images.ts";
import { budget } from "./time-budget.ts";

const shots = join("test-results", "screenshots");
mkdirSync(shots, { recursive: true });
const phone = { width: 360, height: 780 };

test.afterEach(async ({ browser }) => {
  await Promise.all(browser.contexts().map((context) => context.close()));
});

async function storedObjects(shop: Account): Promise<number> {
  const sql = postgres(databaseUrl(), { max: 1, onnotice: () => {} });
  try {
    return await storedImageCount(sql, shop);
  } finally {
    await sql.end();
  }
}

/** The campaign screen of a new approved shop on a phone on mobile data, in `lang`. */
async function campaignScreen(browser: Browser, lang: string) {
  const shop = await business();
  const page = await (await browser.newContext({ viewport: phone, deviceScaleFactor: 2 })).newPage();
  await page.goto(`/?lang=${lang}`);
  await page.evaluate(
    ([access, refresh]) => {
      localStorage.setItem("token", access);
      localStorage.setItem("refresh_token", refresh);
    },
    [shop.token, shop.refresh_token!],
  );
  await page.goto("/business/create-campaign");
  const photo = withCameraExif(await page.evaluate(drawCameraPhoto));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: 1_600_000 / 8,
    uploadThroughput: 750_000 / 8,
  });
  return { shop, page, photo };
}

for (const lang of ["en", "km"]) {
  test(`${lang}: a 4032x3024 camera photo goes up as WebP sizes with its progress shown; a cancelled one stores nothing`, async ({
    browser,
  }) => {
    // Drawing 12 million noisy pixels, then two uploads at 750 kbps.
    test.setTimeout(budget(180_000));
    const { shop, page, photo } = await campaignScreen(browser, lang);
    expect(photo.length).toBeGreaterThan(2_500_000);
    const fileInput = page.locator(".image-list input[type=file]");
    const row = page.locator(".upload-item");
    const sentShare = row.locator("progress");

    // Cancelled while it is being sent: the row goes, and nothing is stored.
    // (Chromium's network emulation counts the bytes as sent once they enter its throttle: the
    // bar can reach 100% while they are still on their way, and the row then says "Saving…".)
    await fileInput.setInputFiles({ name: "IMG_0001.jpg", mimeType: "image/jpeg", buffer: photo });
    await expect(sentShare).toHaveAttribute("value", /^\d+$/);
    await row.getByRole("button").click();
    await expect(row).toHaveCount(0);
    await expect(page.locator(".image-list__input input").first()).toHaveValue("");

    // Sent to the end, its progress shown on the way.
    const upload = page.waitForResponse(
      (response) => response.url().endsWith("/functions/v1/api/upload/image") && response.request().method() === "POST",
    );
    const started = Date.now();
    await fileInput.setInputFiles({ name: "IMG_0002.jpg", mimeType: "image/jpeg", buffer: photo });
    await expect(sentShare).toHaveAttribute("value", /^\d+$/);
    await page.screenshot({ path: join(shots, `${lang}-upload-progress.png`), animations: "disabled" });
    const answer = await upload;
    const took = Date.now() - started;
    expect(answer.status()).toBe(200);
    const { url, sizes } = (await answer.json()) as {
      url: string;
      sizes: { url: string; width: number; height: number }[];
    };
    await expect(page.locator(".image-list__input input").first()).toHaveValue(url);
    await expect(row).toHaveCount(0);

    const weights: number[] = [];
    for (const size of sizes) {
      const bytes = Buffer.from(await (await fetch(size.url)).arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(["webp", size.width, size.height, undefined]);
      expect(withoutCameraExif(bytes)).toBe(true);
      weights.push(bytes.length);
    }
    expect(sizes.map((size) => [size.width, size.height])).toEqual([
      [1600, 1200],
      [800, 600],
      [400, 300],
      [128, 96],
    ]);
    expect(await storedObjects(shop)).toBe(4); // the cancelled photo left nothing
    console.log(
      `${lang} photo upload at 750 kbps: a 4032x3024 JPEG of ${photo.length} bytes stored as WebP of ` +
        `${weights.join(" / ")} bytes (1600 / 800 / 400 / 128 px), ${took} ms from choosing it to the answer`,
    );
  });
}

/** A photo with its sizes, made as the SPA makes them and stored through the API: its URL. */
async function storedPhoto(shop: Account): Promise<string> {
  const photo = await sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: "#a8323a",
      noise: { type: "gaussian", mean: 110, sigma: 25 },
    },
  })
    .webp()
    .toBuffer();
  const form = new FormData();
  form.append("image", new Blob([new Uint8Array(photo)]), "scarf.webp");
  for (const [side, width, height] of [
    [800, 800, 600],
    [400, 400, 300],
    [128, 128, 96],
  ]) {
    const size = await sharp(photo).resize(width, height).webp().toBuffer();
    form.append(`image_${side}`, new Blob([new Uint8Array(size)]), `scarf-${side}.webp`);
  }
  form.append("placeholder", "#8a3b35");
  const res = await fetch(`${process.env.STACK_URL}/functions/v1/api/upload/image`, {
    method: "POST",
    headers: { authorization: `Bearer ${shop.token}` },
    body: form,
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { url: string }).url;
}

for (const lang of ["en", "km"]) {
  test(`${lang}: the checkout shows the photo's colour until the photo arrives, then the 800 px photo`, async ({
    browser,
  }) => {
    const shop = await business();
    const creator = await influencer();
    const campaign = await createCampaign(shop, { image_urls: [await storedPhoto(shop)] });
    await decideLink((await apply(creator, campaign.id)).id, "approve");

    const page = await (await browser.newContext({ viewport: phone, deviceScaleFactor: 2 })).newPage();
    // The photo is held back until the placeholder has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const asked: string[] = [];
    await page.route(/\/campaign-images\/.+\.webp$/, async (route) => {
      asked.push(route.request().url());
      await held;
      await route.continue();
    });
    await page.goto(`${checkoutUrl(creator.user.id, campaign.id)}&lang=${lang}`);
    const box = page.locator(".checkout-product .product-image");
    const photo = box.locator("img");
    await expect(box).toHaveCSS("background-color", "rgb(138, 59, 53)");
    await expect(photo).toHaveAttribute("width", "1600");
    await expect.poll(() => asked.length).toBe(1);
    expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(0);
    await page.screenshot({ path: join(shots, `${lang}-checkout-placeholder.png`), animations: "disabled" });

    release();
    // (naturalWidth counts CSS pixels of a srcset image: 360 here, the 800 px file at 2.2x.)
    await expect
      .poll(() =>
        photo.evaluate((img: HTMLImageElement) => (img.complete && img.naturalWidth > 0 ? img.currentSrc : "")),
      )
      .toMatch(/-1600x1200-8a3b35-800\.webp$/);
    expect(asked).toEqual([expect.stringMatching(/-1600x1200-8a3b35-800\.webp$/)]);
    await expect(photo).toHaveAttribute("fetchpriority", "high");
    await page.screenshot({ path: join(shots, `${lang}-checkout-photo.png`), animations: "disabled" });
  });
}
