import { act } from "react";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { AffiliateLink, LinkStatus } from "@contract/links.ts";
import { API } from "@contract/routes.ts";
import { fail, fakeApi, jsonResponse } from "@/testing/fake-api.ts";
import { liveSubscription } from "@/testing/fake-realtime.ts";
import { testId } from "@/testing/fixtures/ids.ts";
import { makeAffiliateLink } from "@/testing/fixtures/links.ts";
import { render } from "@/testing/render.tsx";
import { MyAffiliateLinks } from "./my-affiliate-links.tsx";

vi.mock("@/lib/realtime.ts", () => import("@/testing/fake-realtime.ts"));

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

/** The links GET /affiliate-links/my-links answers with now. */
let links: AffiliateLink[];

beforeEach(() => {
  links = [
    link(1, "Silk Scarf", "pending"),
    link(2, "Coffee Beans", "rejected", { rejection_reason: "Your audience is outside Cambodia" }),
  ];
  fakeApi.on(API.myLinks, () => ({ links }));
  fakeApi.on(API.myTriggers, { triggers: [] });
});

/** The card of the link to a campaign, or null. */
const card = (name: string) => screen.queryByRole("listitem", { name });
/** The card's status badge as a screen reader reads it. */
const status = (name: string) => within(card(name)!).getByText("Link status:").parentElement!.textContent;

describe("My Affiliate Links", () => {
  it("shows pending and rejected apart, neither with a link", async () => {
    await render(<MyAffiliateLinks userId={INFLUENCER_ID} canApply />);
    await waitFor(() => expect(card("Silk Scarf")).not.toBeNull());
    expect(status("Silk Scarf")).toBe("Link status: Pending approval");
    expect(status("Coffee Beans")).toBe("Link status: Rejected");
    expect(card("Coffee Beans")!.className).toContain("link-card--rejected");
    // The rejected card says why; the pending one has nothing to explain.
    expect(card("Coffee Beans")!.textContent).toContain("Reason for rejectionYour audience is outside Cambodia");
    expect(card("Silk Scarf")!.textContent).not.toContain("Reason for rejection");
    expect(screen.queryByRole("button", { name: "Copy" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Download QR Code/ })).toBeNull();
  });

  it("subscribes to every change of its own links and turns a card approved on an UPDATE, with Copy", async () => {
    await render(<MyAffiliateLinks userId={INFLUENCER_ID} canApply />);
    await waitFor(() => expect(card("Silk Scarf")).not.toBeNull());
    const own = liveSubscription("affiliate_links");
    expect(own).toMatchObject({ event: "*", topic: `influencer:${INFLUENCER_ID}` });

    links = [link(1, "Silk Scarf", "approved"), links[1]];
    act(() => own.onChange());
    await waitFor(() => expect(status("Silk Scarf")).toBe("Link status: Approved"));
    expect(card("Silk Scarf")!.textContent).toContain("SCARF");
    // The link to share is the short URL, which counts clicks.
    const input = within(card("Silk Scarf")!).getByLabelText("Link to share");
    const url = "http://shop.test/r/Ab3dE7x";
    expect(input).toHaveProperty("value", url);

    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    fireEvent.click(within(card("Silk Scarf")!).getByRole("button", { name: "Copy" }));
    await waitFor(() => expect(within(card("Silk Scarf")!).getByRole("button", { name: "Copied" })).toBeDefined());
    expect(writeText).toHaveBeenCalledWith(url);
  });

  it("shows each campaign's price and rate as they are now, refreshed when a campaign changes", async () => {
    links = [link(1, "Silk Scarf", "approved"), link(2, "Coffee Beans", "pending", { campaign_price_cents: 1200 })];
    await render(<MyAffiliateLinks userId={INFLUENCER_ID} canApply />);
    await waitFor(() => expect(card("Silk Scarf")).not.toBeNull());
    const facts = (name: string) => {
      const terms = within(card(name)!).getAllByRole("term");
      const values = within(card(name)!).getAllByRole("definition");
      return terms.map((term, i) => [term.textContent, values[i].textContent]);
    };
    expect(facts("Silk Scarf").slice(0, 2)).toEqual([
      ["Price", "$24.50"],
      ["Commission", "15.0%"],
    ]);
    expect(facts("Coffee Beans").slice(0, 2)).toEqual([
      ["Price", "$12.00"],
      ["Commission", "15.0%"],
    ]);

    // The shop saves a new price and rate: the campaigns UPDATE refreshes the links.
    const campaigns = liveSubscription("campaigns");
    expect(campaigns).toMatchObject({ event: "UPDATE" });
    links = [
      link(1, "Silk Scarf", "approved", { campaign_price_cents: 2700, campaign_commission_rate: 0.2 }),
      links[1],
    ];
    act(() => campaigns.onChange());
    await waitFor(() =>
      expect(facts("Silk Scarf").slice(0, 2)).toEqual([
        ["Price", "$27.00"],
        ["Commission", "20.0%"],
      ]),
    );
    expect(facts("Coffee Beans")[0]).toEqual(["Price", "$12.00"]);
  });

  it("shows a link of a deactivated campaign as inactive, without the link", async () => {
    links = [link(1, "Silk Scarf", "approved", { campaign_status: "inactive" })];
    await render(<MyAffiliateLinks userId={INFLUENCER_ID} canApply />);
    await waitFor(() => expect(card("Silk Scarf")).not.toBeNull());
    expect(status("Silk Scarf")).toBe("Link status: Inactive");
    expect(within(card("Silk Scarf")!).queryByLabelText("Link to share")).toBeNull();
  });

  it("says so when there are no links, and when they fail to load", async () => {
    links = [];
    await render(<MyAffiliateLinks userId={INFLUENCER_ID} canApply />);
    expect(await screen.findByText("You don't have any affiliate links yet. Apply for one below!")).toBeDefined();
    expect(screen.getByRole("link", { name: "Browse Available Campaigns" }).getAttribute("href")).toBe(
      "/influencer/campaigns/available",
    );
    cleanup();
    fakeApi.on(API.myLinks, jsonResponse(500, {}));
    await render(<MyAffiliateLinks userId={INFLUENCER_ID} canApply />);
    await waitFor(() => expect(screen.getByText("Failed to load your affiliate links.")).toBeDefined());
  });
});

