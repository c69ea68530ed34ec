import jsQR from "jsqr";
import { PNG } from "pngjs";
import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { qrCodeDataUrl, qrCodeOptions, qrFileName } from "./qr-code.ts";

function decodePngDataUrl(dataUrl: string) {
  const [header, base64] = dataUrl.split(",");
  expect(header).toBe("data:image/png;base64");
  return PNG.sync.read(Buffer.from(base64, "base64"));
}

describe("qrCodeOptions", () => {
  it("are the documented ones: 256 px, margin 2, black on white", () => {
    expect(qrCodeOptions).toMatchObject({
      type: "image/png",
      width: 256,
      margin: 2,
      color: { dark: "#000000", light: "#ffffff" },
    });
  });
});

describe("qrFileName", () => {
  it.each([
    ["Silk Scarf", "QR-Silk-Scarf.png"],
    ["Organic Coffee Beans 1kg", "QR-Organic-Coffee-Beans-1kg.png"],
    ["Soap", "QR-Soap.png"],
    ["  Two  spaces ", "QR-Two-spaces.png"],
  ])("%j -> %s", (name, file) => {
    expect(qrFileName(name)).toBe(file);
  });
});

describe("qrCodeDataUrl", () => {
  it.each([
    "http://127.0.0.1:54321/checkout?influencer_id=00000000-0000-4000-8000-000000000002&product_id=11111111-2222-4333-8444-555555555555",
    "https://shoplink.com.kh/checkout?influencer_id=a&product_id=b",
  ])("is a 256 px black-on-white PNG that decodes back to the link (%s)", async (link) => {
    const png = decodePngDataUrl(await qrCodeDataUrl(link));
    expect(png.width).toBe(256);
    expect(png.height).toBe(256);
    const colours = new Set<string>();
    for (let i = 0; i < png.data.length; i += 4)
      colours.add(`${png.data[i]},${png.data[i + 1]},${png.data[i + 2]},${png.data[i + 3]}`);
    expect([...colours].sort()).toEqual(["0,0,0,255", "255,255,255,255"]);
    // the quiet zone: the corner pixel is white
    expect([...png.data.subarray(0, 4)]).toEqual([255, 255, 255, 255]);
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(link);
  });
});

describe("qrCodeDataUrl width", () => {
  const textOf = (n: number) => `https://shoplink.example/checkout?influencer_id=${"a".repeat(n)}`;
  const versionOf = (n: number) => QRCode.create(textOf(n), { errorCorrectionLevel: "M" }).version;

  /** The shortest text of this family that needs `version` (versions grow with the length). */
  function textForVersion(version: number): string {
    let low = 0;
    let high = 2300;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (versionOf(mid) >= version) high = mid;
      else low = mid + 1;
    }
    return textOf(low);
  }

  it("is 256 px for every symbol version (7 and 35 round down to 255 without the guard)", async () => {
    for (let version = versionOf(0); version <= 40; version++) {
      const text = textForVersion(version);
      expect(QRCode.create(text, { errorCorrectionLevel: "M" }).version).toBe(version);
      const png = decodePngDataUrl(await qrCodeDataUrl(text));
      expect([version, png.width, png.height]).toEqual([version, 256, 256]);
    }
    // Forty symbols encoded and decoded: CPU-bound work that takes several seconds on a busy
    // 2-core machine, so it gets more than vitest's 5 s default (this checks sizes, not speed).
  }, 60_000);
});
