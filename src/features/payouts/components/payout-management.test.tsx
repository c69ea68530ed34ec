import { act } from "react";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Route, Routes } from "react-router-dom";
import type { User } from "@contract/auth.ts";
import type { PayoutItem, PayoutSummaryResponse } from "@contract/payouts.ts";
import { API } from "@contract/routes.ts";
import { fail, fakeApi } from "@/testing/fake-api.ts";
import { testId } from "@/testing/fixtures/ids.ts";
import { makeBusinessPayoutSummary, makeInfluencerPayoutSummary, makePayoutItem } from "@/testing/fixtures/payouts.ts";
import { makeUser } from "@/testing/fixtures/users.ts";
import { render, type Rendered } from "@/testing/render.tsx";
import { PayoutManagement } from "./payout-management.tsx";

type Options = { onChange: () => void; table: string; event: string; topic: string | null };
const realtime = vi.hoisted(() => ({ channels: new Map<string, Options>() }));
vi.mock("@/lib/realtime.ts", () => ({
  useTableChanges: (options: Options) => {
    realtime.channels.set(options.table, options);
    return "live";
  },
}));

const BUSINESS_ID = testId(1);
const INFLUENCER_ID = testId(2);

function summaryOf(
  cents: {
    earned: number;
    requested?: number;
    completed?: number;
    available: number;
    pending?: number;
    gross?: number;
    fees?: number;
    commissions?: number;
  },
  business = true,
) {
  const balances = {
    earned_balance_cents: cents.earned,
    requested_balance_cents: cents.requested ?? 0,
    total_completed_cents: cents.completed ?? 0,
    available_for_payout_cents: cents.available,
    pending_balance_cents: cents.pending ?? 0,
  };
  return business
    ? makeBusinessPayoutSummary({
        ...balances,
        total_earnings_cents: cents.gross ?? 0,
        total_platform_fees_cents: cents.fees ?? 0,
        total_influencer_commissions_cents: cents.commissions ?? 0,
      })
    : makeInfluencerPayoutSummary(balances);
}

function item(id: string, status: PayoutItem["status"], cents: number, extra: Partial<PayoutItem> = {}) {
  return makePayoutItem({
    payout_request_id: `${id}0000000-0000-4000-8000-000000000000`.slice(0, 36),
    user_id: BUSINESS_ID,
    email: "seller@example.com",
    user_type: "business",
    status,
    requested_at: "2026-11-20T03:00:00Z",
    completed_at: status === "completed" ? "2026-11-21T05:30:00Z" : null,
    aba_reference: status === "completed" ? `ABA-${id.toUpperCase()}` : null,
    total_amount_cents: cents,
    transaction_count: 2,
    product_names: ["Coffee Beans", "Silk Scarf"],
    ...extra,
  });
}

const business = (extra: Partial<User> = {}): User =>
  makeUser({
    id: BUSINESS_ID,
    email: "seller@example.com",
    user_type: "business",
    bank_name: "ABA Bank",
    account_name: "Sok Dara",
    account_number: "000 123 456",
    ...extra,
  });

const influencer = (extra: Partial<User> = {}): User =>
  business({ id: INFLUENCER_ID, email: "creator@example.com", user_type: "influencer", ...extra });

/** What GET /payouts/summary answers; a request for a payout changes it, as the server would. */
let summaryAnswer: PayoutSummaryResponse;
let view: Rendered;

beforeEach(() => {
  realtime.channels.clear();
  summaryAnswer = {
    summary: summaryOf({
      earned: 9180,
      completed: 3060,
      available: 6120,
      gross: 10800,
      fees: 1620,
      commissions: 1200,
    }),
    history: [item("a", "completed", 3060)],
    next_cursor: null,
  };
  fakeApi.on(API.payoutSummary, () => summaryAnswer);
  fakeApi.on(API.requestPayout, () => {
    const pending = item("b", "pending", 6120, { requested_at: "2026-11-22T03:00:00Z" });
    summaryAnswer = {
      summary: summaryOf({
        earned: 9180,
        requested: 6120,
        completed: 3060,
        available: 0,
        gross: 10800,
        fees: 1620,
        commissions: 1200,
      }),
      history: [pending, item("a", "completed", 3060)],
      next_cursor: null,
    };
    return {
      message: "Payout requested. An admin will send it to your bank account by ABA transfer.",
      payout: pending,
    };
  });
});

afterEach(() => {
  localStorage.clear();
});

