import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { User, UserStatus } from "@contract/auth.ts";
import { testId } from "@/testing/fixtures/ids.ts";
import { makeUser } from "@/testing/fixtures/users.ts";
import { buttonByText, click, render, settle, typeInto, until, type Rendered } from "@/testing/render.tsx";
import { UserApprovals } from "./user-approvals.tsx";
import { json } from "@/testing/http.ts";

// Realtime is replaced by a handle the test fires, as a postgres_changes event would.
const realtime = vi.hoisted(() => ({ onChange: null as null | (() => void) }));
vi.mock("@/lib/realtime.ts", () => ({
  useTableChanges: (options: { onChange: () => void }) => {
    realtime.onChange = options.onChange;
    return "live";
  },
}));

const account = (n: number, email: string, status: UserStatus, extra: Partial<User> = {}) =>
  makeUser({
    id: testId(n),
    email,
    user_type: "business",
    status,
    created_at: "2026-11-22T03:00:00Z",
    social_media_page: "https://www.facebook.com/shop",
    ...extra,
  });

let users: User[];
let statusAnswer: { status: number; body: unknown };
/** While set, GET /admin/users?status=approved waits for it: the Approved list is still loading. */
let approvedHeld: Promise<void> | null;
let fetchMock: ReturnType<typeof vi.fn>;
let view: Rendered;

/** A request's path, without the paging query. */
const pathOf = (url: string) => new URL(url, "http://api.test").pathname;

beforeEach(() => {
  users = [
    account(1, "pending-shop@example.com", "pending_approval", { business_name: "Pending Shop" }),
    account(2, "creator@example.com", "pending_approval", {
      user_type: "influencer",
      full_name: "Dara Creator",
      social_media_page: "@dara",
    }),
    account(3, "approved@example.com", "approved"),
    account(4, "rejected@example.com", "rejected"),
  ];
  statusAnswer = { status: 200, body: null };
  approvedHeld = null;
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (pathOf(url).endsWith("/admin/users")) {
      // Filtered and paged as the function does: the accounts with `status`, `limit` rows after
      // `cursor` (here, the index of the next row), and the counts over every account.
      const query = new URL(url, "http://api.test").searchParams;
      const status = query.get("status");
      if (status === "approved" && approvedHeld) await approvedHeld;
      const listed = status ? users.filter((user) => user.status === status) : users;
      const start = Number(query.get("cursor") ?? 0);
      const end = start + Number(query.get("limit") ?? 50);
      const count = (wanted: UserStatus) => users.filter((user) => user.status === wanted).length;
      return json(200, {
        users: listed.slice(start, end),
        next_cursor: end < listed.length ? String(end) : null,
        counts: {
          pending_approval: count("pending_approval"),
          approved: count("approved"),
          rejected: count("rejected"),
          total: users.length,
        },
      });
    }
    const match = /\/admin\/users\/([\w-]+)\/status$/.exec(url);
    if (match && init?.method === "PUT") {
      if (statusAnswer.status !== 200) return json(statusAnswer.status, statusAnswer.body);
      const { status, reason } = JSON.parse(String(init.body)) as { status: UserStatus; reason?: string };
      users = users.map((user) =>
        user.id === match[1]
          ? { ...user, status, is_approved: status === "approved", rejection_reason: reason ?? null }
          : user,
      );
      return json(200, { user: users.find((user) => user.id === match[1]), message: `User ${status}` });
    }
    return json(404, { error: "not_found", message: "No such API path" });
  });
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  view?.unmount();
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

const cards = () => [...view.container.querySelectorAll("li.user-card")];
const card = (email: string) => cards().find((item) => item.getAttribute("aria-label") === email);
const dialog = () => document.body.querySelector<HTMLElement>('[role="dialog"]');
const puts = () => fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === "PUT");
/** The status each GET /admin/users asked for, in order ("" when none). */
const statusesAsked = () =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), "http://api.test"))
    .filter((url) => url.pathname.endsWith("/admin/users"))
    .map((url) => url.searchParams.get("status") ?? "");
