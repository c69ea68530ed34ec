// Reading the KHQR string out of a photo or screenshot of a bank app's "Receive" code: the image
// is drawn on a canvas (scaled down, since phone photos are large and jsQR's time grows with the
// pixels) and its pixels are handed to jsQR. The decoding is split from the drawing so it can be
// tested without a browser's canvas.
import jsQR from "jsqr";

/** RGBA pixels, as ImageData and pngjs give them. */
export interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** The longest side a photo is scaled to before decoding: a QR in it keeps enough pixels per module. */
const MAX_SIDE = 1200;

/** The text of the QR code in these pixels, or null when none is found. */
export function decodeQrPixels(pixels: Pixels): string | null {
  // Some bank apps show the code light on dark: try both.
  const found = jsQR(pixels.data, pixels.width, pixels.height, { inversionAttempts: "attemptBoth" });
  return found?.data ? found.data : null;
}

/** The pixels of an image file (scaled so its longest side is at most MAX_SIDE). Browser only. */
export async function imageFilePixels(file: Blob): Promise<Pixels> {
  const bitmap = await createImageBitmap(file);
  try {
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext("2d", { willReadFrequently: true });
    if (!context) throw new Error("no canvas");
    context.drawImage(bitmap, 0, 0, width, height);
    const image = context.getImageData(0, 0, width, height);
    return { data: image.data, width, height };
  } finally {
    bitmap.close();
  }
}

/** The text of the QR code in an image file, or null when the image shows none. */
export async function readQrFromImage(file: Blob): Promise<string | null> {
  return decodeQrPixels(await imageFilePixels(file));
}
