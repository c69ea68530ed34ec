import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { act } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { LINK_STATUSES, type LinkApplication, type LinkStatus } from "@contract/links.ts";
import { API } from "@contract/routes.ts";
import { fail, fakeApi } from "@/testing/fake-api.ts";
import { countByStatus, pageOf } from "@/testing/fake-lists.ts";
import { testId } from "@/testing/fixtures/ids.ts";
import { makeLinkApplication } from "@/testing/fixtures/links.ts";
import { render } from "@/testing/render.tsx";
import { LinkApplications } from "./link-applications.tsx";

const realtime = vi.hoisted(() => ({ onChange: null as null | (() => void), table: "", event: "" }));
vi.mock("@/lib/realtime.ts", () => ({
  useTableChanges: (options: { onChange: () => void; table: string; event: string }) => {
    Object.assign(realtime, options);
    return "live";
  },
}));

// Application n: influencer testId(100 + n) applied for campaign testId(200 + n), n minutes before
// the test time (so a list of them is newest first in n order).
const application = (n: number, campaign: string, status: LinkStatus) =>
  makeLinkApplication({
    id: testId(n),
    influencer_id: testId(100 + n),
    influencer_email: `creator-${n}@example.com`,
    campaign_id: testId(200 + n),
    campaign_name: campaign,
    status,
    is_approved: status === "approved",
    decided_at: status === "pending" ? null : "2026-11-22T04:00:00.000Z",
    rejection_reason: status === "rejected" ? "Not a fit" : null,
    created_at: new Date(Date.parse("2026-11-22T03:00:00Z") - n * 60_000).toISOString(),
  });

let applications: LinkApplication[];

/** One page of the applications with `status`, and the counts over every application, as the function answers. */
const pageAnswer = (status: string | null, query: URLSearchParams) => {
  const listed = status ? applications.filter((a) => a.status === status) : applications;
  const page = pageOf(listed, query);
  if (page instanceof Response) return page;
  return {
    applications: page.items,
    next_cursor: page.next_cursor,
    counts: countByStatus(applications, LINK_STATUSES),
  };
};

/** Decides application `id` as the function does, and answers with it. */
const decide = (id: string, status: LinkStatus, reason: string | null) => {
  applications = applications.map((a) =>
    a.id === id
      ? { ...a, status, is_approved: status === "approved", decided_at: a.created_at, rejection_reason: reason }
      : a,
  );
  return { message: "ok", link: applications.find((a) => a.id === id)! };
};

beforeEach(() => {
  applications = [
    application(1, "Silk Scarf", "pending"),
    application(2, "Coffee Beans", "approved"),
    application(3, "Palm Sugar", "rejected"),
  ];
  fakeApi.on(API.linkApplications, ({ query }) => pageAnswer(query.get("status"), query));
  fakeApi.on(API.pendingLinkApplications, ({ query }) => pageAnswer("pending", query));
  fakeApi.on(API.approveLink, ({ params }) => decide(params.id, "approved", null));
  fakeApi.on(API.rejectLink, ({ params, body }) => decide(params.id, "rejected", body.reason));
});

const cards = () => screen.queryAllByRole("listitem").filter((item) => item.classList.contains("link-application"));
const filters = () =>
  within(screen.getByRole("group"))
    .getAllByRole("button")
    .map((button) => button.textContent);
const filter = (name: RegExp) => within(screen.getByRole("group")).getByRole("button", { name });
const dialog = () => screen.queryByRole("dialog");