const text = () => view.container.textContent ?? "";
/** The balances shown, label to amount. */
const stats = () =>
  Object.fromEntries(
    within(screen.getByLabelText("Your balances"))
      .getAllByRole("term")
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );
const requestButton = () => screen.getByRole<HTMLButtonElement>("button", { name: "Request Payout" });
const dialog = () => screen.queryByRole("dialog");
const historyRows = () => {
  const list = screen.queryByRole("list", { name: "Past payouts" });
  return list ? [...list.children].filter((row): row is HTMLElement => row instanceof HTMLElement) : [];
};
const toasts = () => [...document.querySelectorAll(".toast__message")].map((toast) => toast.textContent);
const alerts = () => screen.queryAllByRole("alert").map((alert) => alert.querySelector(".alert__text")?.textContent);
const posts = () => fakeApi.calls(API.requestPayout).length;
const summaryCalls = () => fakeApi.calls(API.payoutSummary).length;

describe("Payout Management (business)", () => {
  it("shows the balances, the business breakdown and the completed payouts, and listens to the user's payouts and orders", async () => {
    view = await render(<PayoutManagement user={business()} />);
    await waitFor(() => expect(historyRows()).toHaveLength(1));
    expect(screen.getAllByRole("heading", { level: 2 })[0].textContent).toBe("Payout Management");
    expect(stats()).toEqual({
      "Available for payout": "$61.20",
      "On hold (recent deliveries)": "$0.00",
      "Net earnings (after fees)": "$91.80",
      "Requested (pending)": "$0.00",
      "Total paid out": "$30.60",
      "Total earnings (gross)": "$108.00",
      "Platform fees (15%)": "$16.20",
      "Influencer commissions": "$12.00",
    });
    const row = historyRows()[0];
    expect(row.getAttribute("aria-label")).toBe("Payout of $30.60, ABA reference ABA-A");
    for (const part of ["$30.60", "Nov 21, 2026", "ABA-A", "Transactions2", "Coffee Beans, Silk Scarf"])
      expect(row.textContent).toContain(part);
    expect(requestButton().disabled).toBe(false);
    expect(realtime.channels.get("payout_requests")).toMatchObject({ event: "*", topic: `shop:${BUSINESS_ID}` });
    // Earnings change with an order update (delivered, reverted, cleared), never with a new order.
    expect(realtime.channels.get("orders")).toMatchObject({ event: "UPDATE", topic: `shop:${BUSINESS_ID}` });
    expect(screen.getByLabelText("Live updates: Live").textContent).toBe("Live");
  });

  it("requests a payout after the user confirms the amount, says so and shows the request as awaiting admin", async () => {
    view = await render(<PayoutManagement user={business()} />);
    await waitFor(() => expect(requestButton().disabled).toBe(false));
    fireEvent.click(requestButton());
    expect(posts()).toBe(0);
    const shown = dialog()!;
    expect(shown.textContent).toContain("Request a payout");
    expect(shown.textContent).toContain("$61.20");
    expect(shown.textContent).toContain("ABA Bank, Sok Dara, account 000 123 456");
    fireEvent.click(within(shown).getByRole("button", { name: "Confirm" }));
    await waitFor(() =>
      expect(toasts()).toContain("Payout requested. An admin will send it to your bank account by ABA transfer."),
    );
    expect(posts()).toBe(1);
    expect(dialog()).toBeNull();
    await waitFor(() => expect(text()).toContain("Awaiting admin"));
    expect(text()).toContain("$61.20 requested on Nov 22, 2026");
    expect(text()).toContain("awaiting admin.");
    expect(requestButton().disabled).toBe(true);
    expect(stats()["Requested (pending)"]).toBe("$61.20");
    // The pending request is not history (docs/product.md, "Payout cards").
    expect(historyRows()).toHaveLength(1);
  });

  it("cancels a pending request after the user confirms its amount; the history shows it cancelled", async () => {
    const pending = item("b", "pending", 6120, { requested_at: "2026-11-22T03:00:00Z" });
    summaryAnswer = {
      summary: summaryOf({ earned: 9180, requested: 6120, completed: 3060, available: 0 }),
      history: [pending, item("a", "completed", 3060)],
      next_cursor: null,
    };
    fakeApi.on(API.cancelPayoutRequest, () => {
      const cancelled = { ...pending, status: "cancelled" as const, cancelled_at: "2026-11-22T04:00:00Z" };
      summaryAnswer = {
        summary: summaryOf({ earned: 9180, completed: 3060, available: 6120 }),
        history: [cancelled, item("a", "completed", 3060)],
        next_cursor: null,
      };
      return { message: "Payout request cancelled. Its amount is available again.", payout: cancelled };
    });
    view = await render(<PayoutManagement user={business()} />);
    await waitFor(() => expect(text()).toContain("Awaiting admin"));
    fireEvent.click(screen.getByRole("button", { name: "Cancel request" }));
    const shown = dialog()!;
    expect(shown.textContent).toContain("Your request for $61.20 will be cancelled");
    expect(fakeApi.calls(API.cancelPayoutRequest)).toHaveLength(0);
    fireEvent.click(within(shown).getByRole("button", { name: "Cancel request" }));
    await waitFor(() => expect(toasts()).toContain("Payout request cancelled. Its amount is available again."));
    expect(fakeApi.calls(API.cancelPayoutRequest)).toHaveLength(1);
    await waitFor(() => expect(requestButton().disabled).toBe(false));
    expect(text()).not.toContain("Awaiting admin");
    const [cancelledRow, completedRow] = historyRows();
    expect(cancelledRow.getAttribute("aria-label")).toBe("Cancelled payout request of $61.20");
    expect(cancelledRow.textContent).toContain("Cancelled");
    expect(completedRow.getAttribute("aria-label")).toBe("Payout of $30.60, ABA reference ABA-A");
  });

  it("keeps the request when the user says so in the cancel dialog", async () => {
    summaryAnswer = {
      ...summaryAnswer,
      history: [item("b", "pending", 6120), item("a", "completed", 3060)],
    };
    view = await render(<PayoutManagement user={business()} />);
    await waitFor(() => expect(text()).toContain("Awaiting admin"));
    fireEvent.click(screen.getByRole("button", { name: "Cancel request" }));
    fireEvent.click(within(dialog()!).getByRole("button", { name: "Keep the request" }));
    expect(dialog()).toBeNull();
    expect(fakeApi.calls(API.cancelPayoutRequest)).toHaveLength(0);
  });

  it("shows a rejected request with the admin's reason, and a corrected reference with why", async () => {
    summaryAnswer = {
      ...summaryAnswer,
      history: [
        item("c", "rejected", 2000, { rejected_at: "2026-11-23T02:00:00Z", rejection_reason: "Wrong account name" }),
        item("a", "completed", 3060, {
          aba_reference: "ABA-100",
          reference_corrections: [
            {
              previous_reference: "ABA-1O0",
              aba_reference: "ABA-100",
              reason: "Typed O for 0",
              corrected_at: "2026-11-22T01:00:00.000Z",
            },
          ],
        }),
      ],
    };
    view = await render(<PayoutManagement user={business()} />);
    await waitFor(() => expect(historyRows()).toHaveLength(2));
    const [rejected, completed] = historyRows();
    expect(rejected.getAttribute("aria-label")).toBe("Rejected payout request of $20.00");
    expect(rejected.textContent).toContain("Reason for rejectionWrong account name");
    expect(rejected.textContent).not.toContain("ABA reference");
    expect(completed.textContent).toContain("ABA-100");
    expect(completed.textContent).toContain("Reference correctedWas ABA-1O0: Typed O for 0");
  });

  it("cancelling the dialog sends nothing", async () => {
    view = await render(<PayoutManagement user={business()} />);
    await waitFor(() => expect(requestButton().disabled).toBe(false));
    fireEvent.click(requestButton());
    fireEvent.click(within(dialog()!).getByRole("button", { name: "Cancel" }));
    expect(dialog()).toBeNull();
    expect(posts()).toBe(0);
  });

  it("a refused request says 'Failed to request payout: ' with the server's reason", async () => {
    fakeApi.on(API.requestPayout, fail("conflict", "You have no available balance to request a payout."));
    view = await render(<PayoutManagement user={business()} />);
    await waitFor(() => expect(requestButton().disabled).toBe(false));
    fireEvent.click(requestButton());
    fireEvent.click(within(dialog()!).getByRole("button", { name: "Confirm" }));
    await waitFor(() =>
      expect(alerts()).toContain("Failed to request payout: You have no available balance to request a payout."),
    );
    expect(toasts()).toContain("Failed to request payout: You have no available balance to request a payout.");
    expect(posts()).toBe(1);
  });

  it("without bank details the button is disabled and the SPEC hint links to the profile", async () => {
    view = await render(<PayoutManagement user={business({ account_number: "  " })} />);
    await waitFor(() =>
      expect(text()).toContain(
        "Please complete your bank account information in your profile before requesting a payout.",
      ),
    );
    expect(requestButton().disabled).toBe(true);
    expect(screen.getByRole("link", { name: "Go to your profile" }).getAttribute("href")).toBe("/business/profile");
  });

  it("is disabled with nothing available", async () => {
    summaryAnswer = {
      summary: summaryOf({ earned: 3060, completed: 3060, available: 0 }),
      history: [item("a", "completed", 3060)],
      next_cursor: null,
    };
    view = await render(<PayoutManagement user={business()} />);
    await waitFor(() => expect(text()).toContain("There is no balance available to request yet."));
    expect(stats()["Available for payout"]).toBe("$0.00");
    expect(requestButton().disabled).toBe(true);
  });

  it("shows a negative balance as owed and refuses a request", async () => {
    summaryAnswer = {
      summary: summaryOf({ earned: 2760, completed: 3060, available: -300 }),
      history: [item("a", "completed", 3060)],
      next_cursor: null,
    };
    view = await render(<PayoutManagement user={business()} />);
    await waitFor(() => expect(text()).toContain("You owe $3.00. It will be deducted from your next earnings."));
    expect(stats()["You owe"]).toBe("$3.00");
    expect(stats()["Available for payout"]).toBeUndefined();
    expect(requestButton().disabled).toBe(true);
  });

  it("on a summary error shows zero amounts, no history and the error", async () => {
    fakeApi.on(API.payoutSummary, fail("internal", "Something broke"));
    view = await render(<PayoutManagement user={business()} />);
    await waitFor(() => expect(alerts()).toContain("Something broke"));
    expect(Object.values(stats()).every((value) => value === "$0.00")).toBe(true);
    expect(Object.keys(stats())).toHaveLength(8);
    expect(historyRows()).toHaveLength(0);
    expect(requestButton().disabled).toBe(true);
  });

  it("a 401 on the summary signs the user out and goes to /login", async () => {
    localStorage.setItem("token", "header.e30.signature");
    fakeApi.on(API.payoutSummary, fail("unauthorized", "Invalid or expired token"));
    view = await render(
      <Routes>
        <Route path="/login" element={<p>Sign in page</p>} />
        <Route path="*" element={<PayoutManagement user={business()} />} />
      </Routes>,
      "/business/dashboard",
    );
    await waitFor(() => expect(text()).toBe("Sign in page"));
    expect(localStorage.getItem("token")).toBeNull();
  });

  it("Refresh refetches, and a realtime change refetches and announces a completed payout once", async () => {
    const pending = item("b", "pending", 6120, { requested_at: "2026-11-22T03:00:00Z" });
    summaryAnswer = {
      summary: summaryOf({ earned: 9180, requested: 6120, completed: 3060, available: 0 }),
      history: [pending, item("a", "completed", 3060)],
      next_cursor: null,
    };
    view = await render(<PayoutManagement user={business()} />);
    await waitFor(() => expect(text()).toContain("Awaiting admin"));
    const before = summaryCalls();
    fireEvent.click(screen.getByRole("button", { name: "Refresh" }));
    await waitFor(() => expect(summaryCalls()).toBe(before + 1));
    expect(toasts()).toEqual([]);

    // An admin completes it: the change arrives through realtime.
    summaryAnswer = {
      summary: summaryOf({ earned: 9180, completed: 9180, available: 0 }),
      history: [
        item("b", "completed", 6120, { aba_reference: "ABA-778899", completed_at: "2026-11-22T06:00:00Z" }),
        item("a", "completed", 3060),
      ],
      next_cursor: null,
    };
    await act(async () => realtime.channels.get("payout_requests")?.onChange());
    await waitFor(() => expect(historyRows()).toHaveLength(2));
    expect(toasts()).toEqual(["Your payout of $61.20 was completed (ABA reference ABA-778899)."]);
    expect(text()).not.toContain("Awaiting admin");
    expect(historyRows()[0].textContent).toContain("ABA-778899");
    expect(stats()["Total paid out"]).toBe("$91.80");

    // An order change refetches too; nothing new to announce.
    const calls = summaryCalls();
    await act(async () => realtime.channels.get("orders")?.onChange());
    await waitFor(() => expect(summaryCalls()).toBe(calls + 1));
    expect(toasts()).toHaveLength(1);
  });
});

