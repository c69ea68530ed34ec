import { describe, expect, it } from "vitest";
import { linkState } from "./affiliate-link-card.tsx";

describe("linkState", () => {
  it.each([
    [{ status: "pending", campaign_status: "active" }, "pending"],
    [{ status: "approved", campaign_status: "active" }, "approved"],
    [{ status: "rejected", campaign_status: "active" }, "rejected"],
    [{ status: "approved", campaign_status: "inactive" }, "inactive"],
    [{ status: "pending", campaign_status: "inactive" }, "inactive"],
    [{ status: "rejected", campaign_status: "inactive" }, "rejected"],
  ] as const)("%j -> %s", (link, state) => {
    expect(linkState(link)).toBe(state);
  });
});
