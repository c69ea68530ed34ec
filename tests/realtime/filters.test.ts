// The stand-in's pure parts: filter parsing and matching, and Postgres array literals.
import { describe, expect, it } from "vitest";
import { FilterSyntaxError, filterMatches, parseFilter } from "../../local-stack/realtime/filters.ts";
import type { TypeInfo, ValueKind } from "../../local-stack/realtime/pg-types.ts";
import type { RelationInfo } from "../../local-stack/realtime/relations.ts";

function relation(columns: Record<string, ValueKind>): RelationInfo {
  const list = Object.entries(columns).map(([name, kind]) => ({ name, type: { name: kind, kind } as TypeInfo }));
  return {
    oid: 1,
    schema: "public",
    table: "t",
    columns: list,
    columnsByName: new Map(list.map((column) => [column.name, column])),
    keyColumns: ["id"],
    identityFull: false,
    rlsEnabled: true,
  };
}

const table = relation({ id: "number", name: "string", at: "timestamptz", owner: "uuid", done: "boolean" });
const matches = (filter: string, row: Record<string, string | null>) => filterMatches(parseFilter(filter), row, table);

describe("realtime filters", () => {
  it("parses operators, negation, quoting and several conditions", () => {
    expect(parseFilter("id=eq.5")).toEqual([{ column: "id", operator: "eq", negate: false, values: ["5"] }]);
    expect(parseFilter('name=in.(a,"b,c","d\\"e")')[0].values).toEqual(["a", "b,c", 'd"e']);
    expect(parseFilter("id=not.in.(1,2)")[0]).toMatchObject({ operator: "in", negate: true, values: ["1", "2"] });
    expect(parseFilter("id=gt.1,name=eq.x")).toHaveLength(2);
    expect(parseFilter("name=eq.a,b")).toEqual([{ column: "name", operator: "eq", negate: false, values: ["a,b"] }]);
    expect(() => parseFilter("id=like.5")).toThrow(FilterSyntaxError);
    expect(() => parseFilter("id=in.1,2")).toThrow(FilterSyntaxError);
    expect(() => parseFilter("nonsense")).toThrow(FilterSyntaxError);
  });

  it("compares by column type", () => {
    expect(matches("id=lt.10", { id: "9" })).toBe(true);
    expect(matches("id=lt.10", { id: "10" })).toBe(false);
    expect(matches("id=gt.9007199254740992", { id: "9007199254740993" })).toBe(true); // beyond 2^53
    expect(matches("id=eq.abc", { id: "1" })).toBe(false); // not a number: no match
    expect(matches("name=gt.B", { name: "a" })).toBe(true);
    expect(matches("at=gt.2024-01-01T00:00:00Z", { at: "2024-01-01 00:00:00.000001+00" })).toBe(true);
    expect(matches("at=eq.2024-01-01T02:00:00+02:00", { at: "2024-01-01 00:00:00+00" })).toBe(true);
    expect(
      matches(`owner=eq.A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11`, { owner: "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11" }),
    ).toBe(true);
    expect(matches("done=eq.true", { done: "t" })).toBe(true);
    expect(matches("done=is.false", { done: "f" })).toBe(true);
  });

  it("never matches NULL except with is.null, nor a column the row lacks", () => {
    expect(matches("name=neq.x", { name: null })).toBe(false);
    expect(matches("name=not.eq.x", { name: null })).toBe(false);
    expect(matches("name=is.null", { name: null })).toBe(true);
    expect(matches("name=not.is.null", { name: "x" })).toBe(true);
    expect(matches("name=eq.x", { id: "1" })).toBe(false);
    expect(matches("missing=eq.x", { id: "1" })).toBe(false);
  });
});
