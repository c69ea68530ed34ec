import { describe, expect, it } from "vitest";
import { readCallbackParams } from "./callback-params.ts";

describe("readCallbackParams", () => {
  it.each([
    ["?code=abc&state=s1", { kind: "code", code: "abc", state: "s1" }],
    ["?code=abc", { kind: "invalid" }],
    ["?state=s1", { kind: "invalid" }],
    ["", { kind: "invalid" }],
    [
      "?error=access_denied&error_description=The+user+denied+your+request.",
      { kind: "cancelled", reason: "The user denied your request." },
    ],
    ["?error=access_denied&code=abc&state=s1", { kind: "cancelled", reason: null }],
  ])("%s", (search, expected) => {
    expect(readCallbackParams(new URLSearchParams(search))).toEqual(expected);
  });
});