describe("Affiliate Link Applications", () => {
  it("shows pending applications with counts, ids, URL and actions; All shows the decided ones", async () => {
    await render(<LinkApplications />);
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(filters()).toEqual([
      "Link applications: Pending (1)",
      "Link applications: Approved (1)",
      "Link applications: All (3)",
    ]);
    const card = cards()[0];
    for (const text of [
      testId(101),
      "creator-1@example.com",
      testId(201),
      "Silk Scarf",
      `product_id=${testId(201)}`,
      "Nov 22, 2026",
    ])
      expect(card.textContent).toContain(text);
    expect(within(card).getByRole("button", { name: "Approve" })).toBeDefined();
    fireEvent.click(filter(/All \(3\)/));
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(cards()[2].textContent).toContain("✕ Rejected");
    expect(realtime).toMatchObject({ table: "affiliate_links", event: "*" });
  });

  it("approves one: it leaves the pending list", async () => {
    await render(<LinkApplications />);
    await waitFor(() => expect(cards()).toHaveLength(1));
    fireEvent.click(within(cards()[0]).getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(cards()).toHaveLength(0));
    await waitFor(() => expect(filters()[1]).toBe("Link applications: Approved (2)"));
    expect(fakeApi.calls(API.approveLink).map((request) => request.params.id)).toEqual([testId(1)]);
  });

  it("rejects one only after confirmation with a reason, which the card then shows", async () => {
    await render(<LinkApplications />);
    await waitFor(() => expect(cards()).toHaveLength(1));
    fireEvent.click(within(cards()[0]).getByRole("button", { name: "Reject" }));
    expect(within(dialog()!).getByRole("heading", { level: 2 }).textContent).toBe(
      "Reject Silk Scarf, applied for by creator-1@example.com?",
    );
    fireEvent.click(within(dialog()!).getByRole("button", { name: "Reject" }));
    await waitFor(() => expect(dialog()?.textContent).toContain("Please give a reason for the rejection."));
    fireEvent.change(within(dialog()!).getByRole("textbox"), { target: { value: "x".repeat(501) } });
    fireEvent.click(within(dialog()!).getByRole("button", { name: "Reject" }));
    await waitFor(() => expect(dialog()?.textContent).toContain("The reason must be at most 500 characters."));
    const puts = () => fakeApi.calls(API.rejectLink);
    expect(puts()).toHaveLength(0);

    fireEvent.change(within(dialog()!).getByRole("textbox"), {
      target: { value: "Your audience is outside Cambodia" },
    });
    fireEvent.click(within(dialog()!).getByRole("button", { name: "Reject" }));
    await waitFor(() => expect(cards()).toHaveLength(0));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(puts()[0].body).toEqual({
      reason: "Your audience is outside Cambodia",
    });
    fireEvent.click(filter(/All/));
    await waitFor(() =>
      expect(cards().find((card) => card.getAttribute("aria-label")?.startsWith("Silk Scarf"))?.textContent).toContain(
        "Reason for rejectionYour audience is outside Cambodia",
      ),
    );
  });

  it("shows the SPEC message with the server's reason when approval is refused", async () => {
    fakeApi.on(API.approveLink, fail("conflict", "This campaign already has the maximum of 10 approved links"));
    await render(<LinkApplications />);
    await waitFor(() => expect(cards()).toHaveLength(1));
    fireEvent.click(within(cards()[0]).getByRole("button", { name: "Approve" }));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe(
        "✕Failed to approve affiliate link. Please try again. This campaign already has the maximum of 10 approved links",
      ),
    );
  });

  it("asks the server for each filter's applications and shows its exact counts, not those of the loaded page", async () => {
    applications = [
      ...Array.from({ length: 60 }, (_, n) => application(10 + n, `Soap ${n}`, "pending")),
      application(2, "Coffee Beans", "approved"),
    ];
    await render(<LinkApplications />);
    await waitFor(() => expect(cards()).toHaveLength(50));
    expect(filters()).toEqual([
      "Link applications: Pending (60)",
      "Link applications: Approved (1)",
      "Link applications: All (61)",
    ]);
    const statusesAsked = () => fakeApi.calls(API.linkApplications).map((request) => request.query.get("status") ?? "");
    expect(statusesAsked()).toEqual(["pending"]);
    fireEvent.click(filter(/Approved/));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(cards()[0].textContent).toContain("Coffee Beans");
    expect(statusesAsked()).toEqual(["pending", "approved"]);
  });

  it("falls back to the pending list when /all fails, and refetches on a realtime event", async () => {
    fakeApi.on(API.linkApplications, fail("internal", "Something went wrong"));
    await render(<LinkApplications />);
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(fakeApi.calls(API.pendingLinkApplications).length).toBeGreaterThan(0);
    applications = [application(9, "New Soap", "pending"), ...applications];
    await act(async () => realtime.onChange!());
    await waitFor(() => expect(cards()).toHaveLength(2));
  });
});
