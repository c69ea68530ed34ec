import { act } from "react";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { USER_STATUSES, type User, type UserStatus } from "@contract/auth.ts";
import { API } from "@contract/routes.ts";
import { deferred, fail, fakeApi } from "@/testing/fake-api.ts";
import { countByStatus, pageOf } from "@/testing/fake-lists.ts";
import { testId } from "@/testing/fixtures/ids.ts";
import { makeUser } from "@/testing/fixtures/users.ts";
import { render } from "@/testing/render.tsx";
import { UserApprovals } from "./user-approvals.tsx";

// Realtime is replaced by a handle the test fires, as a live event from the database would.
const realtime = vi.hoisted(() => ({ onChange: null as null | (() => void) }));
vi.mock("@/lib/realtime.ts", () => ({
  useTableChanges: (options: { onChange: () => void }) => {
    realtime.onChange = options.onChange;
    return "live";
  },
}));

/** An account made `minutesAgo` before the test time, so a list of them has a stable newest-first order. */
const account = (n: number, email: string, status: UserStatus, extra: Partial<User> = {}, minutesAgo = 0) =>
  makeUser({
    id: testId(n),
    email,
    user_type: "business",
    status,
    created_at: new Date(Date.parse("2026-11-22T03:00:00Z") - minutesAgo * 60_000).toISOString(),
    social_media_page: "https://www.facebook.com/shop",
    ...extra,
  });

let users: User[];
/** While set, GET /admin/users?status=approved waits for it: the Approved list is still loading. */
let approvedHeld: Promise<void> | null;

beforeEach(() => {
  users = [
    account(1, "pending-shop@example.com", "pending_approval", { business_name: "Pending Shop" }),
    account(2, "creator@example.com", "pending_approval", {
      user_type: "influencer",
      role: "influencer",
      full_name: "Dara Creator",
      social_media_page: "@dara",
    }),
    account(3, "approved@example.com", "approved"),
    account(4, "rejected@example.com", "rejected", { rejection_reason: "No shop page" }),
  ];
  approvedHeld = null;
  // Filtered and paged as the function does: the accounts with `status`, one page of them, and
  // the counts over every account.
  fakeApi.on(API.users, async ({ query }) => {
    const status = query.get("status");
    if (status === "approved" && approvedHeld) await approvedHeld;
    const listed = status ? users.filter((user) => user.status === status) : users;
    const page = pageOf(listed, query);
    if (page instanceof Response) return page;
    return {
      users: page.items,
      next_cursor: page.next_cursor,
      counts: countByStatus(users, USER_STATUSES),
    };
  });
  fakeApi.on(API.setUserStatus, ({ params, body }) => {
    users = users.map((user) =>
      user.id === params.id
        ? {
            ...user,
            status: body.status,
            is_approved: body.status === "approved",
            rejection_reason: body.status === "rejected" ? body.reason : null,
            suspension_reason: body.status === "suspended" ? body.reason : null,
          }
        : user,
    );
    return { user: users.find((user) => user.id === params.id)!, message: `User ${body.status}` };
  });
});

const cards = () => screen.queryAllByRole("listitem").filter((item) => item.classList.contains("user-card"));
const card = (email: string) => cards().find((item) => item.getAttribute("aria-label") === email);
const dialog = () => screen.queryByRole("dialog");
const puts = () => fakeApi.calls(API.setUserStatus);
/** The status each GET /admin/users asked for, in order ("" when none). */
const statusesAsked = () => fakeApi.calls(API.users).map((request) => request.query.get("status") ?? "");
const filterLabels = () =>
  within(screen.getByRole("group"))
    .getAllByRole("button")
    .map((button) => button.textContent);
const filter = (name: RegExp) => within(screen.getByRole("group")).getByRole("button", { name });

