// `npm run images:backfill`: gives the images a marketplace stored before sizes existed (issue 27)
// their sizes, as the app makes them for a new upload (docs/architecture.md, "Images: made on the
// phone, named by what they hold"): every campaign image and shop logo in the campaign-images
// bucket whose name carries no placeholder colour is read, turned upright, stored again as WebP at
// most 1600 px (a logo: a 256 px square) with its 800, 400 and 128 px sizes, without its EXIF,
// and the campaigns and the shop that pointed at it are moved to the new URL.
//
//   SUPABASE_DB_URL=postgres://… SUPABASE_URL=https://<ref>.supabase.co \
//   SUPABASE_SECRET_KEY=sb_secret_… npm run images:backfill [-- --user <user id>]
//
// `--user` converts one account's images only (a shop, to try it first).
// Idempotent and resumable: an image already converted is not listed again, and the new names are
// derived from the old one, so a run stopped between storing and pointing simply stores the same
// files again. Each image is moved by one statement of its own. The originals stay in the bucket (nothing
// is deleted; a link copied elsewhere keeps working). Links to other sites and GIFs (which may be
// animated) are left as they are and counted.
import { createHash } from "node:crypto";
import { pathToFileURL } from "node:url";
import postgres from "postgres";
import sharp from "sharp";
import {
  imageObjectName,
  LOGO_SIDE,
  MAX_IMAGE_SIDE,
  parseImageUrl,
  scaledSize,
  variantSides,
} from "../supabase/functions/_shared/contract/image-sets.ts";

const BUCKET = "campaign-images";
const QUALITY = 80;

export interface BackfillOptions {
  databaseUrl: string;
  supabaseUrl: string;
  secretKey: string;
  /** Only the images in this account's folder. */
  user?: string;
  log?: (line: string) => void;
}

export interface BackfillCounts {
  converted: number;
  /** Links to other sites, GIFs, and files that could not be read (each logged with why). */
  left: number;
}

type Kind = "photo" | "logo";

interface MadeImage {
  name: string;
  files: { name: string; bytes: Buffer }[];
}

export async function backfillImages(options: BackfillOptions): Promise<BackfillCounts> {
  const log = options.log ?? console.log;
  const supabaseUrl = options.supabaseUrl.replace(/\/+$/, "");
  const prefix = `${supabaseUrl}/storage/v1/object/public/${BUCKET}/`;
  const sql = postgres(options.databaseUrl, { max: 1, onnotice: () => {} });
  const counts: BackfillCounts = { converted: 0, left: 0 };
  try {
    const images = await sql<{ url: string; kind: Kind }[]>`
      select distinct url, 'photo' as kind from public.campaigns, unnest(image_urls) as url
      union
      select business_logo_url, 'logo' from public.users where business_logo_url is not null
      order by 1, 2`;
    for (const { url, kind } of images) {
      if (parseImageUrl(url)?.placeholder) continue; // made with its sizes already
      const path = url.startsWith(prefix) ? decodeURIComponent(url.slice(prefix.length)) : null;
      if (options.user && !path?.startsWith(`${options.user}/`)) continue;
      if (!path || !path.includes("/")) {
        counts.left += 1;
        log(`left as it is (not in the ${BUCKET} bucket): ${url}`);
        continue;
      }
      let made: MadeImage | string;
      try {
        made = await makeSizes(url, path, kind);
      } catch (error) {
        made = `it cannot be read: ${(error as Error).message}`;
      }
      if (typeof made === "string") {
        counts.left += 1;
        log(`left as it is (${made}): ${url}`);
        continue;
      }
      for (const file of made.files) await store(supabaseUrl, options.secretKey, file);
      const newUrl = `${prefix}${made.name}`;
      if (kind === "photo") {
        await sql`update public.campaigns set image_urls = array_replace(image_urls, ${url}, ${newUrl})
                  where ${url} = any(image_urls)`;
      } else {
        await sql`update public.users set business_logo_url = ${newUrl} where business_logo_url = ${url}`;
      }
      counts.converted += 1;
      log(`${kind} ${path} -> ${made.name} (${made.files.map((file) => file.bytes.length).join(" / ")} bytes)`);
    }
  } finally {
    await sql.end();
  }
  log(`images:backfill: ${counts.converted} converted, ${counts.left} left as they are`);
  return counts;
}

