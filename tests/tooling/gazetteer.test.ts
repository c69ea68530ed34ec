// The gazetteer shipped in supabase/data/gazetteer.json (docs/architecture.md, "Places: the
// national gazetteer") against its source's counts, its own consistency, and the SQL generated
// from it (supabase/schemas/04_zones_gazetteer.sql, which the database loads).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { GAZETTEER_SQL, gazetteerSql, readGazetteer } from "../../local-stack/gazetteer-sql.ts";

const gazetteer = readGazetteer();

// Districts and communes per province, counted in the source's data files (dwilkie/pumi
// data/districts.yml and data/communes.yml at commit 4bd000ba81e51fec99282858315180903e2aedc5, the
// NCDD export of 2026-06-01).
const SOURCE_COUNTS: Record<string, [districts: number, communes: number]> = {
  "01": [9, 67],
  "02": [14, 103],
  "03": [10, 109],
  "04": [8, 71],
  "05": [9, 88],
  "06": [9, 81],
  "07": [9, 93],
  "08": [13, 127],
  "09": [7, 29],
  "10": [7, 48],
  "11": [5, 21],
  "12": [14, 105],
  "13": [8, 51],
  "14": [13, 116],
  "15": [7, 49],
  "16": [9, 50],
  "17": [13, 100],
  "18": [6, 29],
  "19": [6, 34],
  "20": [8, 80],
  "21": [10, 100],
  "22": [5, 24],
  "23": [2, 5],
  "24": [2, 8],
  "25": [7, 64],
};

const countBy = (codes: string[]) =>
  codes.reduce<Record<string, number>>(
    (counts, code) => ({ ...counts, [code.slice(0, 2)]: (counts[code.slice(0, 2)] ?? 0) + 1 }),
    {},
  );

describe("the shipped gazetteer", () => {
  it("has its source's 25 provinces, 210 districts and 1,652 communes, province by province", () => {
    expect(gazetteer.provinces).toHaveLength(25);
    expect(gazetteer.districts).toHaveLength(210);
    expect(gazetteer.communes).toHaveLength(1652);
    const districts = countBy(gazetteer.districts.map(([code]) => code));
    const communes = countBy(gazetteer.communes.map(([code]) => code));
    const shipped = Object.fromEntries(gazetteer.provinces.map(([code]) => [code, [districts[code], communes[code]]]));
    expect(shipped).toEqual(SOURCE_COUNTS);
  });

  it("names every place in Latin letters and in Khmer script, under a code that nests in its parent's", () => {
    const codes = new Set<string>();
    const levels = [
      [gazetteer.provinces, 2, ["capital", "province"]],
      [gazetteer.districts, 4, ["khan", "srok", "krong"]],
      [gazetteer.communes, 6, ["sangkat", "khum"]],
    ] as const;
    for (const [places, digits, kinds] of levels) {
      for (const [code, nameEn, nameKm, kind] of places) {
        expect(code).toMatch(new RegExp(`^[0-9]{${digits}}$`));
        expect(codes.has(code), code).toBe(false);
        if (digits > 2) expect(codes.has(code.slice(0, digits - 2)), `${code}'s parent`).toBe(true);
        codes.add(code);
        expect(nameEn.trim(), code).toBe(nameEn);
        expect(nameEn, code).toMatch(/^[A-Za-zâ0-9' -]+$/);
        // NCDD tells two communes of one name apart with a letter in angle quotes: កោះធំ ‹ក›.
        expect(nameKm, code).toMatch(/^[\u1780-\u17FF\u19E0-\u19FF ‹›]+$/);
        expect(kinds as readonly string[]).toContain(kind);
      }
    }
    expect(gazetteer.provinces.filter(([, , , kind]) => kind === "capital").map(([code]) => code)).toEqual(["12"]);
  });

  it("is what the database loads: 04_zones_gazetteer.sql is generated from it (npm run gazetteer:sql)", () => {
    expect(readFileSync(GAZETTEER_SQL, "utf8")).toBe(gazetteerSql(gazetteer));
  });
});