describe("User Approvals", () => {
  it("shows a loading state, then pending users with counts per filter", async () => {
    await render(<UserApprovals />);
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(filterLabels()).toEqual(["Pending (2)", "Approved (1)", "Suspended (0)", "All (4)"]);
    const pending = card("pending-shop@example.com")!;
    expect(pending.textContent).toContain("Pending approval");
    expect(pending.textContent).toContain("Pending Shop");
    expect(pending.textContent).toContain("https://www.facebook.com/shop");
    expect(pending.textContent).toContain("Nov 22, 2026");
    expect(card("creator@example.com")!.textContent).toContain("Dara Creator");
    expect(within(pending).getByRole("button", { name: "Approve" })).toBeDefined();
    expect(within(pending).getByRole("button", { name: "Reject" })).toBeDefined();
  });

  it("marks decided users, rejected distinct from approved; only the approved one can be suspended", async () => {
    await render(<UserApprovals />);
    await waitFor(() => expect(cards()).toHaveLength(2));
    fireEvent.click(filter(/^All/));
    await waitFor(() => expect(cards()).toHaveLength(4));
    const approved = card("approved@example.com")!;
    const rejected = card("rejected@example.com")!;
    expect(approved.querySelector(".decision-mark")?.textContent).toBe("✓ Approved");
    expect(rejected.querySelector(".decision-mark")?.textContent).toBe("✕ Rejected");
    expect(within(rejected).queryByRole("button")).toBeNull();
    expect(
      within(approved)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Suspend"]);
  });

  it("suspends an approved account with a reason, then reinstates it from the Suspended filter", async () => {
    await render(<UserApprovals />);
    await waitFor(() => expect(cards()).toHaveLength(2));
    fireEvent.click(filter(/^Approved/));
    await waitFor(() => expect(card("approved@example.com")).toBeDefined());
    fireEvent.click(within(card("approved@example.com")!).getByRole("button", { name: "Suspend" }));
    expect(within(dialog()!).getByRole("heading", { level: 2 }).textContent).toBe("Suspend approved@example.com?");
    fireEvent.click(within(dialog()!).getByRole("button", { name: "Suspend" }));
    await waitFor(() => expect(dialog()?.textContent).toContain("Please give a reason for the suspension."));
    expect(puts()).toHaveLength(0);

    fireEvent.change(within(dialog()!).getByRole("textbox"), { target: { value: "  Sells fakes  " } });
    fireEvent.click(within(dialog()!).getByRole("button", { name: "Suspend" }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(puts()[0].body).toEqual({ status: "suspended", reason: "Sells fakes" });
    await screen.findByText("approved@example.com suspended and signed out everywhere.");
    await waitFor(() => expect(filterLabels()).toEqual(["Pending (2)", "Approved (0)", "Suspended (1)", "All (4)"]));

    fireEvent.click(filter(/^Suspended/));
    await waitFor(() =>
      expect(card("approved@example.com")?.textContent).toContain("Reason for suspensionSells fakes"),
    );
    fireEvent.click(within(card("approved@example.com")!).getByRole("button", { name: "Reinstate" }));
    await screen.findByText("approved@example.com reinstated.");
    expect(puts()[1].body).toEqual({ status: "approved" });
    await waitFor(() => expect(card("approved@example.com")).toBeUndefined());
  });

  it("approves a user: it leaves the pending list and the counts change", async () => {
    await render(<UserApprovals />);
    await waitFor(() => expect(cards()).toHaveLength(2));
    fireEvent.click(within(card("pending-shop@example.com")!).getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(card("pending-shop@example.com")).toBeUndefined());
    await waitFor(() => expect(filterLabels()).toEqual(["Pending (1)", "Approved (2)", "Suspended (0)", "All (4)"]));
    expect(puts()[0].params.id).toBe(testId(1));
    expect(puts()[0].body).toEqual({ status: "approved" });
  });

  it("says 'Failed to rejected user. Please try again.' when the decision fails", async () => {
    fakeApi.on(API.setUserStatus, fail("conflict", "User already decided"));
    await render(<UserApprovals />);
    await waitFor(() => expect(cards()).toHaveLength(2));
    fireEvent.click(within(card("creator@example.com")!).getByRole("button", { name: "Reject" }));
    fireEvent.change(within(dialog()!).getByRole("textbox"), { target: { value: "Duplicate account" } });
    fireEvent.click(within(dialog()!).getByRole("button", { name: "Reject" }));
    await screen.findByText("Failed to rejected user. Please try again.");
    // The dialog stays open with the reason, to try again.
    expect((within(dialog()!).getByRole("textbox") as HTMLTextAreaElement).value).toBe("Duplicate account");
  });

  it("asks to confirm a rejection with a reason, sends it, and shows it on the card", async () => {
    await render(<UserApprovals />);
    await waitFor(() => expect(cards()).toHaveLength(2));
    fireEvent.click(within(card("pending-shop@example.com")!).getByRole("button", { name: "Reject" }));
    expect(within(dialog()!).getByRole("heading", { level: 2 }).textContent).toBe("Reject Pending Shop?");
    expect(puts()).toHaveLength(0);

    // No reason: refused here, nothing sent.
    fireEvent.click(within(dialog()!).getByRole("button", { name: "Reject" }));
    await waitFor(() => expect(dialog()?.textContent).toContain("Please give a reason for the rejection."));
    expect(puts()).toHaveLength(0);

    fireEvent.change(within(dialog()!).getByRole("textbox"), {
      target: { value: "  The Facebook page is less than 3 months old  " },
    });
    fireEvent.click(within(dialog()!).getByRole("button", { name: "Reject" }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(puts()[0].body).toEqual({
      status: "rejected",
      reason: "The Facebook page is less than 3 months old",
    });
    fireEvent.click(filter(/^All/));
    await waitFor(() =>
      expect(card("pending-shop@example.com")?.textContent).toContain(
        "Reason for rejectionThe Facebook page is less than 3 months old",
      ),
    );
  });

  it("sends nothing when the admin cancels a rejection", async () => {
    await render(<UserApprovals />);
    await waitFor(() => expect(cards()).toHaveLength(2));
    fireEvent.click(within(card("creator@example.com")!).getByRole("button", { name: "Reject" }));
    expect(within(dialog()!).getByRole("heading", { level: 2 }).textContent).toBe("Reject Dara Creator?");
    fireEvent.click(within(dialog()!).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(puts()).toHaveLength(0);
    expect(card("creator@example.com")).toBeDefined();
  });

  it("refetches when a change arrives, so a new sign-up appears without reload", async () => {
    await render(<UserApprovals />);
    await waitFor(() => expect(cards()).toHaveLength(2));
    users = [account(5, "new-signup@example.com", "pending_approval", {}, -60), ...users];
    await act(async () => realtime.onChange?.());
    await waitFor(() => expect(card("new-signup@example.com")).toBeDefined());
    expect(filterLabels()).toEqual(["Pending (3)", "Approved (1)", "Suspended (0)", "All (5)"]);
  });

  it("shows an empty state when nobody is pending and the server message when loading fails", async () => {
    users = [account(3, "approved@example.com", "approved")];
    const empty = await render(<UserApprovals />);
    expect(await within(empty.container).findByText("No users are waiting for approval.")).toBeDefined();

    // A second page beside the first, with its own cache.
    fakeApi.on(API.users, fail("forbidden", "Admins only"));
    const refused = await render(<UserApprovals />);
    await waitFor(() => expect(within(refused.container).getByRole("alert").textContent).toContain("Admins only"));
  });

  it("asks the server for each filter's accounts and shows its exact counts, not those of the loaded page", async () => {
    users = [
      ...Array.from({ length: 70 }, (_, n) => account(100 + n, `shop${n}@example.com`, "pending_approval", {}, n)),
      account(3, "approved@example.com", "approved", {}, 100),
      account(4, "rejected@example.com", "rejected", { rejection_reason: "No shop page" }, 101),
    ];
    await render(<UserApprovals />);
    await waitFor(() => expect(cards()).toHaveLength(50));
    expect(filterLabels()).toEqual(["Pending (70)", "Approved (1)", "Suspended (0)", "All (72)"]);
    expect(statusesAsked()).toEqual(["pending_approval"]);

    const approvedAnswer = deferred<void>();
    approvedHeld = approvedAnswer.promise;
    fireEvent.click(filter(/^Approved/));
    // Loading the Approved list: the counts already known stay on the filters.
    await waitFor(() => expect(statusesAsked()).toEqual(["pending_approval", "approved"]));
    expect(cards()).toHaveLength(0);
    expect(filterLabels()).toEqual(["Pending (70)", "Approved (1)", "Suspended (0)", "All (72)"]);
    approvedAnswer.resolve();
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(card("approved@example.com")).toBeDefined();
    expect(statusesAsked()).toEqual(["pending_approval", "approved"]);
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();

    fireEvent.click(filter(/^All/));
    await waitFor(() => expect(cards()).toHaveLength(50));
    expect(statusesAsked()).toEqual(["pending_approval", "approved", ""]);
    expect(filterLabels()).toEqual(["Pending (70)", "Approved (1)", "Suspended (0)", "All (72)"]);
  });

  it("shows the first page of accounts and the next one on Load more", async () => {
    users = Array.from({ length: 70 }, (_, n) => account(100 + n, `shop${n}@example.com`, "pending_approval", {}, n));
    await render(<UserApprovals />);
    await waitFor(() => expect(cards()).toHaveLength(50));
    expect(card("shop49@example.com")).toBeDefined();
    expect(card("shop50@example.com")).toBeUndefined();
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(cards()).toHaveLength(70));
    expect(card("shop69@example.com")).toBeDefined();
    expect(fakeApi.calls(API.users).at(-1)!.query.get("cursor")).not.toBeNull();
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });
});