/**
 * Stores one file as the api function does (api/lib/storage.ts: the secret key as `apikey`, a
 * year-long cache), but replacing a file of that name: a name is only ever given the same content
 * here, made from the same original.
 */
async function store(supabaseUrl: string, secretKey: string, file: { name: string; bytes: Buffer }) {
  const path = [BUCKET, ...file.name.split("/")].map(encodeURIComponent).join("/");
  const res = await fetch(`${supabaseUrl}/storage/v1/object/${path}`, {
    method: "POST",
    headers: {
      apikey: secretKey,
      "content-type": "image/webp",
      "cache-control": "max-age=31536000",
      "x-upsert": "true",
    },
    body: new Uint8Array(file.bytes),
  });
  if (!res.ok) throw new Error(`Storage refused ${file.name}: ${res.status} ${await res.text()}`);
  await res.body?.cancel();
}

/** The image at `url` made as the SPA makes an upload (src/lib/prepare-image.ts), or why not. */
async function makeSizes(url: string, path: string, kind: Kind): Promise<MadeImage | string> {
  const res = await fetch(url);
  if (!res.ok) return `HTTP ${res.status}`;
  const original = Buffer.from(await res.arrayBuffer());
  const meta = await sharp(original).metadata();
  if (meta.format === "gif") return "a GIF, which may be animated";
  // Upright as its EXIF orientation says; the EXIF itself is not copied to what sharp writes.
  const upright = await sharp(original).rotate().toBuffer({ resolveWithObject: true });
  const { width, height } = upright.info;
  let main: ReturnType<typeof sharp>;
  let size: { width: number; height: number };
  if (kind === "logo") {
    const side = Math.min(LOGO_SIDE, Math.max(width, height));
    size = { width: side, height: side };
    main = sharp(upright.data).resize(side, side, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } });
  } else {
    size = scaledSize(width, height, MAX_IMAGE_SIDE);
    main = sharp(upright.data).resize(size.width, size.height, { fit: "fill" });
  }
  const mainBytes = await main.webp({ quality: QUALITY }).toBuffer();
  const sizes: { side: number; bytes: Buffer }[] = [];
  for (const side of variantSides(size.width, size.height)) {
    const scaled = scaledSize(size.width, size.height, side);
    sizes.push({
      side,
      bytes: await sharp(mainBytes)
        .resize(scaled.width, scaled.height, { fit: "fill" })
        .webp({ quality: QUALITY })
        .toBuffer(),
    });
  }
  // The average colour, transparent parts counted as white (the page behind them).
  const pixel = await sharp(sizes.at(-1)?.bytes ?? mainBytes)
    .flatten({ background: "#ffffff" })
    .resize(1, 1, { fit: "fill" })
    .raw()
    .toBuffer();
  const placeholder = `#${[...pixel.subarray(0, 3)].map((value) => value.toString(16).padStart(2, "0")).join("")}`;

  const folder = path.slice(0, path.indexOf("/"));
  // Derived from the original and the kind: a second run makes the same names.
  const hash = createHash("sha256").update(`${kind}:${path}`).digest("hex");
  const id = `${hash.slice(0, 8)}-${hash.slice(8, 12)}-${hash.slice(12, 16)}-${hash.slice(16, 20)}-${hash.slice(20, 32)}`;
  const image = { id, ...size, placeholder, extension: "webp" as const };
  const name = imageObjectName(folder, image);
  return {
    name,
    files: [
      { name, bytes: mainBytes },
      ...sizes.map(({ side, bytes }) => ({ name: imageObjectName(folder, image, side), bytes })),
    ],
  };
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (see the comment at the top of local-stack/images-backfill.ts)`);
  return value;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const secretKey = required("SUPABASE_SECRET_KEY");
  if (!secretKey.startsWith("sb_secret_")) throw new Error("SUPABASE_SECRET_KEY must be a secret key (sb_secret_...)");
  const userAt = process.argv.indexOf("--user");
  await backfillImages({
    databaseUrl: required("SUPABASE_DB_URL"),
    supabaseUrl: required("SUPABASE_URL"),
    secretKey,
    user: userAt > 0 ? process.argv[userAt + 1] : undefined,
  });
}
