import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AffiliateLink, LinkStatus } from "@contract/links.ts";
import { testId } from "@/testing/fixtures/ids.ts";
import { makeAffiliateLink } from "@/testing/fixtures/links.ts";
import { buttonByText, click, render, until, type Rendered } from "@/testing/render.tsx";
import { MyAffiliateLinks } from "./my-affiliate-links.tsx";
import { json } from "@/testing/http.ts";

// Realtime is replaced by handles the test fires, as postgres_changes events would.
const realtime = vi.hoisted(() => ({
  subscriptions: [] as { table: string; event: string; filter?: string; onChange: () => void }[],
}));
vi.mock("@/lib/realtime.ts", () => ({
  useTableChanges: (options: { table: string; event: string; filter?: string; onChange: () => void }) => {
    realtime.subscriptions = [...realtime.subscriptions.filter((s) => s.table !== options.table), options];
    return "live";
  },
}));

const INFLUENCER_ID = testId(2);

// Link n is the influencer's link to campaign testId(100 + n); an approved one has its URL and keyword.
const link = (n: number, name: string, status: LinkStatus, extra: Partial<AffiliateLink> = {}) =>
  makeAffiliateLink({
    id: testId(n),
    influencer_id: INFLUENCER_ID,
    campaign_id: testId(100 + n),
    campaign_name: name,
    status,
    created_at: "2026-11-22T03:00:00Z",
    ...extra,
  });

let links: AffiliateLink[];
let linksStatus: number;
let view: Rendered;

beforeEach(() => {
  links = [
    link(1, "Silk Scarf", "pending"),
    link(2, "Coffee Beans", "rejected", { rejection_reason: "Your audience is outside Cambodia" }),
  ];
  linksStatus = 200;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      if (url.endsWith("/affiliate-links/my-links"))
        return linksStatus === 200 ? json(200, { links }) : json(linksStatus, {});
      if (url.endsWith("/keyword-triggers/my-triggers")) return json(200, { triggers: [] });
      return json(404, {});
    }),
  );
});

afterEach(() => {
  view?.unmount();
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

const card = (name: string) => view.container.querySelector<HTMLElement>(`li[aria-label="${name}"]`);

describe("My Affiliate Links", () => {
  it("shows pending and rejected apart, neither with a link", async () => {
    view = await render(<MyAffiliateLinks userId={INFLUENCER_ID} canApply />);
    await until(() => expect(card("Silk Scarf")).not.toBeNull());
    expect(card("Silk Scarf")!.querySelector(".badge")!.textContent).toBe("Link status: Pending approval");
    expect(card("Coffee Beans")!.querySelector(".badge")!.textContent).toBe("Link status: Rejected");
    expect(card("Coffee Beans")!.className).toContain("link-card--rejected");
    // The rejected card says why; the pending one has nothing to explain.
    expect(card("Coffee Beans")!.textContent).toContain("Reason for rejectionYour audience is outside Cambodia");
    expect(card("Silk Scarf")!.textContent).not.toContain("Reason for rejection");
    expect(buttonByText(view.container, "Copy")).toBeUndefined();
    expect(buttonByText(view.container, /Download QR Code/)).toBeUndefined();
  });

  it("subscribes to its own links and turns a card approved on an UPDATE, with Copy", async () => {
    view = await render(<MyAffiliateLinks userId={INFLUENCER_ID} canApply />);
    await until(() => expect(card("Silk Scarf")).not.toBeNull());
    const own = realtime.subscriptions.find((s) => s.table === "affiliate_links")!;
    expect(own).toMatchObject({ event: "UPDATE", filter: `influencer_id=eq.${INFLUENCER_ID}` });

    links = [link(1, "Silk Scarf", "approved"), links[1]];
    own.onChange();
    await until(() => expect(card("Silk Scarf")!.querySelector(".badge")!.textContent).toBe("Link status: Approved"));
    expect(card("Silk Scarf")!.textContent).toContain("SCARF");
    // The link to share is the short URL, which counts clicks.
    const input = card("Silk Scarf")!.querySelector("input")!;
    const url = "http://shop.test/r/Ab3dE7x";
    expect(input.value).toBe(url);

    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    await click(buttonByText(card("Silk Scarf")!, "Copy"));
    await until(() => expect(buttonByText(card("Silk Scarf")!, "Copied")).toBeDefined());
    expect(writeText).toHaveBeenCalledWith(url);
  });

  it("shows each campaign's price and rate as they are now, refreshed when a campaign changes", async () => {
    links = [link(1, "Silk Scarf", "approved"), link(2, "Coffee Beans", "pending", { campaign_price_cents: 1200 })];
    view = await render(<MyAffiliateLinks userId={INFLUENCER_ID} canApply />);
    await until(() => expect(card("Silk Scarf")).not.toBeNull());
    const facts = (name: string) =>
      [...card(name)!.querySelectorAll(".details__row")].map((row) => [
        row.querySelector("dt")!.textContent,
        row.querySelector("dd")!.textContent,
      ]);
    expect(facts("Silk Scarf").slice(0, 2)).toEqual([
      ["Price", "$24.50"],
      ["Commission", "15.0%"],
    ]);
    expect(facts("Coffee Beans").slice(0, 2)).toEqual([
      ["Price", "$12.00"],
      ["Commission", "15.0%"],
    ]);

    // The shop saves a new price and rate: the campaigns UPDATE refreshes the links.
    const campaigns = realtime.subscriptions.find((s) => s.table === "campaigns")!;
    expect(campaigns).toMatchObject({ event: "UPDATE" });
    links = [
      link(1, "Silk Scarf", "approved", { campaign_price_cents: 2700, campaign_commission_rate: 0.2 }),
      links[1],
    ];
    campaigns.onChange();
    await until(() =>
      expect(facts("Silk Scarf").slice(0, 2)).toEqual([
        ["Price", "$27.00"],
        ["Commission", "20.0%"],
      ]),
    );
    expect(facts("Coffee Beans")[0]).toEqual(["Price", "$12.00"]);
  });

  it("shows a link of a deactivated campaign as inactive, without the link", async () => {
    links = [link(1, "Silk Scarf", "approved", { campaign_status: "inactive" })];
    view = await render(<MyAffiliateLinks userId={INFLUENCER_ID} canApply />);
    await until(() => expect(card("Silk Scarf")).not.toBeNull());
    expect(card("Silk Scarf")!.querySelector(".badge")!.textContent).toBe("Link status: Inactive");
    expect(card("Silk Scarf")!.querySelector("input")).toBeNull();
  });

  it("says so when there are no links, and when they fail to load", async () => {
    links = [];
    view = await render(<MyAffiliateLinks userId={INFLUENCER_ID} canApply />);
    await until(() =>
      expect(view.container.textContent).toContain("You don't have any affiliate links yet. Apply for one below!"),
    );
    expect(view.container.querySelector('a[href="/influencer/campaigns/available"]')).not.toBeNull();
    view.unmount();
    linksStatus = 500;
    view = await render(<MyAffiliateLinks userId={INFLUENCER_ID} canApply />);
    await until(() => expect(view.container.textContent).toContain("Failed to load your affiliate links."));
  });
});
