// The missing-key check: every catalog has the same ids in English and Khmer, every message is
// valid ICU, and a translation keeps the parameters of the English text.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileCatalog } from "../../tooling/vite-lingui-catalogs.ts";

const files = readdirSync("src", { recursive: true, encoding: "utf8" })
  .filter((file) => /(^|\/)locales\/[a-z]+\.json$/.test(file))
  .map((file) => join("src", file));
const folders = [...new Set(files.map((file) => dirname(file)))].sort();

function read(file: string): Record<string, string> {
  return JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
}

function parameters(message: string): string {
  return [...message.matchAll(/\{(\w+)/g)]
    .map((match) => match[1])
    .sort()
    .join(",");
}

describe("translation catalogs", () => {
  it("exist, in both languages", () => {
    expect(folders.length).toBeGreaterThan(10);
    expect(files).toHaveLength(folders.length * 2);
  });

  it.each(folders)("%s: same ids in en.json and km.json, valid ICU, same parameters", (folder) => {
    const en = read(`${folder}/en.json`);
    const km = read(`${folder}/km.json`);
    expect({ missingInKhmer: Object.keys(en).filter((id) => !(id in km)) }).toEqual({ missingInKhmer: [] });
    expect({ missingInEnglish: Object.keys(km).filter((id) => !(id in en)) }).toEqual({ missingInEnglish: [] });
    expect(() => compileCatalog(en, `${folder}/en.json`)).not.toThrow();
    expect(() => compileCatalog(km, `${folder}/km.json`)).not.toThrow();
    const changed = Object.keys(en).filter((id) => parameters(en[id]) !== parameters(km[id] ?? ""));
    expect({ parametersDiffer: changed }).toEqual({ parametersDiffer: [] });
    const empty = Object.keys(km).filter((id) => !km[id].trim() || !en[id].trim());
    expect({ empty }).toEqual({ empty: [] });
  });

  // The API's texts are English, so their catalog's ids are the English texts and only Khmer has
  // a file (src/lib/i18n/server-messages/km.json).
  it("server messages: a Khmer text for each English one, valid ICU", () => {
    const km = read("src/lib/i18n/server-messages/km.json");
    expect(Object.keys(km).length).toBeGreaterThan(100);
    expect(() => compileCatalog(km, "server-messages/km.json")).not.toThrow();
    const untranslated = Object.keys(km).filter((english) => !/[\u1780-\u17FF]/.test(km[english]));
    expect({ untranslated }).toEqual({ untranslated: [] });
  });
});