describe("Commission & Payout Management (influencer)", () => {
  it("has the influencer title, no business figures, the SPEC empty message and the influencer's order filter", async () => {
    summaryAnswer = { summary: summaryOf({ earned: 0, available: 0 }, false), history: [], next_cursor: null };
    view = await render(<PayoutManagement user={influencer()} />);
    await waitFor(() =>
      expect(text()).toContain("No commission earnings yet. Start promoting your affiliate links to earn commissions!"),
    );
    expect(screen.getAllByRole("heading", { level: 2 })[0].textContent).toBe("Commission & Payout Management");
    expect(Object.keys(stats())).toEqual([
      "Available for payout",
      "On hold (recent deliveries)",
      "Commissions earned",
      "Requested (pending)",
      "Total paid out",
    ]);
    expect(requestButton().disabled).toBe(true);
    expect(realtime.channels.get("orders")?.topic).toBe(`influencer:${INFLUENCER_ID}`);
    expect(realtime.channels.get("payout_requests")?.topic).toBe(`influencer:${INFLUENCER_ID}`);
  });

  it("requests a payout and is then disabled while it is pending", async () => {
    summaryAnswer = { summary: summaryOf({ earned: 400, available: 400 }, false), history: [], next_cursor: null };
    view = await render(<PayoutManagement user={influencer()} />);
    await waitFor(() => expect(requestButton().disabled).toBe(false));
    expect(text()).toContain("No completed payouts yet.");
    fireEvent.click(requestButton());
    expect(dialog()?.textContent).toContain("$4.00");
    fireEvent.click(within(dialog()!).getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(text()).toContain("Awaiting admin"));
    expect(posts()).toBe(1);
    expect(requestButton().disabled).toBe(true);
  });

  it("links the bank hint to the influencer profile", async () => {
    summaryAnswer = { summary: summaryOf({ earned: 400, available: 400 }, false), history: [], next_cursor: null };
    view = await render(<PayoutManagement user={influencer({ bank_name: null })} />);
    await waitFor(() =>
      expect(text()).toContain(
        "Please complete your bank account information in your profile before requesting a payout.",
      ),
    );
    expect(screen.getByRole("link", { name: "Go to your profile" }).getAttribute("href")).toBe("/influencer/profile");
    expect(requestButton().disabled).toBe(true);
  });

  it("loads older payouts after the summary's newest, a page at a time, only when asked", async () => {
    summaryAnswer = { ...summaryAnswer, next_cursor: "after-a" };
    const cursors: (string | null)[] = [];
    fakeApi.on(API.payoutHistory, ({ query }) => {
      cursors.push(query.get("cursor"));
      return query.get("cursor") === "after-a"
        ? { history: [item("c", "completed", 1000, { completed_at: "2026-11-01T05:00:00Z" })], next_cursor: "after-c" }
        : { history: [item("d", "completed", 500, { completed_at: "2026-10-01T05:00:00Z" })], next_cursor: null };
    });
    view = await render(<PayoutManagement user={business()} />);
    await waitFor(() => expect(historyRows()).toHaveLength(1));
    expect(cursors).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(historyRows()).toHaveLength(2));
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(historyRows()).toHaveLength(3));
    expect(cursors).toEqual(["after-a", "after-c"]);
    expect(historyRows().map((row) => row.getAttribute("aria-label"))).toEqual([
      "Payout of $30.60, ABA reference ABA-A",
      "Payout of $10.00, ABA reference ABA-C",
      "Payout of $5.00, ABA reference ABA-D",
    ]);
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("says where a pending request will be paid: the details of when it was requested, not the profile's", async () => {
    const pending = item("b", "pending", 6120, {
      requested_at: "2026-11-22T03:00:00Z",
      bank_name: "ABA Bank",
      account_name: "Sok Dara",
      account_number: "000 123 456",
    });
    summaryAnswer = {
      summary: summaryOf({ earned: 6120, requested: 6120, available: 0 }),
      history: [pending],
      next_cursor: null,
    };
    // The profile already says something else.
    view = await render(
      <PayoutManagement user={business({ bank_name: "ACLEDA", account_name: "New Name", account_number: "999" })} />,
    );
    await waitFor(() => expect(text()).toContain("Awaiting admin"));
    expect(text()).toContain(
      "To be paid to ABA Bank · Sok Dara · 000 123 456, as when you requested it. Changes to your profile apply to your next request.",
    );
  });
});
