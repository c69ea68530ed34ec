import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { User } from "@contract/auth.ts";
import type { Campaign } from "@contract/campaigns.ts";
import { API } from "@contract/routes.ts";
import { fakeApi } from "@/testing/fake-api.ts";
import { makeCampaign } from "@/testing/fixtures/campaigns.ts";
import { testId } from "@/testing/fixtures/ids.ts";
import { makeUser } from "@/testing/fixtures/users.ts";
import { render } from "@/testing/render.tsx";
import { BusinessDashboard } from "./business-dashboard.tsx";

vi.mock("@/lib/realtime.ts", () => ({ useTableChanges: () => "live" }));

let me: User;
let campaigns: Campaign[];
let container: HTMLElement;

beforeEach(() => {
  me = makeUser({ email: "shop@example.com", user_type: "business", status: "approved" });
  campaigns = [];
  fakeApi.on(API.me, () => ({ user: me }));
  fakeApi.on(API.businessCampaigns, () => ({ campaigns }));
});

const prompt = () => screen.queryByText("Name your shop");
const banner = () => container.querySelector<HTMLElement>(".status-banner");

describe("Business dashboard", () => {
  it("asks a shop without a name for one, and greets it by email meanwhile", async () => {
    await render(<BusinessDashboard shopNamePrompt={<p id="shop-name-prompt">Name your shop</p>} />);
    await waitFor(() => expect(prompt()).not.toBeNull());
    expect(document.body.textContent).toContain("Welcome, shop@example.com");
  });

  it("greets a named shop by its name and asks nothing", async () => {
    me = { ...me, business_name: "Sokha Silk" };
    await render(<BusinessDashboard shopNamePrompt={<p id="shop-name-prompt">Name your shop</p>} />);
    await waitFor(() => expect(document.body.textContent).toContain("Welcome, Sokha Silk"));
    expect(prompt()).toBeNull();
  });

  it("shows a rejected shop the admin's reason in its banner", async () => {
    me = {
      ...me,
      status: "rejected",
      is_approved: false,
      rejection_reason: "The Facebook page is less than 3 months old",
    };
    ({ container } = await render(<BusinessDashboard />));
    await waitFor(() => expect(banner()).not.toBeNull());
    expect(banner()!.getAttribute("role")).toBe("alert");
    expect(banner()!.querySelector(".status-banner__reason")?.textContent).toBe(
      "Reason given: The Facebook page is less than 3 months old",
    );
    expect(banner()!.textContent).toContain("Your registration was not approved");
  });

  it("links Create Campaign and each campaign's Edit to the campaign screen", async () => {
    campaigns = [
      makeCampaign({ id: testId(101), product_name: "Silk Scarf", price_cents: 2450, commission_rate: 0.15 }),
    ];
    await render(<BusinessDashboard />);
    await waitFor(() => expect(screen.queryByLabelText("Silk Scarf")).not.toBeNull());
    const card = screen.getByLabelText("Silk Scarf");
    expect(card.textContent).toContain("$24.50");
    expect(card.textContent).toContain("15.0%");
    const edit = within(card).getByRole("link");
    expect(edit.textContent).toBe("Edit Silk Scarf");
    expect(edit.getAttribute("href")).toBe(`/business/campaigns/${testId(101)}/edit`);
    const links = screen.getAllByRole("link").map((a) => [a.textContent, a.getAttribute("href")]);
    expect(links).toContainEqual(["Create Campaign", "/business/create-campaign"]);
    expect(links).toContainEqual(["Manage Campaigns", "/business/campaigns"]);
    // No dialog of its own any more: editing is the campaign screen's.
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("shows a rejected shop without a stored reason only the general text", async () => {
    me = { ...me, status: "rejected", is_approved: false };
    ({ container } = await render(<BusinessDashboard />));
    await waitFor(() => expect(banner()).not.toBeNull());
    expect(container.querySelector(".status-banner__reason")).toBeNull();
  });
});
