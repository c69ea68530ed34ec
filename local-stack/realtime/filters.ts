// postgres_changes filters: `column=op.value`, op one of eq, neq, lt, lte, gt, gte, in
// (`in.(a,b,"c,d")`), plus what realtime-js's filter builder can also produce and is cheap to
// honour: `is.null|true|false`, a `not.` prefix, and several conditions joined by commas (all must
// hold). Values may be quoted PostgREST-style ("a,b", with \" and \\ escapes).
//
// Comparisons follow the column's type like the SQL comparison hosted Realtime performs: numbers
// numerically, timestamps by instant, uuids case-insensitively, booleans by truth value, other
// text by code points (Postgres would use the column's collation; equality is the same either way).
// A NULL column never matches a comparison, as in SQL.
import type { RelationInfo } from "./relations.ts";
import type { ValueKind } from "./pg-types.ts";
import type { RawTuple } from "./replication.ts";

export type FilterOperator = "eq" | "neq" | "lt" | "lte" | "gt" | "gte" | "in" | "is";
const OPERATORS = new Set<string>(["eq", "neq", "lt", "lte", "gt", "gte", "in", "is"]);

export interface FilterCondition {
  column: string;
  operator: FilterOperator;
  negate: boolean;
  /** One value for the scalar operators, several for `in`; for `is`: "null", "true", "false". */
  values: string[];
}

export class FilterSyntaxError extends Error {}

export function parseFilter(filter: string): FilterCondition[] {
  const pieces: string[] = [];
  for (const piece of splitOutside(filter, ",")) {
    // A piece without "=" is the tail of a value that contained an unquoted comma (older clients
    // did not quote): glue it back.
    if (!piece.includes("=") && pieces.length > 0) pieces[pieces.length - 1] += `,${piece}`;
    else pieces.push(piece);
  }
  return pieces.map(parseCondition);
}

function parseCondition(text: string): FilterCondition {
  const equals = text.indexOf("=");
  if (equals <= 0) throw new FilterSyntaxError(`filter "${text}" is not of the form column=operator.value`);
  const column = text.slice(0, equals).trim();
  let rest = text.slice(equals + 1);
  const negate = rest.startsWith("not.");
  if (negate) rest = rest.slice(4);
  const dot = rest.indexOf(".");
  const operator = dot < 0 ? rest : rest.slice(0, dot);
  if (!OPERATORS.has(operator)) {
    throw new FilterSyntaxError(`filter operator "${operator}" is not supported (eq, neq, lt, lte, gt, gte, in, is)`);
  }
  const valueText = dot < 0 ? "" : rest.slice(dot + 1);
  if (operator === "in") {
    if (!valueText.startsWith("(") || !valueText.endsWith(")")) {
      throw new FilterSyntaxError(`"in" filter needs a list in parentheses: ${text}`);
    }
    const inner = valueText.slice(1, -1);
    const values = inner === "" ? [] : splitOutside(inner, ",").map(unquote);
    if (values.length === 0) throw new FilterSyntaxError(`"in" filter needs at least one value: ${text}`);
    return { column, operator, negate, values };
  }
  if (operator === "is") {
    const value = valueText.toLowerCase();
    if (!["null", "true", "false", "unknown"].includes(value)) {
      throw new FilterSyntaxError(`"is" filter takes null, true, false or unknown: ${text}`);
    }
    return { column, operator, negate, values: [value === "unknown" ? "null" : value] };
  }
  return { column, operator: operator as FilterOperator, negate, values: [unquote(valueText)] };
}

/** Splits on `separator` where it is outside double quotes and parentheses. */
function splitOutside(text: string, separator: string): string[] {
  const parts: string[] = [];
  let current = "";
  let quoted = false;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted && char === "\\") {
      current += char + (text[i + 1] ?? "");
      i++;
      continue;
    }
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === "(") depth++;
    else if (!quoted && char === ")") depth--;
    if (char === separator && !quoted && depth === 0) {
      parts.push(current);
      current = "";
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts;
}

function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(.)/g, "$1");
  }
  return value;
}

/** True when the tuple satisfies every condition. */
export function filterMatches(conditions: FilterCondition[], tuple: RawTuple, relation: RelationInfo): boolean {
  return conditions.every((condition) => conditionMatches(condition, tuple, relation));
}

