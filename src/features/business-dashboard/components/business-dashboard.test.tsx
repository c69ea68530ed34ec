import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { User } from "@contract/auth.ts";
import type { Campaign } from "@contract/campaigns.ts";
import { makeCampaign } from "@/testing/fixtures/campaigns.ts";
import { testId } from "@/testing/fixtures/ids.ts";
import { makeUser } from "@/testing/fixtures/users.ts";
import { render, until, type Rendered } from "@/testing/render.tsx";
import { BusinessDashboard } from "./business-dashboard.tsx";
import { json } from "@/testing/http.ts";

vi.mock("@/lib/realtime.ts", () => ({ useTableChanges: () => "live" }));

let me: User;
let campaigns: Campaign[];
let view: Rendered;

beforeEach(() => {
  me = makeUser({ email: "shop@example.com", user_type: "business", status: "approved" });
  campaigns = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      if (url.endsWith("/auth/me")) return json(200, { user: me });
      if (url.endsWith("/campaigns/business")) return json(200, { campaigns });
      return json(404, {});
    }),
  );
});

afterEach(() => {
  view?.unmount();
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

const prompt = () => view.container.querySelector("#shop-name-prompt");

describe("Business dashboard", () => {
  it("asks a shop without a name for one, and greets it by email meanwhile", async () => {
    view = await render(<BusinessDashboard shopNamePrompt={<p id="shop-name-prompt">Name your shop</p>} />);
    await until(() => expect(prompt()).not.toBeNull());
    expect(view.container.textContent).toContain("Welcome, shop@example.com");
  });

  it("greets a named shop by its name and asks nothing", async () => {
    me = { ...me, business_name: "Sokha Silk" };
    view = await render(<BusinessDashboard shopNamePrompt={<p id="shop-name-prompt">Name your shop</p>} />);
    await until(() => expect(view.container.textContent).toContain("Welcome, Sokha Silk"));
    expect(prompt()).toBeNull();
  });

  it("shows a rejected shop the admin's reason in its banner", async () => {
    me = {
      ...me,
      status: "rejected",
      is_approved: false,
      rejection_reason: "The Facebook page is less than 3 months old",
    };
    view = await render(<BusinessDashboard />);
    await until(() => expect(view.container.querySelector(".status-banner")).not.toBeNull());
    const banner = view.container.querySelector(".status-banner")!;
    expect(banner.getAttribute("role")).toBe("alert");
    expect(banner.querySelector(".status-banner__reason")?.textContent).toBe(
      "Reason given: The Facebook page is less than 3 months old",
    );
    expect(banner.textContent).toContain("Your registration was not approved");
  });

  it("links Create Campaign and each campaign's Edit to the campaign screen", async () => {
    campaigns = [
      makeCampaign({ id: testId(101), product_name: "Silk Scarf", price_cents: 2450, commission_rate: 0.15 }),
    ];
    view = await render(<BusinessDashboard />);
    await until(() => expect(view.container.querySelector('[aria-label="Silk Scarf"]')).not.toBeNull());
    const card = view.container.querySelector<HTMLElement>('[aria-label="Silk Scarf"]')!;
    expect(card.textContent).toContain("$24.50");
    expect(card.textContent).toContain("15.0%");
    const edit = card.querySelector("a")!;
    expect(edit.textContent).toBe("Edit Silk Scarf");
    expect(edit.getAttribute("href")).toBe(`/business/campaigns/${testId(101)}/edit`);
    const links = [...view.container.querySelectorAll("a")].map((a) => [a.textContent, a.getAttribute("href")]);
    expect(links).toContainEqual(["Create Campaign", "/business/create-campaign"]);
    expect(links).toContainEqual(["Manage Campaigns", "/business/campaigns"]);
    // No dialog of its own any more: editing is the campaign screen's.
    expect(view.container.querySelector('[role="dialog"]')).toBeNull();
  });

  it("shows a rejected shop without a stored reason only the general text", async () => {
    me = { ...me, status: "rejected", is_approved: false };
    view = await render(<BusinessDashboard />);
    await until(() => expect(view.container.querySelector(".status-banner")).not.toBeNull());
    expect(view.container.querySelector(".status-banner__reason")).toBeNull();
  });
});
