import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import { Route, Routes } from "react-router-dom";
import type { User } from "@contract/auth.ts";
import type { PayoutItem } from "@contract/payouts.ts";
import { testId } from "@/testing/fixtures/ids.ts";
import { makeBusinessPayoutSummary, makeInfluencerPayoutSummary, makePayoutItem } from "@/testing/fixtures/payouts.ts";
import { makeUser } from "@/testing/fixtures/users.ts";
import { buttonByText, click, render, until, type Rendered } from "@/testing/render.tsx";
import { PayoutManagement } from "./payout-management.tsx";
import { json } from "@/testing/http.ts";

type Options = { onChange: () => void; table: string; event: string; filter?: string };
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

let summaryAnswer: { status: number; body: unknown };
let requestAnswer: { status: number; body: unknown } | null;
let posts: number;
let fetchMock: ReturnType<typeof vi.fn>;
let view: Rendered;

beforeEach(() => {
  realtime.channels.clear();
  summaryAnswer = {
    status: 200,
    body: {
      summary: summaryOf({
        earned: 9180,
        completed: 3060,
        available: 6120,
        gross: 10800,
        fees: 1620,
        commissions: 1200,
      }),
      history: [item("a", "completed", 3060)],
    },
  };
  requestAnswer = null;
  posts = 0;
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.endsWith("/payouts/summary")) return json(summaryAnswer.status, summaryAnswer.body);
    if (url.endsWith("/payouts/request") && init?.method === "POST") {
      posts++;
      if (requestAnswer) return json(requestAnswer.status, requestAnswer.body);
      const pending = item("b", "pending", 6120, { requested_at: "2026-11-22T03:00:00Z" });
      summaryAnswer = {
        status: 200,
        body: {
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
        },
      };
      return json(201, {
        message: "Payout requested. An admin will send it to your bank account by ABA transfer.",
        payout: pending,
      });
    }
    return json(404, {});
  });
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  view?.unmount();
  vi.unstubAllGlobals();
  localStorage.clear();
  document.body.innerHTML = "";
});

const text = () => view.container.textContent ?? "";
const stats = () =>
  Object.fromEntries(
    [...view.container.querySelectorAll(".payout-stat")].map((stat) => [
      stat.querySelector("dt")?.textContent,
      stat.querySelector("dd")?.textContent,
    ]),
  );
const requestButton = () => buttonByText(view.container, "Request Payout") as HTMLButtonElement;
const dialog = () => document.querySelector<HTMLElement>("[role=dialog]");
const historyRows = () => [...view.container.querySelectorAll<HTMLElement>("ul[aria-label='Completed payouts'] > li")];
const toasts = () => [...document.querySelectorAll(".toast__message")].map((toast) => toast.textContent);
const alerts = () =>
  [...view.container.querySelectorAll("[role=alert] .alert__text")].map((alert) => alert.textContent);
const summaryCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith("/payouts/summary")).length;

