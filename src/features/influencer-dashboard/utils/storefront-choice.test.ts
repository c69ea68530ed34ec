import { describe, expect, it } from "vitest";
import { makeAffiliateLink } from "@/testing/fixtures/links.ts";
import { testId } from "@/testing/fixtures/ids.ts";
import { choosableLinks, keepChoosable, moveChosen, sameOrder, toggleChosen } from "./storefront-choice.ts";

const [a, b, c] = [testId(1), testId(2), testId(3)];

describe("storefront choice", () => {
  it("offers the approved links only, a closed campaign's among them", () => {
    const links = [
      makeAffiliateLink({ id: a, status: "approved" }),
      makeAffiliateLink({ id: b, status: "pending" }),
      makeAffiliateLink({ id: c, status: "approved", campaign_status: "inactive" }),
    ];
    expect(choosableLinks(links).map((link) => link.id)).toEqual([a, c]);
    expect(keepChoosable([c, b, a], choosableLinks(links))).toEqual([c, a]);
  });

  it("adds a shown link last and takes a hidden one out", () => {
    expect(toggleChosen([a], b, true)).toEqual([a, b]);
    expect(toggleChosen([a, b], b, true)).toEqual([a, b]);
    expect(toggleChosen([a, b, c], b, false)).toEqual([a, c]);
  });

  it("moves a link one place, and not past either end", () => {
    expect(moveChosen([a, b, c], c, -1)).toEqual([a, c, b]);
    expect(moveChosen([a, b, c], a, 1)).toEqual([b, a, c]);
    expect(moveChosen([a, b, c], a, -1)).toEqual([a, b, c]);
    expect(moveChosen([a, b, c], c, 1)).toEqual([a, b, c]);
  });

  it("tells a changed order from the same one", () => {
    expect(sameOrder([a, b], [a, b])).toBe(true);
    expect(sameOrder([a, b], [b, a])).toBe(false);
    expect(sameOrder([a], [a, b])).toBe(false);
  });
});
