import { act } from "react";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { money } from "@contract/money.ts";
import type { PayoutItem, PayoutStatus, PayoutUserType, PendingPayout } from "@contract/payouts.ts";
import { API } from "@contract/routes.ts";
import { deferred, fail, fakeApi } from "@/testing/fake-api.ts";
import { pageOf } from "@/testing/fake-lists.ts";
import { testId } from "@/testing/fixtures/ids.ts";
import { makePayoutItem, makePayoutStats, makePendingPayout } from "@/testing/fixtures/payouts.ts";
import { render } from "@/testing/render.tsx";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { khqrTags, payableKhqr } from "@contract/khqr.ts";
import { AdminPayouts } from "./admin-payouts.tsx";

// A known-good KHQR (bakong-khqr SDK documentation), made payable as the server does.
const SAVED_KHQR =
  "00020101021229180014jonhsmith@nbcq52045999530311654035005802KH5910Jonh Smith6010PHNOM PENH993400131742250594187011317422506541846304EA38";

type Options = { onChange: () => void; table: string; event: string; filter?: string };
const realtime = vi.hoisted(() => ({ options: null as Options | null }));
vi.mock("@/lib/realtime.ts", () => ({
  useTableChanges: (options: Options) => {
    realtime.options = options;
    return "live";
  },
}));

const BUSINESS_ID = "b0000000-0000-4000-8000-000000000001";
const INFLUENCER_ID = "c0000000-0000-4000-8000-000000000002";

const businessRequest = () =>
  makePendingPayout({
    user_id: BUSINESS_ID,
    email: "seller@example.com",
    user_type: "business",
    total_amount_cents: 3060,
    oldest_request: "2026-11-20T03:00:00Z",
    request_count: 1,
    payout_request_ids: [testId(501)],
    transaction_count: 1,
    product_names: ["Silk Scarf"],
    gross_amount_cents: 3600,
    fee_amount_cents: 540,
  });

const influencerRequest = () =>
  makePendingPayout({
    user_id: INFLUENCER_ID,
    email: "creator@example.com",
    user_type: "influencer",
    total_amount_cents: 400,
    oldest_request: "2026-11-21T03:00:00Z",
    request_count: 1,
    payout_request_ids: [testId(502)],
    transaction_count: 3,
    product_names: ["Coffee Beans", "Silk Scarf"],
  });

function historyItem(
  id: string,
  userId: string,
  email: string,
  userType: PayoutUserType,
  status: PayoutStatus,
  cents: number,
  reference: string | null,
  requestedAt = "2026-11-10T03:00:00Z",
) {
  return makePayoutItem({
    payout_request_id: id,
    user_id: userId,
    email,
    user_type: userType,
    status,
    requested_at: requestedAt,
    completed_at: status === "completed" ? "2026-11-12T04:00:00Z" : null,
    aba_reference: reference,
    total_amount_cents: cents,
    transaction_count: 1,
    product_names: ["Palm Sugar"],
  });
}

const stats = (pending: number, pendingCents: number, completed: number, completedCents: number) =>
  makePayoutStats({
    pending_requests: pending,
    pending_amount_cents: pendingCents,
    completed_payouts: completed,
    completed_amount_cents: completedCents,
    platform_fees_cents: 540,
    cash_collected_cents: 4000,
    cash_held_cents: 940,
  });

const PENDING_ITEM_ID = testId(601);
const DONE_ITEM_ID = testId(602);
const NEW_ITEM_ID = testId(603);

let pendingList: PendingPayout[];
let history: PayoutItem[];
/** While set, the completion waits for it: the request is still on its way. */
let completeGate: Promise<void> | null;

/** One page of the payout history as the function pages it: newest first by (requested_at, id). */
function historyPage(query: URLSearchParams) {
  const page = pageOf(history, query, { id: "payout_request_id", time: "requested_at" });
  return page instanceof Response ? page : { history: page.items, next_cursor: page.next_cursor };
}

