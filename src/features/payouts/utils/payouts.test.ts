import { describe, expect, it } from "vitest";
import type { PayoutItem } from "@contract/payouts.ts";
import { testId } from "@/testing/fixtures/ids.ts";
import { makePayoutItem } from "@/testing/fixtures/payouts.ts";
import { combinedLiveStatus } from "@/lib/live-status.ts";
import {
  completedPayouts,
  endedPayouts,
  hasBankDetails,
  newlyCompleted,
  pendingIds,
  pendingPayout,
  requestBlock,
  ZERO_SUMMARY,
} from "./payouts.ts";

const ids = { a: testId(1), b: testId(2), c: testId(3), p: testId(4) };

const item = (id: keyof typeof ids, status: PayoutItem["status"], completedAt: string | null = null): PayoutItem =>
  makePayoutItem({
    payout_request_id: ids[id],
    status,
    requested_at: "2026-11-01T00:00:00Z",
    completed_at: completedAt,
    aba_reference: completedAt ? `ABA-${id}` : null,
  });

describe("payout rules", () => {
  it("history is the completed requests, most recently completed first", () => {
    const items = [
      item("a", "completed", "2026-11-02T00:00:00Z"),
      item("p", "pending"),
      item("b", "completed", "2026-11-05T00:00:00Z"),
    ];
    expect(completedPayouts(items).map((i) => i.payout_request_id)).toEqual([ids.b, ids.a]);
    expect(pendingPayout(items)?.payout_request_id).toBe(ids.p);
    expect(pendingPayout([])).toBeNull();
  });

  it("a user's history is every ended request, completed, cancelled or rejected, the most recently ended first", () => {
    const items = [
      item("a", "completed", "2026-11-02T00:00:00Z"),
      item("p", "pending"),
      makePayoutItem({ payout_request_id: ids.b, status: "cancelled", cancelled_at: "2026-11-05T00:00:00Z" }),
      makePayoutItem({ payout_request_id: ids.c, status: "rejected", rejected_at: "2026-11-03T00:00:00Z" }),
    ];
    expect(endedPayouts(items).map((i) => i.payout_request_id)).toEqual([ids.b, ids.c, ids.a]);
    expect(completedPayouts(items).map((i) => i.payout_request_id)).toEqual([ids.a]);
  });

  it("needs all three bank fields, not blank", () => {
    expect(hasBankDetails({ bank_name: "ABA", account_name: "Dara", account_number: "1" })).toBe(true);
    expect(hasBankDetails({ bank_name: "ABA", account_name: " ", account_number: "1" })).toBe(false);
    expect(hasBankDetails({ bank_name: null, account_name: "Dara", account_number: "1" })).toBe(false);
    expect(hasBankDetails({ bank_name: "ABA", account_name: "Dara", account_number: null })).toBe(false);
  });

  it("blocks a request while pending, without bank details, or with nothing (or less) available", () => {
    const available = { ...ZERO_SUMMARY, available_for_payout_cents: 500 };
    expect(requestBlock(available, null, true)).toBeNull();
    expect(requestBlock(available, item("p", "pending"), true)).toBe("pending");
    expect(requestBlock({ ...available, requested_balance_cents: 100 }, null, true)).toBe("pending");
    expect(requestBlock(available, null, false)).toBe("bank-details");
    expect(requestBlock(ZERO_SUMMARY, null, true)).toBe("nothing-available");
    expect(requestBlock({ ...ZERO_SUMMARY, available_for_payout_cents: -1 }, null, true)).toBe("nothing-available");
  });

  it("finds the requests that were pending and are now completed", () => {
    const before = pendingIds([item("a", "pending"), item("b", "completed", "2026-11-02T00:00:00Z")]);
    expect([...before]).toEqual([ids.a]);
    const after = [
      item("a", "completed", "2026-11-03T00:00:00Z"),
      item("b", "completed", "2026-11-02T00:00:00Z"),
      item("c", "pending"),
    ];
    expect(newlyCompleted(before, after).map((i) => i.payout_request_id)).toEqual([ids.a]);
  });

  it("combines live statuses", () => {
    expect(combinedLiveStatus("live", "live")).toBe("live");
    expect(combinedLiveStatus("live", "connecting")).toBe("connecting");
    expect(combinedLiveStatus("connecting", "offline")).toBe("offline");
  });
});
