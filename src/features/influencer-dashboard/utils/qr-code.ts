// QR codes for affiliate links (docs/product.md, "Affiliate links (applications)"): a PNG 256 px
// wide, a 2-module quiet zone, black on white, downloaded as 'QR-' + the campaign name with spaces
// turned to hyphens + '.png'.
import QRCode, { type QRCodeToDataURLOptions } from "qrcode";

export const qrCodeOptions = {
  type: "image/png",
  width: 256,
  margin: 2,
  errorCorrectionLevel: "M",
  color: { dark: "#000000", light: "#ffffff" },
} as const satisfies QRCodeToDataURLOptions;

/** 'QR-' + the campaign name with each run of spaces turned to one hyphen + '.png'. */
export function qrFileName(campaignName: string): string {
  return `QR-${campaignName.trim().replace(/\s+/g, "-")}.png`;
}

// qrcode sizes the image as floor(modules * (width / modules)); in floating point that is 255 for
// some symbol sizes (versions 7 and 35: 49 and 161 modules with the margin). A millionth of a
// pixel more keeps every version at exactly 256 without changing any module's pixels.
const WIDTH_ROUNDING_GUARD = 1e-6;

/** The QR code of `text` as a PNG data URL, exactly 256 px wide whatever its version. */
export function qrCodeDataUrl(text: string): Promise<string> {
  return QRCode.toDataURL(text, {
    ...qrCodeOptions,
    width: qrCodeOptions.width + WIDTH_ROUNDING_GUARD,
    color: { ...qrCodeOptions.color },
  });
}

/** Generates the QR code of `text` and has the browser download it as `fileName`. */
export async function downloadQrCode(text: string, fileName: string): Promise<void> {
  const dataUrl = await qrCodeDataUrl(text);
  const anchor = document.createElement("a");
  anchor.href = dataUrl;
  anchor.download = fileName;
  anchor.rel = "noopener";
  anchor.style.display = "none";
  document.body.append(anchor);
  try {
    anchor.click();
  } finally {
    anchor.remove();
  }
}

/** The QR code of `text` as an SVG data URL, to show on the page: sharp at any size, drawn without a canvas. */
export async function qrCodeSvgUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, {
    type: "svg",
    margin: qrCodeOptions.margin,
    errorCorrectionLevel: qrCodeOptions.errorCorrectionLevel,
    color: { ...qrCodeOptions.color },
  });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
