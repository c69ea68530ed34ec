// Column types as realtime-js expects them, and the JSON value of a column as hosted Realtime
// sends it.
//
// Hosted Realtime names each column's type by pg_type.typname ("int8", "_text", "timestamptz",
// an enum's own name...) and sends values as to_jsonb would render them: numbers as JSON numbers,
// booleans as booleans, json/jsonb as JSON, arrays as JSON arrays, timestamps in ISO form. pgoutput
// only gives the text output of each value, so this module maps type OIDs to those names and
// converts the text. Built-in types are known statically; any other OID (enums, domains, extension
// types) is looked up once in pg_type.
import type { Sql } from "postgres";
import { parse as parseArrayLiteral } from "postgres-array";

/** An array value's element texts (null for NULL), nested for multi-dimensional arrays. */
type PgArray = Array<string | null | PgArray>;

/** How a value's text is turned into JSON (and compared by filters). */
export type ValueKind =
  "number" | "boolean" | "json" | "timestamptz" | "timestamp" | "timetz" | "uuid" | "string" | "array";

export interface TypeInfo {
  /** pg_type.typname: the name realtime-js's transformers switch on. */
  name: string;
  kind: ValueKind;
  /** Element type, for arrays. */
  element?: TypeInfo;
}

const scalar = (name: string, kind: ValueKind): TypeInfo => ({ name, kind });

// OID -> type, for the built-in types (their OIDs are fixed across Postgres versions).
const BUILTIN_SCALARS: Record<number, TypeInfo> = {
  16: scalar("bool", "boolean"),
  17: scalar("bytea", "string"),
  18: scalar("char", "string"),
  19: scalar("name", "string"),
  20: scalar("int8", "number"),
  21: scalar("int2", "number"),
  23: scalar("int4", "number"),
  25: scalar("text", "string"),
  26: scalar("oid", "string"),
  114: scalar("json", "json"),
  142: scalar("xml", "string"),
  650: scalar("cidr", "string"),
  700: scalar("float4", "number"),
  701: scalar("float8", "number"),
  790: scalar("money", "string"),
  829: scalar("macaddr", "string"),
  869: scalar("inet", "string"),
  1042: scalar("bpchar", "string"),
  1043: scalar("varchar", "string"),
  1082: scalar("date", "string"),
  1083: scalar("time", "string"),
  1114: scalar("timestamp", "timestamp"),
  1184: scalar("timestamptz", "timestamptz"),
  1186: scalar("interval", "string"),
  1266: scalar("timetz", "timetz"),
  1560: scalar("bit", "string"),
  1562: scalar("varbit", "string"),
  1700: scalar("numeric", "number"),
  2950: scalar("uuid", "uuid"),
  3614: scalar("tsvector", "string"),
  3802: scalar("jsonb", "json"),
  3904: scalar("int4range", "string"),
  3906: scalar("numrange", "string"),
  3908: scalar("tsrange", "string"),
  3910: scalar("tstzrange", "string"),
  3912: scalar("daterange", "string"),
  3926: scalar("int8range", "string"),
};

// Array OID -> element OID, for the built-in array types.
const BUILTIN_ARRAYS: Record<number, number> = {
  1000: 16,
  1001: 17,
  1002: 18,
  1003: 19,
  1005: 21,
  1007: 23,
  1009: 25,
  1014: 1042,
  1015: 1043,
  1016: 20,
  1021: 700,
  1022: 701,
  1028: 26,
  1115: 1114,
  1182: 1082,
  1183: 1083,
  1185: 1184,
  1187: 1186,
  1231: 1700,
  1270: 1266,
  199: 114,
  2951: 2950,
  3807: 3802,
  791: 790,
  1041: 869,
  651: 650,
};

/** Resolves type OIDs to TypeInfo: built-ins from the tables above, the rest from pg_type. */
export class TypeResolver {
  private readonly known = new Map<number, TypeInfo>();

