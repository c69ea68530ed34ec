import { describe, expect, it } from "vitest";
import { sortCampaigns } from "./sort-campaigns.ts";

const campaigns = [
  { id: "a", created_at: "2026-11-20T10:00:00Z", commission_rate: 0.1 },
  { id: "b", created_at: "2026-11-22T09:00:00Z", commission_rate: 0.05 },
  { id: "c", created_at: "2026-11-21T08:00:00Z", commission_rate: 0.25 },
  { id: "d", created_at: "2026-11-19T08:00:00Z", commission_rate: 0.25 },
];
const ids = (list: { id: string }[]) => list.map((item) => item.id);

describe("sortCampaigns", () => {
  it("Newest: by created_at, newest first", () => {
    expect(ids(sortCampaigns(campaigns, "newest"))).toEqual(["b", "c", "a", "d"]);
  });

  it("Highest Commission: highest rate first, ties newest first", () => {
    expect(ids(sortCampaigns(campaigns, "commission"))).toEqual(["c", "d", "a", "b"]);
  });

  it("leaves the input as it was", () => {
    const before = ids(campaigns);
    sortCampaigns(campaigns, "commission");
    expect(ids(campaigns)).toEqual(before);
  });

  it("handles an empty list", () => {
    expect(sortCampaigns([], "newest")).toEqual([]);
  });
});