beforeEach(() => {
  pendingList = [businessRequest(), influencerRequest()];
  history = [
    historyItem(PENDING_ITEM_ID, BUSINESS_ID, "seller@example.com", "business", "pending", 3060, null),
    historyItem(DONE_ITEM_ID, INFLUENCER_ID, "creator@example.com", "influencer", "completed", 250, "ABA-OLD-1"),
  ];
  fakeApi.on(API.pendingPayouts, () => ({ requests: pendingList }));
  fakeApi.on(API.payoutHistory, ({ query }) => historyPage(query));
  fakeApi.on(API.payoutStats, { stats: stats(2, 3460, 1, 250) });
  // The server pays all of the user's pending requests: they leave the pending list and join the
  // history as completed.
  completeGate = null;
  fakeApi.on(API.completePayout, async ({ params, body }) => {
    if (completeGate) await completeGate;
    const done = pendingList.find((request) => request.user_id === params.userId)!;
    pendingList = pendingList.filter((request) => request !== done);
    const payout = historyItem(
      NEW_ITEM_ID,
      done.user_id,
      done.email,
      done.user_type,
      "completed",
      done.total_amount_cents,
      body.aba_reference,
      "2026-11-22T03:00:00Z",
    );
    history = [payout, ...history.filter((item) => item.payout_request_id !== PENDING_ITEM_ID)];
    return {
      message: `Payout completed successfully for ${done.email}!`,
      aba_reference: body.aba_reference,
      ...money("total_amount", done.total_amount_cents),
      payouts: [payout],
    };
  });
});

const text = () => document.body.textContent ?? "";
const tabs = () => screen.getAllByRole("tab").map((tab) => tab.textContent);
const tab = (name: RegExp) => screen.getByRole("tab", { name });
/** The cards of the list named `list` (none while it is not shown). */
const cards = (list: string) => {
  const shown = screen.queryByRole("list", { name: list });
  return shown ? [...shown.children] : [];
};
const card = (email: string) => screen.getByRole("listitem", { name: email });
const button = (email: string, name: string) => within(card(email)).getByRole<HTMLButtonElement>("button", { name });
const toasts = () => [...document.querySelectorAll(".toast__message")].map((toast) => toast.textContent);
const alertTexts = () => [...document.querySelectorAll(".alert__text")].map((alert) => alert.textContent);
/** What the admin sent to complete payouts: whose, and with which reference. */
const completions = () =>
  fakeApi.calls(API.completePayout).map(({ params, body }) => ({ userId: params.userId, body }));

/** How many times the pending list, the history and the stats were read. */
const counts = () =>
  [API.pendingPayouts, API.payoutHistory, API.payoutStats].map((route) => fakeApi.calls(route).length);

/** The card's "ABA reference number" field (its label ends in " *": required). */
const referenceField = (email: string) => within(card(email)).getByLabelText<HTMLInputElement>(/^ABA reference number/);

const type = (input: HTMLInputElement, value: string) => fireEvent.change(input, { target: { value } });