  constructor(private readonly sql: Sql) {
    for (const [oid, info] of Object.entries(BUILTIN_SCALARS)) this.known.set(Number(oid), info);
    for (const [oid, elementOid] of Object.entries(BUILTIN_ARRAYS)) {
      const element = BUILTIN_SCALARS[elementOid];
      this.known.set(Number(oid), { name: `_${element.name}`, kind: "array", element });
    }
  }

  /** Type info for `oid`, looking up pg_type for any not yet known. */
  async resolve(oids: number[]): Promise<Map<number, TypeInfo>> {
    let missing = [...new Set(oids)].filter((oid) => !this.known.has(oid));
    // Domains and arrays refer to other types that may be unknown too: follow them.
    const rows = new Map<number, PgTypeRow>();
    while (missing.length > 0) {
      const found = await this.sql<PgTypeRow[]>`
        select oid::int as oid, typname, typtype, typcategory, typelem::int as typelem,
               typbasetype::int as typbasetype
        from pg_catalog.pg_type where oid = any(${missing}::oid[])`;
      for (const row of found) rows.set(row.oid, row);
      for (const oid of missing) if (!rows.has(oid)) rows.set(oid, unknownTypeRow(oid));
      missing = found
        .flatMap((row) => [row.typelem, row.typbasetype])
        .filter((oid) => oid !== 0 && !this.known.has(oid) && !rows.has(oid));
    }
    const build = (oid: number): TypeInfo => {
      const cached = this.known.get(oid);
      if (cached) return cached;
      const row = rows.get(oid) ?? unknownTypeRow(oid);
      let info: TypeInfo;
      if (row.typtype === "d" && row.typbasetype !== 0) {
        // A domain renders like its base type but keeps its own name.
        const base = build(row.typbasetype);
        info = { ...base, name: row.typname };
      } else if (row.typcategory === "A" && row.typelem !== 0) {
        info = { name: row.typname, kind: "array", element: build(row.typelem) };
      } else {
        info = { name: row.typname, kind: "string" };
      }
      this.known.set(oid, info);
      return info;
    };
    return new Map(oids.map((oid) => [oid, build(oid)]));
  }
}

interface PgTypeRow {
  oid: number;
  typname: string;
  typtype: string;
  typcategory: string;
  typelem: number;
  typbasetype: number;
}

function unknownTypeRow(oid: number): PgTypeRow {
  return { oid, typname: String(oid), typtype: "b", typcategory: "U", typelem: 0, typbasetype: 0 };
}

/** The JSON value hosted Realtime would send for a column's text value. */
export function textToJson(text: string, type: TypeInfo): unknown {
  switch (type.kind) {
    case "number": {
      // NaN and Infinity have no JSON number form; to_jsonb keeps them as strings too.
      const value = Number(text);
      return Number.isFinite(value) ? value : text;
    }
    case "boolean":
      return text === "t";
    case "json":
      try {
        return JSON.parse(text);
      } catch {
        return text;
      }
    case "timestamptz":
      return isoTimestamp(text);
    case "timestamp":
      return text.replace(" ", "T");
    case "timetz":
      return withFullOffset(text);
    case "array":
      try {
        return arrayToJson(parseArrayLiteral(text) as PgArray, type.element ?? { name: "text", kind: "string" });
      } catch {
        return text;
      }
    default:
      return text;
  }
}

function arrayToJson(items: PgArray, element: TypeInfo): unknown[] {
  return items.map((item) =>
    item === null ? null : Array.isArray(item) ? arrayToJson(item, element) : textToJson(item, element),
  );
}

/** "2024-01-02 03:04:05.123456+00" -> "2024-01-02T03:04:05.123456+00:00" (the to_jsonb form). */
export function isoTimestamp(text: string): string {
  return withFullOffset(text.replace(" ", "T"));
}

/** Postgres prints whole-hour offsets as "+00"; ISO 8601 (and to_jsonb) wants "+00:00". */
function withFullOffset(text: string): string {
  return text.replace(/([+-]\d\d)$/, "$1:00");
}
