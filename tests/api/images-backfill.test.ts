// `npm run images:backfill` against the running stack's database and Storage (issue 27): a shop's
// images stored before sizes existed (a sideways camera photo with GPS in its EXIF, a wide logo, a
// GIF, and a link to another site) are given their sizes; the campaign and the shop point at them;
// a second run finds nothing to do; the originals stay where they were.
import postgres from "postgres";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { backfillImages } from "../../local-stack/images-backfill.ts";
import { keys } from "../../local-stack/keys.ts";
import { parseImageUrl } from "../../supabase/functions/_shared/contract/image-sets.ts";
import { business, createCampaign, type Account } from "../helpers/accounts.ts";
import { gif } from "../helpers/images.ts";
import { databaseUrl, stackUrl } from "../helpers/stack.ts";

const sql = postgres(databaseUrl(), { max: 1, onnotice: () => {} });
afterAll(() => sql.end());

/** Stores `bytes` under `<owner>/<name>` as uploads were named before sizes: its public URL. */
async function storeOld(owner: Account, name: string, bytes: Buffer, type: string): Promise<string> {
  const path = `${owner.user.id}/${name}`;
  const res = await fetch(`${stackUrl()}/storage/v1/object/campaign-images/${path}`, {
    method: "POST",
    headers: { apikey: keys.secretKey, "content-type": type },
    body: new Uint8Array(bytes),
  });
  expect(res.status).toBe(200);
  return `${stackUrl()}/storage/v1/object/public/campaign-images/${path}`;
}

async function served(url: string) {
  const bytes = Buffer.from(await (await fetch(url)).arrayBuffer());
  const meta = await sharp(bytes).metadata();
  return { format: meta.format, width: meta.width, height: meta.height, exif: meta.exif };
}

describe("npm run images:backfill", () => {
  it("gives old images their sizes, points the campaign and the logo at them, and is idempotent", async () => {
    const shop = await business();
    // Held sideways, as a phone stores a portrait photo: 4032x3024 pixels, EXIF orientation 6.
    const photo = await sharp({
      create: {
        width: 4032,
        height: 3024,
        channels: 3,
        background: "#a8323a",
        noise: { type: "gaussian", mean: 120, sigma: 20 },
      },
    })
      .withExif({
        IFD0: { Make: "PhoneMaker" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "11/1 33/1 23/1" },
      })
      .withMetadata({ orientation: 6 })
      .jpeg({ quality: 85 })
      .toBuffer();
    const oldPhoto = await storeOld(shop, "0b0e5c4e-6f1a-4c39-9d36-2f4f5bb7d1a0.jpg", photo, "image/jpeg");
    const oldGif = await storeOld(shop, "5d1a3c86-5c8b-44a4-b5d0-3f4f5bb7d1a1.gif", gif(), "image/gif");
    const elsewhere = "https://images.example.com/scarf-1.jpg";
    const campaign = await createCampaign(shop, { image_urls: [oldPhoto, elsewhere, oldGif] });
    const logo = await sharp({ create: { width: 600, height: 300, channels: 4, background: "#0b5d52ff" } })
      .png()
      .toBuffer();
    const oldLogo = await storeOld(shop, "7c1a3c86-5c8b-44a4-b5d0-3f4f5bb7d1a2.png", logo, "image/png");
    await sql`update public.users set business_logo_url = ${oldLogo} where id = ${shop.user.id}`;

    const lines: string[] = [];
    const options = {
      databaseUrl: databaseUrl(),
      supabaseUrl: stackUrl(),
      secretKey: keys.secretKey,
      user: shop.user.id,
    };
    expect(await backfillImages({ ...options, log: (line) => lines.push(line) })).toEqual({ converted: 2, left: 1 });
    expect(lines).toContainEqual(expect.stringContaining(`left as it is (a GIF, which may be animated): ${oldGif}`));

    const [after] = await sql<{ image_urls: string[]; logo: string }[]>`
      select c.image_urls, u.business_logo_url as logo
      from public.campaigns c join public.users u on u.id = c.business_id where c.id = ${campaign.id}`;
    expect(after.image_urls.slice(1)).toEqual([elsewhere, oldGif]);
    const photoSet = parseImageUrl(after.image_urls[0])!;
    // Upright: 3024x4032 as seen, at most 1600 px.
    expect(photoSet.sizes.map((size) => [size.width, size.height])).toEqual([
      [1200, 1600],
      [600, 800],
      [300, 400],
      [96, 128],
    ]);
    expect(photoSet.placeholder).toMatch(/^#[0-9a-f]{6}$/);
    for (const size of photoSet.sizes) {
      expect(await served(size.url)).toEqual({
        format: "webp",
        width: size.width,
        height: size.height,
        exif: undefined,
      });
    }
    const logoSet = parseImageUrl(after.logo)!;
    expect(logoSet.sizes.map((size) => [size.width, size.height])).toEqual([
      [256, 256],
      [128, 128],
    ]);
    for (const size of logoSet.sizes) {
      expect(await served(size.url)).toMatchObject({ format: "webp", width: size.width, height: size.height });
    }

    // Nothing left to do; the originals are still served.
    expect(await backfillImages({ ...options, log: () => {} })).toEqual({ converted: 0, left: 1 });
    expect((await fetch(oldPhoto)).status).toBe(200);
    expect((await fetch(oldLogo)).status).toBe(200);
  });
});