describe("Apply again", () => {
  const againMessage = "Your link application has been submitted again and is pending admin approval.";
  const applyAgainButton = (name: string) => within(card(name)!).queryByRole("button", { name: /^Apply again/ });

  it("is offered on a link rejected once; the answer turns the card pending as a second application", async () => {
    fakeApi.on(API.applyForLink, () => ({
      message: againMessage,
      link: link(2, "Coffee Beans", "pending", { attempt: 2, reapplied_at: "2026-11-23T04:00:00Z" }),
    }));
    await render(<MyAffiliateLinks userId={INFLUENCER_ID} canApply />);
    await waitFor(() => expect(card("Coffee Beans")).not.toBeNull());
    expect(applyAgainButton("Silk Scarf")).toBeNull();
    const button = applyAgainButton("Coffee Beans")!;
    expect(button.textContent).toBe("Apply again Coffee Beans");

    fireEvent.click(button);
    await waitFor(() => expect(status("Coffee Beans")).toBe("Link status: Pending approval"));
    expect(fakeApi.calls(API.applyForLink).map((request) => request.body)).toEqual([{ campaign_id: testId(102) }]);
    expect(card("Coffee Beans")!.textContent).toContain("Applied again");
    expect(card("Coffee Beans")!.textContent).not.toContain("Reason for rejection");
    expect(applyAgainButton("Coffee Beans")).toBeNull();
    await waitFor(() => expect(screen.getByText(againMessage)).toBeDefined());
  });

  it("shows the server's refusal and keeps the card rejected", async () => {
    fakeApi.on(API.applyForLink, () => fail("conflict", "This campaign is no longer accepting new orders"));
    await render(<MyAffiliateLinks userId={INFLUENCER_ID} canApply />);
    await waitFor(() => expect(card("Coffee Beans")).not.toBeNull());
    fireEvent.click(applyAgainButton("Coffee Beans")!);
    await waitFor(() => expect(screen.getByText("This campaign is no longer accepting new orders")).toBeDefined());
    expect(status("Coffee Beans")).toBe("Link status: Rejected");
  });

  it("is not offered after a second rejection, which the card calls final", async () => {
    links = [
      link(2, "Coffee Beans", "rejected", {
        attempt: 2,
        reapplied_at: "2026-11-23T04:00:00Z",
        rejection_reason: "Still outside Cambodia",
      }),
    ];
    await render(<MyAffiliateLinks userId={INFLUENCER_ID} canApply />);
    await waitFor(() => expect(card("Coffee Beans")).not.toBeNull());
    expect(applyAgainButton("Coffee Beans")).toBeNull();
    expect(card("Coffee Beans")!.textContent).toContain("Reason for rejectionStill outside Cambodia");
    expect(card("Coffee Beans")!.textContent).toContain("you cannot apply for this campaign again");
  });

  it("is not offered for a rejected link of a deactivated campaign", async () => {
    links = [link(2, "Coffee Beans", "rejected", { campaign_status: "inactive", rejection_reason: "No" })];
    await render(<MyAffiliateLinks userId={INFLUENCER_ID} canApply />);
    await waitFor(() => expect(card("Coffee Beans")).not.toBeNull());
    expect(applyAgainButton("Coffee Beans")).toBeNull();
  });
});
