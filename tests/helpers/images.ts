// Tiny but complete images of each accepted type, built byte by byte for the upload tests.
import { PNG } from "pngjs";

/** A width x height PNG of one colour, encoded by pngjs. */
export function png(width = 2, height = 2, rgba: [number, number, number, number] = [192, 57, 43, 255]): Buffer {
  const image = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) image.data.set(rgba, i * 4);
  return PNG.sync.write(image);
}

/**
 * An 8x8 mid-grey baseline JPEG: one component, a quantisation table of ones, and Huffman tables
 * holding one 1-bit code each (DC difference category 0, AC end-of-block), so the single block's
 * entropy-coded data is the bits 00, padded with ones to 0x3F.
 */
export function jpeg(): Buffer {
  const segment = (marker: number, body: number[]) => [
    0xff,
    marker,
    (body.length + 2) >> 8,
    (body.length + 2) & 0xff,
    ...body,
  ];
  const oneCodeTable = (tableClass: number) => [tableClass << 4, 1, ...new Array(15).fill(0), 0x00];
  return Buffer.from([
    0xff,
    0xd8, // SOI
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]), // APP0 JFIF 1.1
    ...segment(0xdb, [0x00, ...new Array(64).fill(1)]), // DQT table 0
    ...segment(0xc0, [8, 0, 8, 0, 8, 1, 1, 0x11, 0]), // SOF0: 8-bit, 8x8, one component
    ...segment(0xc4, oneCodeTable(0)), // DHT DC 0
    ...segment(0xc4, oneCodeTable(1)), // DHT AC 0
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]), // SOS
    0x3f,
    0xff,
    0xd9, // EOI
  ]);
}

/** A 1x1 GIF89a: a two-colour global table and one LZW-coded pixel. */
export function gif(): Buffer {
  return Buffer.from([
    ...Buffer.from("GIF89a", "ascii"),
    1,
    0,
    1,
    0,
    0x80,
    0,
    0, // logical screen 1x1, global colour table of 2
    0xff,
    0xff,
    0xff,
    0,
    0,
    0, // white, black
    0x2c,
    0,
    0,
    0,
    0,
    1,
    0,
    1,
    0,
    0, // image descriptor 1x1 at 0,0
    2,
    2,
    0x44,
    0x01,
    0, // LZW minimum code size 2, one sub-block: clear, pixel 0, end
    0x3b, // trailer
  ]);
}
