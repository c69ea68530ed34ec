import { describe, expect, it } from "vitest";
import { linkState } from "./affiliate-link-card.tsx";

describe("linkState", () => {
  it.each([
    [{ status: "pending", campaign_status: "active", is_active: false }, "pending"],
    [{ status: "approved", campaign_status: "active", is_active: true }, "approved"],
    [{ status: "rejected", campaign_status: "active", is_active: false }, "rejected"],
    [{ status: "approved", campaign_status: "inactive", is_active: false }, "inactive"],
    [{ status: "pending", campaign_status: "inactive", is_active: false }, "inactive"],
    [{ status: "rejected", campaign_status: "inactive", is_active: false }, "rejected"],
    [{ status: "approved", is_active: false }, "inactive"],
    [{ status: "pending", is_active: false }, "pending"],
  ] as const)("%j -> %s", (link, state) => {
    expect(linkState(link)).toBe(state);
  });
});
