// Photos are made the sizes the pages show before they leave the phone (issue 27; docs/architecture.md,
// "Images: made on the phone, named by what they hold"). A camera photo of 4032×3024 and 3-4 MB is
// decoded once, turned as its EXIF orientation says, and drawn at most 1600 px on its long side,
// then at 800, 400 and 128 px (contract/image-sets.ts); each is encoded as WebP, or where the browser
// cannot encode WebP as the photo's own JPEG or PNG. Re-encoding drops the EXIF (the shop's GPS
// position among it). A logo becomes a square of 256 px, the picture centred on a transparent
// ground. The placeholder colour is the picture's average, from its smallest size. A GIF, which may
// be animated, and a file the browser cannot decode are sent as they are: the server's own limits
// apply to them and they get no smaller sizes.
import { LOGO_SIDE, MAX_IMAGE_SIDE, scaledSize, variantSides } from "@contract/image-sets.ts";

export type ImageKind = "photo" | "logo";

export interface PreparedImage {
  image: File;
  /** The smaller sizes, by long side, largest first. */
  sizes: { side: number; file: File }[];
  /** `#rrggbb` */
  placeholder: string;
}

const QUALITY = 0.8;

/** `file` as a set of sizes ready to upload, or the file itself when it cannot be made one. */
export async function prepareImage(file: File, kind: ImageKind): Promise<PreparedImage | File> {
  const sourceType = file.type || typeFromName(file.name);
  if (sourceType !== "image/jpeg" && sourceType !== "image/png") return file;
  if (typeof createImageBitmap !== "function" || typeof document === "undefined") return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return file;
  }
  let main: HTMLCanvasElement | null;
  try {
    main =
      kind === "logo" ? squareLogo(bitmap) : scaled(bitmap, scaledSize(bitmap.width, bitmap.height, MAX_IMAGE_SIDE));
  } finally {
    bitmap.close();
  }
  if (!main) return file;

  // Every size is drawn from the one before it (as sharp as one step, far less work than from
  // 1600 px), then all are encoded together. In the bench's phone profile (CPU 4× slower) the
  // whole of this takes about 0.6 s for a 12-megapixel photo.
  const canvases: { side: number | null; canvas: HTMLCanvasElement }[] = [{ side: null, canvas: main }];
  for (const side of variantSides(main.width, main.height)) {
    const canvas = scaled(canvases[canvases.length - 1].canvas, scaledSize(main.width, main.height, side));
    if (!canvas) return file;
    canvases.push({ side, canvas });
  }
  // WebP where the browser encodes it (Chromium, Firefox); Safari answers PNG for it, so the
  // photo's own type is used there, and PNG for a logo (its transparent margins).
  let type = "image/webp";
  let blobs = await Promise.all(canvases.map(({ canvas }) => encode(canvas, type)));
  if (blobs.some((blob) => !blob)) {
    type = kind === "logo" ? "image/png" : sourceType;
    blobs = await Promise.all(canvases.map(({ canvas }) => encode(canvas, type)));
  }
  if (blobs.some((blob) => !blob)) return file;
  const stem = file.name.replace(/\.[^.]*$/, "") || "image";
  const extension = type === "image/webp" ? "webp" : type === "image/png" ? "png" : "jpg";
  const named = (blob: Blob | null, side: number | null) =>
    new File([blob!], `${stem}${side ? `-${side}` : ""}.${extension}`, { type });
  return {
    image: named(blobs[0], null),
    sizes: canvases.slice(1).map(({ side }, i) => ({ side: side!, file: named(blobs[i + 1], side) })),
    placeholder: averageColour(canvases[canvases.length - 1].canvas),
  };
}

function scaled(source: CanvasImageSource, size: { width: number; height: number }): HTMLCanvasElement | null {
  const canvas = document.createElement("canvas");
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext("2d");
  if (!context) return null;
  context.imageSmoothingQuality = "high";
  context.drawImage(source, 0, 0, size.width, size.height);
  return canvas;
}

/** The logo centred, whole, in a transparent square (a wide wordmark is not cut). */
function squareLogo(bitmap: ImageBitmap): HTMLCanvasElement | null {
  const side = Math.min(LOGO_SIDE, Math.max(bitmap.width, bitmap.height));
  const fit = scaledSize(bitmap.width, bitmap.height, side);
  const canvas = document.createElement("canvas");
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext("2d");
  if (!context) return null;
  context.imageSmoothingQuality = "high";
  context.drawImage(bitmap, (side - fit.width) / 2, (side - fit.height) / 2, fit.width, fit.height);
  return canvas;
}

async function encode(canvas: HTMLCanvasElement, type: string): Promise<Blob | null> {
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, type, type === "image/png" ? undefined : QUALITY),
  );
  return blob && blob.type === type ? blob : null;
}

/** The picture's average colour as `#rrggbb` (transparent parts count as white, as the page behind them). */
function averageColour(canvas: HTMLCanvasElement): string {
  const one = document.createElement("canvas");
  one.width = 1;
  one.height = 1;
  const context = one.getContext("2d");
  if (!context) return "#eeeeee";
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, 1, 1);
  context.imageSmoothingQuality = "high";
  context.drawImage(canvas, 0, 0, 1, 1);
  const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
  return `#${[r, g, b].map((value) => value.toString(16).padStart(2, "0")).join("")}`;
}

function typeFromName(name: string): string {
  if (/\.jpe?g$/i.test(name)) return "image/jpeg";
  if (/\.png$/i.test(name)) return "image/png";
  return "";
}
