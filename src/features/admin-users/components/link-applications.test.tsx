import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LinkApplication, LinkStatus } from "@contract/links.ts";
import { testId } from "@/testing/fixtures/ids.ts";
import { makeLinkApplication } from "@/testing/fixtures/links.ts";
import { buttonByText, click, render, typeInto, until, type Rendered } from "@/testing/render.tsx";
import { LinkApplications } from "./link-applications.tsx";
import { json } from "@/testing/http.ts";

const realtime = vi.hoisted(() => ({ onChange: null as null | (() => void), table: "", event: "" }));
vi.mock("@/lib/realtime.ts", () => ({
  useTableChanges: (options: { onChange: () => void; table: string; event: string }) => {
    Object.assign(realtime, options);
    return "live";
  },
}));

// Application n: influencer testId(100 + n) applied for campaign testId(200 + n).
const application = (n: number, campaign: string, status: LinkStatus) =>
  makeLinkApplication({
    id: testId(n),
    influencer_id: testId(100 + n),
    influencer_email: `creator-${n}@example.com`,
    campaign_id: testId(200 + n),
    campaign_name: campaign,
    status,
    created_at: "2026-11-22T03:00:00Z",
  });

let applications: LinkApplication[];
let allFails: boolean;
let decideAnswer: { status: number; body: unknown } | null;
let fetchMock: ReturnType<typeof vi.fn>;
let view: Rendered;

/** A request's path, without the paging query. */
const pathOf = (url: string) => new URL(url, "http://api.test").pathname;

beforeEach(() => {
  applications = [
    application(1, "Silk Scarf", "pending"),
    application(2, "Coffee Beans", "approved"),
    application(3, "Palm Sugar", "rejected"),
  ];
  allFails = false;
  decideAnswer = null;
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    // Filtered and paged as the function does: the applications with `status`, `limit` rows after
    // `cursor` (here, the index of the next row), and the counts over every application.
    const page = (status: string | null) => {
      const query = new URL(url, "http://api.test").searchParams;
      const listed = status ? applications.filter((a) => a.status === status) : applications;
      const start = Number(query.get("cursor") ?? 0);
      const end = start + Number(query.get("limit") ?? 50);
      const count = (wanted: LinkStatus) => applications.filter((a) => a.status === wanted).length;
      return json(200, {
        applications: listed.slice(start, end),
        next_cursor: end < listed.length ? String(end) : null,
        counts: {
          pending: count("pending"),
          approved: count("approved"),
          rejected: count("rejected"),
          total: applications.length,
        },
      });
    };
    if (pathOf(url).endsWith("/admin/affiliate-links/all"))
      return allFails ? json(500, {}) : page(new URL(url, "http://api.test").searchParams.get("status"));
    if (pathOf(url).endsWith("/admin/affiliate-links/pending")) return page("pending");
    const match = /\/admin\/affiliate-links\/([\w-]+)\/(approve|reject)$/.exec(url);
    if (match && init?.method === "PUT") {
      if (decideAnswer) return json(decideAnswer.status, decideAnswer.body);
      const status = match[2] === "approve" ? "approved" : "rejected";
      const reason = init.body ? (JSON.parse(String(init.body)) as { reason: string }).reason : null;
      applications = applications.map((a) =>
        a.id === match[1]
          ? { ...a, status, is_approved: status === "approved", decided_at: a.created_at, rejection_reason: reason }
          : a,
      );
      return json(200, { message: "ok", link: applications.find((a) => a.id === match[1]) });
    }
    return json(404, {});
  });
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  view?.unmount();
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

const cards = () => [...view.container.querySelectorAll("li.link-application")];
const filters = () => [...view.container.querySelectorAll(".filter-group__option")].map((button) => button.textContent);