describe("Payout Management (business)", () => {
  it("shows the balances, the business breakdown and the completed payouts, and listens to the user's payouts and orders", async () => {
    view = await render(<PayoutManagement user={business()} />);
    await until(() => expect(historyRows()).toHaveLength(1));
    expect(view.container.querySelector("h2")?.textContent).toBe("Payout Management");
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
    expect(realtime.channels.get("payout_requests")).toMatchObject({ event: "*", filter: `user_id=eq.${BUSINESS_ID}` });
    expect(realtime.channels.get("orders")).toMatchObject({ event: "*", filter: `business_id=eq.${BUSINESS_ID}` });
    expect(view.container.querySelector(".live-indicator")?.textContent).toBe("Live");
  });

  it("requests a payout after the user confirms the amount, says so and shows the request as awaiting admin", async () => {
    view = await render(<PayoutManagement user={business()} />);
    await until(() => expect(requestButton().disabled).toBe(false));
    await click(requestButton());
    expect(posts).toBe(0);
    const shown = dialog();
    expect(shown?.textContent).toContain("Request a payout");
    expect(shown?.textContent).toContain("$61.20");
    expect(shown?.textContent).toContain("ABA Bank, Sok Dara, account 000 123 456");
    await click(buttonByText(shown as HTMLElement, "Confirm"));
    await until(() =>
      expect(toasts()).toContain("Payout requested. An admin will send it to your bank account by ABA transfer."),
    );
    expect(posts).toBe(1);
    expect(dialog()).toBeNull();
    await until(() => expect(text()).toContain("Awaiting admin"));
    expect(text()).toContain("$61.20 requested on Nov 22, 2026");
    expect(text()).toContain("awaiting admin.");
    expect(requestButton().disabled).toBe(true);
    expect(stats()["Requested (pending)"]).toBe("$61.20");
    // The pending request is not history (docs/product.md, "Payout cards").
    expect(historyRows()).toHaveLength(1);
  });

  it("cancelling the dialog sends nothing", async () => {
    view = await render(<PayoutManagement user={business()} />);
    await until(() => expect(requestButton().disabled).toBe(false));
    await click(requestButton());
    await click(buttonByText(dialog() as HTMLElement, "Cancel"));
    expect(dialog()).toBeNull();
    expect(posts).toBe(0);
  });

  it("a refused request says 'Failed to request payout: ' with the server's reason", async () => {
    requestAnswer = {
      status: 409,
      body: { error: "conflict", message: "You have no available balance to request a payout." },
    };
    view = await render(<PayoutManagement user={business()} />);
    await until(() => expect(requestButton().disabled).toBe(false));
    await click(requestButton());
    await click(buttonByText(dialog() as HTMLElement, "Confirm"));
    await until(() =>
      expect(alerts()).toContain("Failed to request payout: You have no available balance to request a payout."),
    );
    expect(toasts()).toContain("Failed to request payout: You have no available balance to request a payout.");
    expect(posts).toBe(1);
  });

  it("without bank details the button is disabled and the SPEC hint links to the profile", async () => {
    view = await render(<PayoutManagement user={business({ account_number: "  " })} />);
    await until(() =>
      expect(text()).toContain(
        "Please complete your bank account information in your profile before requesting a payout.",
      ),
    );
    expect(requestButton().disabled).toBe(true);
    expect(view.container.querySelector(".payout-bank-hint a")?.getAttribute("href")).toBe("/business/profile");
  });

  it("is disabled with nothing available", async () => {
    summaryAnswer.body = {
      summary: summaryOf({ earned: 3060, completed: 3060, available: 0 }),
      history: [item("a", "completed", 3060)],
    };
    view = await render(<PayoutManagement user={business()} />);
    await until(() => expect(text()).toContain("There is no balance available to request yet."));
    expect(stats()["Available for payout"]).toBe("$0.00");
    expect(requestButton().disabled).toBe(true);
  });

  it("shows a negative balance as owed and refuses a request", async () => {
    summaryAnswer.body = {
      summary: summaryOf({ earned: 2760, completed: 3060, available: -300 }),
      history: [item("a", "completed", 3060)],
    };
    view = await render(<PayoutManagement user={business()} />);
    await until(() => expect(text()).toContain("You owe $3.00. It will be deducted from your next earnings."));
    expect(stats()["You owe"]).toBe("$3.00");
    expect(stats()["Available for payout"]).toBeUndefined();
    expect(requestButton().disabled).toBe(true);
  });

  it("on a summary error shows zero amounts, no history and the error", async () => {
    summaryAnswer = { status: 500, body: { error: "internal", message: "Something broke" } };
    view = await render(<PayoutManagement user={business()} />);
    await until(() => expect(alerts()).toContain("Something broke"));
    expect(Object.values(stats()).every((value) => value === "$0.00")).toBe(true);
    expect(Object.keys(stats())).toHaveLength(8);
    expect(historyRows()).toHaveLength(0);
    expect(requestButton().disabled).toBe(true);
  });

  it("a 401 on the summary signs the user out and goes to /login", async () => {
    localStorage.setItem("token", "header.e30.signature");
    summaryAnswer = { status: 401, body: { error: "unauthorized", message: "Invalid or expired token" } };
    view = await render(
      <Routes>
        <Route path="/login" element={<p>Sign in page</p>} />
        <Route path="*" element={<PayoutManagement user={business()} />} />
      </Routes>,
      "/business/dashboard",
    );
    await until(() => expect(text()).toBe("Sign in page"));
    expect(localStorage.getItem("token")).toBeNull();
  });

  it("Refresh refetches, and a realtime change refetches and announces a completed payout once", async () => {
    const pending = item("b", "pending", 6120, { requested_at: "2026-11-22T03:00:00Z" });
    summaryAnswer.body = {
      summary: summaryOf({ earned: 9180, requested: 6120, completed: 3060, available: 0 }),
      history: [pending, item("a", "completed", 3060)],
    };
    view = await render(<PayoutManagement user={business()} />);
    await until(() => expect(text()).toContain("Awaiting admin"));
    const before = summaryCalls();
    await click(buttonByText(view.container, "Refresh"));
    await until(() => expect(summaryCalls()).toBe(before + 1));
    expect(toasts()).toEqual([]);

    // An admin completes it: the change arrives through realtime.
    summaryAnswer.body = {
      summary: summaryOf({ earned: 9180, completed: 9180, available: 0 }),
      history: [
        item("b", "completed", 6120, { aba_reference: "ABA-778899", completed_at: "2026-11-22T06:00:00Z" }),
        item("a", "completed", 3060),
      ],
    };
    await act(async () => realtime.channels.get("payout_requests")?.onChange());
    await until(() => expect(historyRows()).toHaveLength(2));
    expect(toasts()).toEqual(["Your payout of $61.20 was completed (ABA reference ABA-778899)."]);
    expect(text()).not.toContain("Awaiting admin");
    expect(historyRows()[0].textContent).toContain("ABA-778899");
    expect(stats()["Total paid out"]).toBe("$91.80");

    // An order change refetches too; nothing new to announce.
    const calls = summaryCalls();
    await act(async () => realtime.channels.get("orders")?.onChange());
    await until(() => expect(summaryCalls()).toBe(calls + 1));
    expect(toasts()).toHaveLength(1);
  });
});