const filterLabels = () =>
  [...view.container.querySelectorAll(".filter-group__option")].map((button) => button.textContent);

describe("User Approvals", () => {
  it("shows a loading state, then pending users with counts per filter", async () => {
    view = await render(<UserApprovals />);
    await until(() => expect(cards()).toHaveLength(2));
    expect(filterLabels()).toEqual(["Pending (2)", "Approved (1)", "All (4)"]);
    const pending = card("pending-shop@example.com")!;
    expect(pending.textContent).toContain("Pending approval");
    expect(pending.textContent).toContain("Pending Shop");
    expect(pending.textContent).toContain("https://www.facebook.com/shop");
    expect(pending.textContent).toContain("Nov 22, 2026");
    expect(card("creator@example.com")!.textContent).toContain("Dara Creator");
    expect(buttonByText(pending as HTMLElement, "Approve")).toBeDefined();
    expect(buttonByText(pending as HTMLElement, "Reject")).toBeDefined();
  });

  it("marks decided users, rejected distinct from approved, without actions", async () => {
    view = await render(<UserApprovals />);
    await until(() => expect(cards()).toHaveLength(2));
    await click(buttonByText(view.container, /^All/));
    await until(() => expect(cards()).toHaveLength(4));
    const approved = card("approved@example.com")!;
    const rejected = card("rejected@example.com")!;
    expect(approved.querySelector(".decision-mark")?.textContent).toBe("✓ Approved");
    expect(rejected.querySelector(".decision-mark")?.textContent).toBe("✕ Rejected");
    expect(rejected.querySelector("button")).toBeNull();
    expect(approved.querySelector("button")).toBeNull();
  });

  it("approves a user: it leaves the pending list and the counts change", async () => {
    view = await render(<UserApprovals />);
    await until(() => expect(cards()).toHaveLength(2));
    await click(buttonByText(card("pending-shop@example.com") as HTMLElement, "Approve"));
    await until(() => expect(card("pending-shop@example.com")).toBeUndefined());
    expect(filterLabels()).toEqual(["Pending (1)", "Approved (2)", "All (4)"]);
    const put = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === "PUT")!;
    expect(JSON.parse(String((put[1] as RequestInit).body))).toEqual({ status: "approved" });
  });

  it("says 'Failed to rejected user. Please try again.' when the decision fails", async () => {
    statusAnswer = { status: 409, body: { error: "conflict", message: "User already decided" } };
    view = await render(<UserApprovals />);
    await until(() => expect(cards()).toHaveLength(2));
    await click(buttonByText(card("creator@example.com") as HTMLElement, "Reject"));
    await typeInto(dialog()?.querySelector("textarea"), "Duplicate account");
    await click(buttonByText(dialog()!, "Reject"));
    await until(() => expect(document.body.textContent).toContain("Failed to rejected user. Please try again."));
    // The dialog stays open with the reason, to try again.
    expect(dialog()?.querySelector("textarea")?.value).toBe("Duplicate account");
  });

  it("asks to confirm a rejection with a reason, sends it, and shows it on the card", async () => {
    view = await render(<UserApprovals />);
    await until(() => expect(cards()).toHaveLength(2));
    await click(buttonByText(card("pending-shop@example.com") as HTMLElement, "Reject"));
    expect(dialog()?.querySelector("h2")?.textContent).toBe("Reject Pending Shop?");
    expect(puts()).toHaveLength(0);

    // No reason: refused here, nothing sent.
    await click(buttonByText(dialog()!, "Reject"));
    expect(dialog()?.textContent).toContain("Please give a reason for the rejection.");
    expect(puts()).toHaveLength(0);

    await typeInto(dialog()?.querySelector("textarea"), "  The Facebook page is less than 3 months old  ");
    await click(buttonByText(dialog()!, "Reject"));
    await until(() => expect(dialog()).toBeNull());
    expect(JSON.parse(String((puts()[0][1] as RequestInit).body))).toEqual({
      status: "rejected",
      reason: "The Facebook page is less than 3 months old",
    });
    await click(buttonByText(view.container, /^All/));
    await until(() =>
      expect(card("pending-shop@example.com")?.textContent).toContain(
        "Reason for rejectionThe Facebook page is less than 3 months old",
      ),
    );
  });

  it("sends nothing when the admin cancels a rejection", async () => {
    view = await render(<UserApprovals />);
    await until(() => expect(cards()).toHaveLength(2));
    await click(buttonByText(card("creator@example.com") as HTMLElement, "Reject"));
    expect(dialog()?.querySelector("h2")?.textContent).toBe("Reject Dara Creator?");
    await click(buttonByText(dialog()!, "Cancel"));
    expect(dialog()).toBeNull();
    expect(puts()).toHaveLength(0);
    expect(card("creator@example.com")).toBeDefined();
  });

  it("refetches when a change arrives, so a new sign-up appears without reload", async () => {
    view = await render(<UserApprovals />);
    await until(() => expect(cards()).toHaveLength(2));
    users = [account(5, "new-signup@example.com", "pending_approval"), ...users];
    await act(async () => realtime.onChange?.());
    await until(() => expect(card("new-signup@example.com")).toBeDefined());
    expect(filterLabels()).toEqual(["Pending (3)", "Approved (1)", "All (5)"]);
  });

  it("shows an empty state when nobody is pending and the server message when loading fails", async () => {
    users = [account(3, "approved@example.com", "approved")];
    view = await render(<UserApprovals />);
    await until(() => expect(view.container.textContent).toContain("No users are waiting for approval."));
    view.unmount();

    fetchMock.mockImplementation(async () => json(403, { error: "forbidden", message: "Admins only" }));
    view = await render(<UserApprovals />);
    await settle();
    await until(() => expect(view.container.querySelector("[role=alert]")?.textContent).toContain("Admins only"));
  });

  it("asks the server for each filter's accounts and shows its exact counts, not those of the loaded page", async () => {
    users = [
      ...Array.from({ length: 70 }, (_, n) => account(100 + n, `shop${n}@example.com`, "pending_approval")),
      account(3, "approved@example.com", "approved"),
      account(4, "rejected@example.com", "rejected"),
    ];
    view = await render(<UserApprovals />);
    await until(() => expect(cards()).toHaveLength(50));
    expect(filterLabels()).toEqual(["Pending (70)", "Approved (1)", "All (72)"]);
    expect(statusesAsked()).toEqual(["pending_approval"]);

    let release = () => {};
    approvedHeld = new Promise((resolve) => (release = resolve));
    await click(buttonByText(view.container, /^Approved/));
    // Loading the Approved list: the counts already known stay on the filters.
    expect(cards()).toHaveLength(0);
    expect(filterLabels()).toEqual(["Pending (70)", "Approved (1)", "All (72)"]);
    release();
    await until(() => expect(cards()).toHaveLength(1));
    expect(card("approved@example.com")).toBeDefined();
    expect(statusesAsked()).toEqual(["pending_approval", "approved"]);
    expect(buttonByText(view.container, "Load more")).toBeUndefined();

    await click(buttonByText(view.container, /^All/));
    await until(() => expect(cards()).toHaveLength(50));
    expect(statusesAsked()).toEqual(["pending_approval", "approved", ""]);
    expect(filterLabels()).toEqual(["Pending (70)", "Approved (1)", "All (72)"]);
  });

  it("shows the first page of accounts and the next one on Load more", async () => {
    users = Array.from({ length: 70 }, (_, n) => account(100 + n, `shop${n}@example.com`, "pending_approval"));
    view = await render(<UserApprovals />);
    await until(() => expect(cards()).toHaveLength(50));
    expect(card("shop49@example.com")).toBeDefined();
    await click(buttonByText(view.container, "Load more"));
    await until(() => expect(cards()).toHaveLength(70));
    expect(card("shop69@example.com")).toBeDefined();
    expect(buttonByText(view.container, "Load more")).toBeUndefined();
  });
});
