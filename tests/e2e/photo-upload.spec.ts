// A camera photo uploaded through the campaign screen in real Chromium on a 360 px phone over a
// throttled mobile network (150 ms, 1.6 Mbps down, 750 kbps up), in English and in Khmer (issue 27):
// a 4032×3024 JPEG of 3-4 MB carrying an EXIF block with a GPS position is resized on the phone and
// stored as WebP at 1600, 800, 400 and 128 px without its EXIF, its progress shown as it goes; a
// second one is cancelled half-way and nothing of it is stored. The progress is shot in both
// languages (test-results/screenshots/<lang>-upload-progress.png).
import { expect, test, type Browser } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import postgres from "postgres";
import sharp from "sharp";
import { business, type Account } from "../helpers/accounts.ts";
import { drawCameraPhoto, withCameraExif, withoutCameraExif } from "../helpers/camera-photo.ts";
import { databaseUrl } from "../helpers/stack.ts";
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
    const [{ count }] = await sql<{ count: number }[]>`
      select count(*)::int as count from storage.objects
      where bucket_id = 'campaign-images' and name like ${`${shop.user.id}/%`}`;
    return count;
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
