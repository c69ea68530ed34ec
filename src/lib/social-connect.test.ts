import { describe, expect, it, vi } from "vitest";
import { isMetaHash, oncePerCode, readCallbackParams } from "./social-connect.ts";

describe("readCallbackParams", () => {
  it.each([
    ["?code=abc&state=s1", { kind: "code", code: "abc", state: "s1" }],
    ["?code=abc", { kind: "invalid" }],
    ["?state=s1", { kind: "invalid" }],
    ["", { kind: "invalid" }],
    [
      "?error=access_denied&error_description=The+user+denied+your+request.",
      { kind: "cancelled", error: "access_denied", reason: "The user denied your request." },
    ],
    ["?error=access_denied&code=abc&state=s1", { kind: "cancelled", error: "access_denied", reason: null }],
    [
      "?error=access_denied&error_code=200&error_description=Permissions+error&error_reason=user_denied&state=s1",
      { kind: "cancelled", error: "access_denied", reason: "Permissions error" },
    ],
  ])("%s", (search, expected) => {
    expect(readCallbackParams(new URLSearchParams(search))).toEqual(expected);
  });
});

describe("isMetaHash", () => {
  it.each([
    ["#_=_", true],
    ["#_", true],
    ["", false],
    ["#features", false],
  ])("%s", (hash, expected) => {
    expect(isMetaHash(hash)).toBe(expected);
  });
});

describe("oncePerCode", () => {
  it("sends each code once and hands every caller that one answer", async () => {
    const send = vi.fn((input: { code: string; state: string }) => Promise.resolve(`answer to ${input.code}`));
    const once = oncePerCode(send);
    const answers = await Promise.all([
      once({ code: "a", state: "s" }),
      once({ code: "a", state: "s" }),
      once({ code: "b", state: "s" }),
    ]);
    expect(answers).toEqual(["answer to a", "answer to a", "answer to b"]);
    expect(send.mock.calls.map(([input]) => input.code)).toEqual(["a", "b"]);
  });
});