describe("Commission & Payout Management (influencer)", () => {
  it("has the influencer title, no business figures, the SPEC empty message and the influencer's order filter", async () => {
    summaryAnswer.body = { summary: summaryOf({ earned: 0, available: 0 }, false), history: [] };
    view = await render(<PayoutManagement user={influencer()} />);
    await until(() =>
      expect(text()).toContain("No commission earnings yet. Start promoting your affiliate links to earn commissions!"),
    );
    expect(view.container.querySelector("h2")?.textContent).toBe("Commission & Payout Management");
    expect(Object.keys(stats())).toEqual([
      "Available for payout",
      "On hold (recent deliveries)",
      "Commissions earned",
      "Requested (pending)",
      "Total paid out",
    ]);
    expect(requestButton().disabled).toBe(true);
    expect(realtime.channels.get("orders")?.filter).toBe(`influencer_id=eq.${INFLUENCER_ID}`);
    expect(realtime.channels.get("payout_requests")?.filter).toBe(`user_id=eq.${INFLUENCER_ID}`);
  });

  it("requests a payout and is then disabled while it is pending", async () => {
    summaryAnswer.body = { summary: summaryOf({ earned: 400, available: 400 }, false), history: [] };
    view = await render(<PayoutManagement user={influencer()} />);
    await until(() => expect(requestButton().disabled).toBe(false));
    expect(text()).toContain("No completed payouts yet.");
    await click(requestButton());
    expect(dialog()?.textContent).toContain("$4.00");
    await click(buttonByText(dialog() as HTMLElement, "Confirm"));
    await until(() => expect(text()).toContain("Awaiting admin"));
    expect(posts).toBe(1);
    expect(requestButton().disabled).toBe(true);
  });

  it("links the bank hint to the influencer profile", async () => {
    summaryAnswer.body = { summary: summaryOf({ earned: 400, available: 400 }, false), history: [] };
    view = await render(<PayoutManagement user={influencer({ bank_name: null })} />);
    await until(() =>
      expect(text()).toContain(
        "Please complete your bank account information in your profile before requesting a payout.",
      ),
    );
    expect(view.container.querySelector(".payout-bank-hint a")?.getAttribute("href")).toBe("/influencer/profile");
    expect(requestButton().disabled).toBe(true);
  });

  it("says where a pending request will be paid: the details of when it was requested, not the profile's", async () => {
    const pending = item("b", "pending", 6120, {
      requested_at: "2026-11-22T03:00:00Z",
      bank_name: "ABA Bank",
      account_name: "Sok Dara",
      account_number: "000 123 456",
    });
    summaryAnswer.body = {
      summary: summaryOf({ earned: 6120, requested: 6120, available: 0 }),
      history: [pending],
    };
    // The profile already says something else.
    view = await render(
      <PayoutManagement user={business({ bank_name: "ACLEDA", account_name: "New Name", account_number: "999" })} />,
    );
    await until(() => expect(text()).toContain("Awaiting admin"));
    expect(text()).toContain(
      "To be paid to ABA Bank · Sok Dara · 000 123 456, as when you requested it. Changes to your profile apply to your next request.",
    );
  });
});
