// Response compression for the gateway, as a CDN in front of a static host and the Supabase
// edge would do it: br when the client accepts it, else gzip, only for text-like types.
import { readFileSync, statSync } from "node:fs";
import {
  constants,
  brotliCompressSync,
  createBrotliCompress,
  createGzip,
  gzipSync,
  type BrotliCompress,
  type Gzip,
} from "node:zlib";

export type Encoding = "br" | "gzip";

/** Below this size the headers cost more than compression saves. */
export const MIN_COMPRESSIBLE_BYTES = 1024;

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;

export function isCompressible(contentType: string | undefined): boolean {
  return contentType !== undefined && COMPRESSIBLE.test(contentType);
}

/** The best encoding the Accept-Encoding header allows (a `;q=0` entry refuses one). */
export function pickEncoding(acceptEncoding: string | string[] | undefined): Encoding | undefined {
  const accepted = new Set<string>();
  for (const part of String(acceptEncoding ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const refused = params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param));
    if (name && !refused) accepted.add(name);
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  return undefined;
}

/** A streaming compressor for proxied responses (fast settings: these are compressed per request). */
export function compressStream(encoding: Encoding): BrotliCompress | Gzip {
  return encoding === "br"
    ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    : createGzip({ level: 6 });
}

// Static files are compressed once at the highest setting and kept until the file changes.
const fileCache = new Map<string, { version: string; body: Buffer }>();

export function compressedFile(path: string, encoding: Encoding): Buffer {
  const stat = statSync(path);
  const key = `${encoding}:${path}`;
  const version = `${stat.mtimeMs}:${stat.size}`;
  const cached = fileCache.get(key);
  if (cached?.version === version) return cached.body;
  const raw = readFileSync(path);
  const body =
    encoding === "br"
      ? brotliCompressSync(raw, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
        })
      : gzipSync(raw, { level: 9 });
  fileCache.set(key, { version, body });
  return body;
}
