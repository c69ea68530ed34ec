// A phone camera's photo, made at run time for the upload test and `npm run bench:web`: 4032×3024,
// a scene of soft shapes with sensor-like noise, so that as a JPEG it weighs what a real one does
// (3-4 MB; a flat picture would compress to almost nothing and flatter every figure), and an EXIF
// block with a GPS position, as a phone writes it. The picture is drawn by the browser's canvas
// (`drawCameraPhoto`, run in the page); the EXIF block is spliced in here, byte by byte.

/**
 * Runs in the page: the photo as a JPEG data URL (far quicker out of the page than an array of
 * numbers). Self-contained, as page.evaluate needs.
 */
export async function drawCameraPhoto(): Promise<string> {
  const canvas = document.createElement("canvas");
  canvas.width = 4032;
  canvas.height = 3024;
  const context = canvas.getContext("2d")!;
  const sky = context.createLinearGradient(0, 0, 0, canvas.height);
  sky.addColorStop(0, "#c9dbe8");
  sky.addColorStop(1, "#e9dfcf");
  context.fillStyle = sky;
  context.fillRect(0, 0, canvas.width, canvas.height);
  // A folded scarf and two spools of thread on a table: large soft shapes, as product photos are.
  for (const [x, y, r, colour] of [
    [2016, 1700, 1100, "#a8323a"],
    [1100, 2300, 420, "#d8a73c"],
    [3050, 2250, 380, "#2f6f63"],
  ] as const) {
    const fill = context.createRadialGradient(x - r / 3, y - r / 3, r / 8, x, y, r);
    fill.addColorStop(0, colour);
    fill.addColorStop(1, "#3b2a24");
    context.fillStyle = fill;
    context.beginPath();
    context.arc(x, y, r, 0, Math.PI * 2);
    context.fill();
  }
  // Texture that survives resizing (the weave of the cloth, the grain of the table: a value per
  // 6×6 cell, ±16 levels), then sensor noise per pixel (±12): together what keeps a real photo at
  // 3-4 MB as a JPEG and its 1600 px copy at a few hundred KB.
  const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
  let seed = 20261126;
  const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) >>> 8;
  const cellsPerRow = Math.ceil(canvas.width / 6);
  const texture = Int8Array.from({ length: cellsPerRow * Math.ceil(canvas.height / 6) }, () => (random() % 33) - 16);
  for (let i = 0; i < pixels.data.length; i += 4) {
    const pixel = i / 4;
    const cell = Math.floor(pixel / canvas.width / 6) * cellsPerRow + Math.floor((pixel % canvas.width) / 6);
    const grain = random();
    pixels.data[i] += texture[cell] + (grain % 25) - 12;
    pixels.data[i + 1] += texture[cell] + ((grain >>> 5) % 25) - 12;
    pixels.data[i + 2] += texture[cell] + ((grain >>> 10) % 25) - 12;
  }
  context.putImageData(pixels, 0, 0);
  const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), "image/jpeg", 0.92));
  return new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsDataURL(blob);
  });
}

/** The JPEG from `drawCameraPhoto` with an EXIF block (APP1) naming the phone and a GPS position. */
export function withCameraExif(dataUrl: string): Buffer {
  const plain = Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
  const body = Buffer.concat([
    Buffer.from("Exif\0\0", "latin1"),
    Buffer.from([0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]),
    Buffer.from("PhoneMaker GPS 11.5564N 104.9282E", "latin1"),
  ]);
  const length = body.length + 2;
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, length >> 8, length & 0xff]), body]);
  return Buffer.concat([plain.subarray(0, 2), app1, plain.subarray(2)]);
}

/** True when the bytes hold nothing of that EXIF block. */
export function withoutCameraExif(bytes: Buffer): boolean {
  return !bytes.includes(Buffer.from("Exif\0\0", "latin1")) && !bytes.includes(Buffer.from("GPS 11.5564N", "latin1"));
}
