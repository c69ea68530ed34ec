// The two bucket rules an upload must pass, decided the way hosted Storage decides them.
import { parse } from "smol-toml";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { storageErrors } from "./errors.ts";

/** Hosted Storage's own default when the project sets no global limit. */
const DEFAULT_GLOBAL_LIMIT = 50 * 1024 * 1024;

/**
 * Refuses `mimeType` unless a bucket entry allows it. Like hosted Storage the comparison is exact
 * on "type/subtype" as sent: "image/*" allows any image, but "image/png; charset=x" does not
 * match "image/png" (so a local upload fails exactly when a hosted one would).
 */
export function checkMimeType(mimeType: string, allowed: readonly string[] | null) {
  if (!allowed || allowed.length === 0) return;
  const [type, subtype, ...extra] = mimeType.split("/");
  if (subtype === undefined || extra.length > 0) throw storageErrors.invalidMimeType(mimeType);
  const permitted = allowed.some((entry) => {
    const [allowedType, allowedSubtype] = entry.split("/");
    return allowedType === type && (allowedSubtype === "*" || allowedSubtype === subtype);
  });
  if (!permitted) throw storageErrors.invalidMimeType(mimeType);
}

/** The largest object a bucket takes: its own file_size_limit, capped by the global limit. */
export function maxObjectSize(bucketLimit: number | null, globalLimit: number): number {
  return bucketLimit !== null && bucketLimit >= 0 ? Math.min(bucketLimit, globalLimit) : globalLimit;
}

/**
 * The project's global upload limit, as `supabase start` takes it: [storage] file_size_limit in
 * supabase/config.toml ("10MiB", "50MB", ... with binary multiples, as the CLI reads them).
 */
export function globalLimitFromConfig(root = join(import.meta.dirname, "..", "..")): number {
  let text: string;
  try {
    text = readFileSync(join(root, "supabase", "config.toml"), "utf8");
  } catch {
    return DEFAULT_GLOBAL_LIMIT;
  }
  const value = (parse(text).storage as { file_size_limit?: unknown } | undefined)?.file_size_limit;
  return (typeof value === "string" && parseSize(value)) || DEFAULT_GLOBAL_LIMIT;
}

export function parseSize(text: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([kmg]?)(?:i?b)?\s*$/i.exec(text);
  if (!match) return undefined;
  const power = { "": 0, k: 1, m: 2, g: 3 }[match[2].toLowerCase() as "" | "k" | "m" | "g"];
  return Math.floor(Number(match[1]) * 1024 ** power);
}
