import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { AvailableCampaign } from "@contract/campaigns.ts";
import { API } from "@contract/routes.ts";
import { fail, fakeApi, jsonResponse, networkDown } from "@/testing/fake-api.ts";
import { makeCampaign } from "@/testing/fixtures/campaigns.ts";
import { testId } from "@/testing/fixtures/ids.ts";
import { makeAffiliateLink } from "@/testing/fixtures/links.ts";
import { render } from "@/testing/render.tsx";
import { AvailableCampaigns } from "./available-campaigns.tsx";

const campaign = (
  n: number,
  name: string,
  rate: number,
  created: string,
  extra: Partial<AvailableCampaign> = {},
): AvailableCampaign => {
  const { application_status = null, ...fields } = extra;
  return {
    ...makeCampaign({
      id: testId(n),
      product_name: name,
      price_cents: 2450,
      commission_rate: rate,
      image_urls: ["https://www.instagram.com/p/abc/"],
      created_at: created,
      ...fields,
    }),
    application_status,
  };
};

beforeEach(() => {
  fakeApi.on(API.activeCampaigns, {
    campaigns: [
      campaign(1, "Silk Scarf", 0.1, "2026-11-20T00:00:00Z", { end_date: "2026-12-31" }),
      campaign(2, "Coffee Beans", 0.255, "2026-11-22T00:00:00Z"),
      campaign(3, "Palm Sugar", 0.05, "2026-11-21T00:00:00Z"),
    ],
  });
  fakeApi.on(API.applyForLink, {
    message: "Your link application has been submitted and is pending admin approval.",
    link: makeAffiliateLink({ campaign_id: testId(1), campaign_name: "Silk Scarf" }),
  });
});

/** The campaign cards of the grid, by product name. */
const cards = () => within(screen.getByRole("list", { name: "Available Campaigns" })).getAllByRole("listitem");
const names = () =>
  (screen.queryByRole("list", { name: "Available Campaigns" }) ? cards() : []).map((item) =>
    item.getAttribute("aria-label"),
  );
const card = (name: string) => screen.getByRole("listitem", { name });

describe("Available campaigns", () => {
  it("lists newest first, re-sorts by highest commission, and shows the card facts", async () => {
    await render(<AvailableCampaigns />);
    await waitFor(() => expect(names()).toEqual(["Coffee Beans", "Palm Sugar", "Silk Scarf"]));
    fireEvent.click(screen.getByRole("button", { name: "Highest Commission" }));
    expect(names()).toEqual(["Coffee Beans", "Silk Scarf", "Palm Sugar"]);
    const scarf = card("Silk Scarf");
    expect(scarf.textContent).toContain("$24.50");
    expect(scarf.textContent).toContain("10.0%");
    expect(scarf.textContent).toContain("Dec 31, 2026");
    expect(card("Coffee Beans").textContent).toContain("25.5%");
    expect(card("Palm Sugar").textContent).toContain("N/A");
    // an Instagram post link is no image: the placeholder
    expect(scarf.querySelector("img")).toBeNull();
    expect(within(scarf).getByRole("img", { name: "Silk Scarf: No Image" })).toBeDefined();
    expect(scarf.textContent).toContain("No Image");
  });

  it.each([
    [
      "the server's message",
      () => fail("conflict", "You have already applied for this campaign"),
      "You have already applied for this campaign",
    ],
    ["a refusal without a message", () => jsonResponse(500, {}), "Failed to apply for the affiliate link."],
    ["no answer at all", () => networkDown(), "An unexpected error occurred."],
  ])("a failed application shows %s", async (_name, answer, message) => {
    fakeApi.on(API.applyForLink, answer);
    await render(<AvailableCampaigns />);
    await waitFor(() => expect(names()).toHaveLength(3));
    fireEvent.click(within(card("Silk Scarf")).getByRole("button", { name: /^Apply for Link/ }));
    await waitFor(() => expect(screen.getAllByRole("alert")[0].textContent).toContain(message));
    expect(fakeApi.calls(API.applyForLink).map((request) => request.body)).toEqual([{ campaign_id: testId(1) }]);
  });

  it("marks the campaigns already applied to with the application's status instead of Apply for Link", async () => {
    fakeApi.on(API.activeCampaigns, {
      campaigns: [
        campaign(1, "Silk Scarf", 0.1, "2026-11-20T00:00:00Z", { application_status: "pending" }),
        campaign(2, "Coffee Beans", 0.255, "2026-11-22T00:00:00Z", { application_status: "approved" }),
        campaign(3, "Palm Sugar", 0.05, "2026-11-21T00:00:00Z", { application_status: "rejected" }),
        campaign(4, "Kampot Pepper", 0.2, "2026-11-19T00:00:00Z"),
      ],
    });
    await render(<AvailableCampaigns />);
    await waitFor(() => expect(names()).toHaveLength(4));
    for (const [name, status] of [
      ["Silk Scarf", "Pending"],
      ["Coffee Beans", "Approved"],
      ["Palm Sugar", "Rejected"],
    ]) {
      expect(within(card(name)).getByText("Your application:").textContent).toBe(`Your application: ${status}`);
      expect(within(card(name)).queryByRole("button", { name: /^Apply for Link/ })).toBeNull();
    }
    expect(within(card("Kampot Pepper")).getByRole("button", { name: /^Apply for Link/ })).toBeDefined();
  });

  it("says so when the list fails to load or is empty", async () => {
    fakeApi.on(API.activeCampaigns, jsonResponse(500, {}));
    await render(<AvailableCampaigns />);
    expect(await screen.findByText("Failed to load active campaigns.")).toBeDefined();
    cleanup();
    fakeApi.on(API.activeCampaigns, { campaigns: [] });
    await render(<AvailableCampaigns />);
    await waitFor(() => expect(screen.getByText("No active campaigns available at the moment.")).toBeDefined());
  });
});