describe("Admin Payout Management", () => {
  it("lists the pending requests with their details and the counts of both sub-tabs, and listens to every payout change", async () => {
    await render(<AdminPayouts />);
    await waitFor(() => expect(cards("Pending payout requests")).toHaveLength(2));
    expect(tabs()).toEqual(["Requests (2)", "Completed (1)"]);
    expect(text()).toContain("Pending: 2 ($34.60) · Completed: 1 ($2.50)");

    const seller = card("seller@example.com");
    expect(within(seller).getByRole("heading", { level: 3 }).textContent).toBe("seller@example.com");
    for (const part of [
      BUSINESS_ID,
      "User type: Business",
      "Amount$30.60",
      "Nov 20, 2026",
      "Transactions1",
      "Silk Scarf",
      "Gross$36.00",
      "Platform fee (15%)$5.40",
      "Net (to pay)$30.60",
    ]) {
      expect(seller.textContent).toContain(part);
    }
    const creator = card("creator@example.com");
    for (const part of [
      INFLUENCER_ID,
      "User type: Influencer",
      "Amount$4.00",
      "Nov 21, 2026",
      "Transactions3",
      "Coffee Beans, Silk Scarf",
    ]) {
      expect(creator.textContent).toContain(part);
    }
    expect(creator.textContent).not.toContain("Gross");
    expect(button("creator@example.com", "Complete Payout")).toBeInstanceOf(HTMLButtonElement);
    // The card's "ABA reference number" label names an empty text box inside the same card.
    const reference = referenceField("creator@example.com");
    expect(reference).toBeInstanceOf(HTMLInputElement);
    expect(creator.contains(reference)).toBe(true);
    expect(reference.value).toBe("");
    expect(realtime.options).toMatchObject({ table: "payout_requests", event: "*" });
    expect(realtime.options?.filter).toBeUndefined();
  });

  it("the Completed sub-tab shows only completed payouts with their date and ABA reference", async () => {
    await render(<AdminPayouts />);
    await waitFor(() => expect(cards("Pending payout requests")).toHaveLength(2));
    fireEvent.click(tab(/^Completed/));
    expect(cards("Completed payouts")).toHaveLength(1);
    const done = card("creator@example.com");
    for (const part of [
      "creator@example.com",
      INFLUENCER_ID,
      "User type: Influencer",
      "Amount$2.50",
      "Nov 12, 2026",
      "ABA-OLD-1",
    ])
      expect(done.textContent).toContain(part);
  });

  it("pages the completed history: the first 50, the rest on Load more, counted exactly by the stats", async () => {
    history = Array.from({ length: 60 }, (_, n) =>
      historyItem(
        testId(700 + n),
        testId(900 + n),
        `payee${n}@example.com`,
        "influencer",
        "completed",
        100,
        `ABA-${n}`,
        // A minute apart, payee0 the newest: the order the pages come in is stable.
        new Date(Date.parse("2026-11-10T03:00:00Z") - n * 60_000).toISOString(),
      ),
    );
    fakeApi.on(API.payoutStats, { stats: stats(2, 3460, 60, 6000) });
    await render(<AdminPayouts />);
    await waitFor(() => expect(tabs()).toEqual(["Requests (2)", "Completed (60)"]));
    fireEvent.click(tab(/^Completed/));
    await waitFor(() => expect(cards("Completed payouts")).toHaveLength(50));
    expect(text()).toContain("Showing 50 of 60");
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(cards("Completed payouts")).toHaveLength(60));
    expect(fakeApi.calls(API.payoutHistory).at(-1)!.query.get("cursor")).toBeTruthy();
    expect(card("payee59@example.com").textContent).toContain("ABA-59");
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("shows the SPEC empty messages", async () => {
    pendingList = [];
    history = [];
    fakeApi.on(API.payoutStats, { stats: stats(0, 0, 0, 0) });
    await render(<AdminPayouts />);
    await waitFor(() => expect(text()).toContain("No pending payout requests"));
    expect(text()).toContain("All payouts are up to date!");
    expect(tabs()).toEqual(["Requests (0)", "Completed (0)"]);
    fireEvent.click(tab(/^Completed/));
    expect(text()).toContain("No completed payouts");
    expect(text()).toContain("No payouts have been completed yet.");
  });

  it("refuses an empty or blank ABA reference without calling the server", async () => {
    await render(<AdminPayouts />);
    await waitFor(() => expect(cards("Pending payout requests")).toHaveLength(2));
    fireEvent.click(button("seller@example.com", "Complete Payout"));
    expect(card("seller@example.com").textContent).toContain("ABA reference number is required to complete payout.");
    type(referenceField("seller@example.com"), "   ");
    fireEvent.click(button("seller@example.com", "Complete Payout"));
    expect(card("seller@example.com").textContent).toContain("ABA reference number is required to complete payout.");
    expect(referenceField("seller@example.com").getAttribute("aria-invalid")).toBe("true");
    expect(completions()).toEqual([]);
  });

  it("completes a payout: 'Processing...' while it runs, then the success message with the reference, and the lists move", async () => {
    const gate = deferred<void>();
    completeGate = gate.promise;
    await render(<AdminPayouts />);
    await waitFor(() => expect(cards("Pending payout requests")).toHaveLength(2));
    type(referenceField("seller@example.com"), "  ABA-20261122-001 ");
    fireEvent.click(button("seller@example.com", "Complete Payout"));
    // Asked once more, naming the money, the payee and the reference; nothing is sent before yes.
    expect(card("seller@example.com").textContent).toContain(
      "Mark $30.60 as paid to seller@example.com with ABA reference ABA-20261122-001?",
    );
    expect(completions()).toEqual([]);
    fireEvent.click(button("seller@example.com", "Yes, complete payout"));
    const busy = button("seller@example.com", "Processing...");
    expect(busy.disabled).toBe(true);
    expect(button("creator@example.com", "Complete Payout").disabled).toBe(false);
    await waitFor(() => expect(completions()).toHaveLength(1));
    expect(completions()).toEqual([{ userId: BUSINESS_ID, body: { aba_reference: "ABA-20261122-001" } }]);

    fakeApi.on(API.payoutStats, { stats: stats(1, 400, 2, 3310) });
    await act(async () => gate.resolve());
    await waitFor(() => expect(cards("Pending payout requests")).toHaveLength(1));
    expect(alertTexts()).toContain(
      "Payout completed successfully for seller@example.com! ABA reference: ABA-20261122-001",
    );
    expect(toasts()).toContain("Payout completed successfully for seller@example.com! ABA reference: ABA-20261122-001");
    await waitFor(() => expect(tabs()).toEqual(["Requests (1)", "Completed (2)"]));
    fireEvent.click(tab(/^Completed/));
    expect(card("seller@example.com").textContent).toContain("ABA-20261122-001");
  });

  it("a refused completion says 'Failed to complete payout: ' with the reason and keeps the request", async () => {
    fakeApi.on(API.completePayout, fail("conflict", "There is no pending payout request for this user."));
    await render(<AdminPayouts />);
    await waitFor(() => expect(cards("Pending payout requests")).toHaveLength(2));
    type(referenceField("creator@example.com"), "ABA-1");
    fireEvent.click(button("creator@example.com", "Complete Payout"));
    fireEvent.click(button("creator@example.com", "Yes, complete payout"));
    await waitFor(() =>
      expect(alertTexts()).toContain("Failed to complete payout: There is no pending payout request for this user."),
    );
    expect(toasts()).toContain("Failed to complete payout: There is no pending payout request for this user.");
    expect(button("creator@example.com", "Complete Payout").disabled).toBe(false);
    expect(completions()).toHaveLength(1);
  });

  it("rejects a request with the reason the user reads, checked first; the user leaves the pending list", async () => {
    fakeApi.on(API.rejectPayout, ({ params, body }) => {
      const rejected = pendingList.find((request) => request.user_id === params.userId)!;
      pendingList = pendingList.filter((request) => request !== rejected);
      const payout = {
        ...historyItem(PENDING_ITEM_ID, rejected.user_id, rejected.email, rejected.user_type, "rejected", 3060, null),
        rejected_at: "2026-11-22T03:00:00.000Z",
        rejection_reason: body.reason,
      };
      return { message: `Payout request rejected for ${rejected.email}`, payout };
    });
    await render(<AdminPayouts />);
    await waitFor(() => expect(cards("Pending payout requests")).toHaveLength(2));
    fireEvent.click(button("seller@example.com", "Reject request"));
    const form = within(card("seller@example.com")).getByRole("form", { name: "Reject the payout request" });
    expect(form.textContent).toContain("Their $30.60 becomes available again.");
    fireEvent.click(within(form).getByRole("button", { name: "Reject $30.60" }));
    expect(form.textContent).toContain("Please give a reason for the rejection.");
    expect(fakeApi.calls(API.rejectPayout)).toHaveLength(0);

    fireEvent.change(within(form).getByRole("textbox"), { target: { value: "  Name does not match  " } });
    fireEvent.click(within(form).getByRole("button", { name: "Reject $30.60" }));
    await waitFor(() => expect(cards("Pending payout requests")).toHaveLength(1));
    expect(fakeApi.calls(API.rejectPayout).map(({ params, body }) => [params.userId, body])).toEqual([
      [BUSINESS_ID, { reason: "Name does not match" }],
    ]);
    expect(toasts()).toContain("Payout request of seller@example.com rejected.");
  });

  it("corrects a completed payout's reference with a reason, and shows the earlier one", async () => {
    fakeApi.on(API.correctPayoutReference, ({ params, body }) => {
      const payout = {
        ...history.find((item) => item.payout_request_id === params.requestId)!,
        aba_reference: body.aba_reference,
        reference_corrections: [
          {
            previous_reference: "ABA-OLD-1",
            aba_reference: body.aba_reference,
            reason: body.reason,
            corrected_at: "2026-11-22T03:00:00.000Z",
          },
        ],
      };
      history = history.map((item) => (item.payout_request_id === payout.payout_request_id ? payout : item));
      return { message: "ABA reference corrected", payout };
    });
    await render(<AdminPayouts />);
    await waitFor(() => expect(cards("Pending payout requests")).toHaveLength(2));
    fireEvent.click(tab(/^Completed/));
    fireEvent.click(button("creator@example.com", "Correct reference"));
    const form = within(card("creator@example.com")).getByRole("form", { name: "Correct the ABA reference" });
    fireEvent.click(within(form).getByRole("button", { name: "Save correction" }));
    await waitFor(() => expect(form.textContent).toContain("ABA reference number is required to complete payout."));
    expect(fakeApi.calls(API.correctPayoutReference)).toHaveLength(0);

    type(within(form).getByLabelText<HTMLInputElement>(/^Correct ABA reference/), " ABA-NEW-1 ");
    fireEvent.change(within(form).getByLabelText(/^Why it changes/), { target: { value: "Transfer redone" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save correction" }));
    await waitFor(() => expect(toasts()).toContain("ABA reference corrected to ABA-NEW-1."));
    expect(fakeApi.calls(API.correctPayoutReference).map(({ params, body }) => [params.requestId, body])).toEqual([
      [DONE_ITEM_ID, { aba_reference: "ABA-NEW-1", reason: "Transfer redone" }],
    ]);
    await waitFor(() =>
      expect(card("creator@example.com").textContent).toContain("CorrectedWas ABA-OLD-1: Transfer redone"),
    );
    expect(card("creator@example.com").textContent).toContain("ABA-NEW-1");
  });

  it("refetches all three lists on a realtime change: a new request appears", async () => {
    pendingList = [businessRequest()];
    await render(<AdminPayouts />);
    await waitFor(() => expect(cards("Pending payout requests")).toHaveLength(1));
    const before = counts();
    pendingList = [businessRequest(), influencerRequest()];
    await act(async () => realtime.options?.onChange());
    await waitFor(() => expect(cards("Pending payout requests")).toHaveLength(2));
    expect(tabs()[0]).toBe("Requests (2)");
    expect(counts()).toEqual(before.map((n) => n + 1));
  });

  it("clears the payout lists and shows the error when the stats cannot be loaded", async () => {
    fakeApi.on(API.payoutStats, fail("internal", "Stats unavailable"));
    await render(<AdminPayouts />);
    await waitFor(() => expect(alertTexts()).toContain("Stats unavailable"));
    expect(tabs()).toEqual(["Requests (0)", "Completed (0)"]);
    expect(cards("Pending payout requests")).toHaveLength(0);
    expect(text()).not.toContain("No pending payout requests");
  });

  it("shows where to pay: the requested bank details with Copy buttons, and the payable KHQR as a QR", async () => {
    const khqr = payableKhqr(SAVED_KHQR, { amountCents: 400, createdAtMs: 1795000000000, expiresAtMs: 1795086400000 });
    pendingList = [
      businessRequest(),
      {
        ...influencerRequest(),
        bank_name: "ACLEDA Bank",
        account_name: "Chan Dara",
        account_number: "0001 2345",
        khqr,
      },
    ];
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    await render(<AdminPayouts />);
    await waitFor(() => expect(cards("Pending payout requests")).toHaveLength(2));

    const creator = card("creator@example.com");
    for (const part of ["BankACLEDA Bank", "Account nameChan Dara", "Account number0001 2345"]) {
      expect(creator.textContent).toContain(part);
    }
    expect(creator.textContent).toContain("Bank details as they were when the payout was requested.");
    fireEvent.click(within(creator).getByRole("button", { name: "Copy Account number" }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith("0001 2345"));
    await waitFor(() =>
      expect(within(creator).getByRole("button", { name: "Copy Account number" }).textContent).toBe("Copied"),
    );
    fireEvent.click(within(creator).getByRole("button", { name: "Copy Account name" }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith("Chan Dara"));

    // The QR image decodes to the payable KHQR: dynamic, USD, the amount to pay.
    const qr = () => within(creator).queryByRole<HTMLImageElement>("img", { name: /^KHQR to pay/ });
    await waitFor(() => expect(qr()).not.toBeNull());
    const image = qr()!;
    expect(image.alt).toBe("KHQR to pay $4.00");
    expect(creator.textContent).toContain("Scan to pay $4.00");
    const [header, base64] = image.src.split(",");
    expect(header).toBe("data:image/png;base64");
    const png = PNG.sync.read(Buffer.from(base64, "base64"));
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
    expect(decoded).toBe(khqr);
    expect(khqrTags(decoded!)).toMatchObject({ "01": "12", "53": "840", "54": "4.00" });

    // Without a saved KHQR the admin transfers to the account.
    const seller = card("seller@example.com");
    expect(within(seller).queryByRole("img", { name: /^KHQR to pay/ })).toBeNull();
    expect(seller.textContent).toContain("No KHQR saved: transfer to the account above.");
    expect(seller.textContent).toContain("Account number000 123 456");
  });
});