function conditionMatches(condition: FilterCondition, tuple: RawTuple, relation: RelationInfo): boolean {
  const column = relation.columnsByName.get(condition.column);
  if (!column) return false;
  const raw = tuple[condition.column];
  if (raw === undefined) return false; // not in this tuple (a key-only old row, unchanged TOAST)
  if (condition.operator === "is") {
    const target = condition.values[0];
    const result = target === "null" ? raw === null : raw !== null && compareValues("boolean", raw, target) === 0;
    return condition.negate ? !result : result;
  }
  if (raw === null) return false;
  const kind = column.type.kind;
  let result: boolean | null;
  if (condition.operator === "in") {
    const comparisons = condition.values.map((value) => compareValues(kind, raw, value));
    result = comparisons.includes(0) ? true : comparisons.includes(null) ? null : false;
  } else {
    const order = compareValues(kind, raw, condition.values[0]);
    result = order === null ? null : testOrder(condition.operator, order);
  }
  if (result === null) return false; // the value does not even parse as the column's type
  return condition.negate ? !result : result;
}

function testOrder(operator: FilterOperator, order: number): boolean {
  switch (operator) {
    case "eq":
      return order === 0;
    case "neq":
      return order !== 0;
    case "lt":
      return order < 0;
    case "lte":
      return order <= 0;
    case "gt":
      return order > 0;
    case "gte":
      return order >= 0;
    default:
      return false;
  }
}

/** Sign of (column value - filter value) under the column's type, or null if incomparable. */
function compareValues(kind: ValueKind, columnText: string, filterText: string): number | null {
  switch (kind) {
    case "number":
      return compareNumbers(columnText, filterText);
    case "boolean": {
      const a = parseBoolean(columnText);
      const b = parseBoolean(filterText);
      return a === null || b === null ? null : Number(a) - Number(b);
    }
    case "timestamptz":
    case "timestamp": {
      const a = instantMicros(columnText);
      const b = instantMicros(filterText);
      return a === null || b === null ? null : sign(a - b);
    }
    case "uuid":
      return compareText(normaliseUuid(columnText), normaliseUuid(filterText));
    default:
      return compareText(columnText, filterText);
  }
}

const sign = (value: number | bigint) => (value > 0 ? 1 : value < 0 ? -1 : 0);

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareNumbers(a: string, b: string): number | null {
  const integer = /^\s*[+-]?\d+\s*$/;
  // Integers beyond 2^53 (int8, numeric) must not collapse together: compare them exactly.
  if (integer.test(a) && integer.test(b)) return sign(BigInt(a.trim()) - BigInt(b.trim()));
  const x = Number(a);
  const y = Number(b.trim());
  if (b.trim() === "" || Number.isNaN(x) || Number.isNaN(y)) return null;
  return sign(x - y);
}

function parseBoolean(text: string): boolean | null {
  const value = text.trim().toLowerCase();
  if (["t", "true", "y", "yes", "on", "1"].includes(value)) return true;
  if (["f", "false", "n", "no", "off", "0"].includes(value)) return false;
  return null;
}

function normaliseUuid(text: string): string {
  return text.trim().toLowerCase().replace(/[{}-]/g, "");
}

/**
 * Microseconds since the epoch for an ISO-ish timestamp ("2024-01-02 03:04:05.123456+00",
 * "2024-01-02T03:04:05Z", "2024-01-02"). A value without an offset is taken as UTC, which is what
 * the stand-in's replication session uses, so both sides of a comparison agree.
 */
function instantMicros(text: string): number | null {
  const match =
    /^(\d{4,})-(\d\d)-(\d\d)(?:[T ](\d\d):(\d\d)(?::(\d\d)(?:\.(\d+))?)?)?\s*(Z|[+-]\d\d(?::?\d\d)?(?::?\d\d)?)?$/i.exec(
      text.trim(),
    );
  if (!match) return null;
  const [, year, month, day, hour = "0", minute = "0", second = "0", fraction = "", zone] = match;
  const millis = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  const micros = Number(fraction.padEnd(6, "0").slice(0, 6));
  let offsetMinutes = 0;
  if (zone && zone.toUpperCase() !== "Z") {
    const digits = zone.slice(1).replace(/:/g, "");
    offsetMinutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || "0");
    if (zone.startsWith("-")) offsetMinutes = -offsetMinutes;
  }
  return (millis - offsetMinutes * 60_000) * 1000 + micros;
}