describe("Affiliate Link Applications", () => {
  it("shows pending applications with counts, ids, URL and actions; All shows the decided ones", async () => {
    view = await render(<LinkApplications />);
    await until(() => expect(cards()).toHaveLength(1));
    expect(filters()).toEqual([
      "Link applications: Pending (1)",
      "Link applications: Approved (1)",
      "Link applications: All (3)",
    ]);
    const card = cards()[0] as HTMLElement;
    for (const text of [
      testId(101),
      "creator-1@example.com",
      testId(201),
      "Silk Scarf",
      `product_id=${testId(201)}`,
      "Nov 22, 2026",
    ])
      expect(card.textContent).toContain(text);
    expect(buttonByText(card, "Approve")).toBeDefined();
    await click(buttonByText(view.container, /All \(3\)/));
    await until(() => expect(cards()).toHaveLength(3));
    expect(cards()[2].textContent).toContain("✕ Rejected");
    expect(realtime).toMatchObject({ table: "affiliate_links", event: "*" });
  });

  it("approves one: it leaves the pending list", async () => {
    view = await render(<LinkApplications />);
    await until(() => expect(cards()).toHaveLength(1));
    await click(buttonByText(cards()[0] as HTMLElement, "Approve"));
    await until(() => expect(cards()).toHaveLength(0));
    expect(filters()[1]).toBe("Link applications: Approved (2)");
  });

  it("rejects one only after confirmation with a reason, which the card then shows", async () => {
    view = await render(<LinkApplications />);
    await until(() => expect(cards()).toHaveLength(1));
    await click(buttonByText(cards()[0] as HTMLElement, "Reject"));
    const dialog = () => document.body.querySelector<HTMLElement>('[role="dialog"]');
    expect(dialog()?.querySelector("h2")?.textContent).toBe("Reject Silk Scarf, applied for by creator-1@example.com?");
    await click(buttonByText(dialog()!, "Reject"));
    expect(dialog()?.textContent).toContain("Please give a reason for the rejection.");
    await typeInto(dialog()?.querySelector("textarea"), "x".repeat(501));
    await click(buttonByText(dialog()!, "Reject"));
    expect(dialog()?.textContent).toContain("The reason must be at most 500 characters.");
    const puts = () => fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === "PUT");
    expect(puts()).toHaveLength(0);

    await typeInto(dialog()?.querySelector("textarea"), "Your audience is outside Cambodia");
    await click(buttonByText(dialog()!, "Reject"));
    await until(() => expect(cards()).toHaveLength(0));
    expect(dialog()).toBeNull();
    expect(JSON.parse(String((puts()[0][1] as RequestInit).body))).toEqual({
      reason: "Your audience is outside Cambodia",
    });
    await click(buttonByText(view.container, /All/));
    await until(() =>
      expect(cards().find((card) => card.getAttribute("aria-label")?.startsWith("Silk Scarf"))?.textContent).toContain(
        "Reason for rejectionYour audience is outside Cambodia",
      ),
    );
  });

  it("shows the SPEC message with the server's reason when approval is refused", async () => {
    decideAnswer = {
      status: 409,
      body: { error: "conflict", message: "This campaign already has the maximum of 10 approved links" },
    };
    view = await render(<LinkApplications />);
    await until(() => expect(cards()).toHaveLength(1));
    await click(buttonByText(cards()[0] as HTMLElement, "Approve"));
    await until(() =>
      expect(view.container.querySelector('[role="alert"]')?.textContent).toBe(
        "✕Failed to approve affiliate link. Please try again. This campaign already has the maximum of 10 approved links",
      ),
    );
  });

  it("asks the server for each filter's applications and shows its exact counts, not those of the loaded page", async () => {
    applications = [
      ...Array.from({ length: 60 }, (_, n) => application(10 + n, `Soap ${n}`, "pending")),
      application(2, "Coffee Beans", "approved"),
    ];
    view = await render(<LinkApplications />);
    await until(() => expect(cards()).toHaveLength(50));
    expect(filters()).toEqual([
      "Link applications: Pending (60)",
      "Link applications: Approved (1)",
      "Link applications: All (61)",
    ]);
    const statusesAsked = () =>
      fetchMock.mock.calls.map(([url]) => new URL(String(url), "http://api.test").searchParams.get("status") ?? "");
    expect(statusesAsked()).toEqual(["pending"]);
    await click(buttonByText(view.container, /Approved/));
    await until(() => expect(cards()).toHaveLength(1));
    expect(cards()[0].textContent).toContain("Coffee Beans");
    expect(statusesAsked()).toEqual(["pending", "approved"]);
  });

  it("falls back to the pending list when /all fails, and refetches on a realtime event", async () => {
    allFails = true;
    view = await render(<LinkApplications />);
    await until(() => expect(cards()).toHaveLength(1));
    expect(fetchMock.mock.calls.some(([url]) => pathOf(String(url)).endsWith("/admin/affiliate-links/pending"))).toBe(
      true,
    );
    applications = [application(9, "New Soap", "pending"), ...applications];
    realtime.onChange!();
    await until(() => expect(cards()).toHaveLength(2));
  });
});
