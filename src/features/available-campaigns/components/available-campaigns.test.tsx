import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AvailableCampaign } from "@contract/campaigns.ts";
import { makeCampaign } from "@/testing/fixtures/campaigns.ts";
import { testId } from "@/testing/fixtures/ids.ts";
import { makeAffiliateLink } from "@/testing/fixtures/links.ts";
import { buttonByText, click, render, until, type Rendered } from "@/testing/render.tsx";
import { AvailableCampaigns } from "./available-campaigns.tsx";
import { json } from "@/testing/http.ts";

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

let applyAnswer: () => Promise<Response>;
let campaignsAnswer: () => Promise<Response>;
let view: Rendered;

beforeEach(() => {
  campaignsAnswer = async () =>
    json(200, {
      campaigns: [
        campaign(1, "Silk Scarf", 0.1, "2026-11-20T00:00:00Z", { end_date: "2026-12-31" }),
        campaign(2, "Coffee Beans", 0.255, "2026-11-22T00:00:00Z"),
        campaign(3, "Palm Sugar", 0.05, "2026-11-21T00:00:00Z"),
      ],
    });
  applyAnswer = async () =>
    json(201, {
      message: "Your link application has been submitted and is pending admin approval.",
      link: makeAffiliateLink({ campaign_id: testId(1), campaign_name: "Silk Scarf" }),
    });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      if (url.endsWith("/campaigns/active")) return campaignsAnswer();
      if (url.endsWith("/affiliate-links/apply")) return applyAnswer();
      return json(404, {});
    }),
  );
});

afterEach(() => {
  view?.unmount();
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

const names = () =>
  [...view.container.querySelectorAll("li.campaign-card")].map((item) => item.getAttribute("aria-label"));

describe("Available campaigns", () => {
  it("lists newest first, re-sorts by highest commission, and shows the card facts", async () => {
    view = await render(<AvailableCampaigns />);
    await until(() => expect(names()).toEqual(["Coffee Beans", "Palm Sugar", "Silk Scarf"]));
    await click(buttonByText(view.container, "Highest Commission"));
    expect(names()).toEqual(["Coffee Beans", "Silk Scarf", "Palm Sugar"]);
    const scarf = view.container.querySelector('li[aria-label="Silk Scarf"]')!;
    expect(scarf.textContent).toContain("$24.50");
    expect(scarf.textContent).toContain("10.0%");
    expect(scarf.textContent).toContain("Dec 31, 2026");
    expect(view.container.querySelector('li[aria-label="Coffee Beans"]')!.textContent).toContain("25.5%");
    expect(view.container.querySelector('li[aria-label="Palm Sugar"]')!.textContent).toContain("N/A");
    // an Instagram post link is no image: the placeholder
    expect(scarf.querySelector("img")).toBeNull();
    expect(scarf.textContent).toContain("No Image");
  });

  it.each([
    [
      "the server's message",
      async () => json(409, { error: "conflict", message: "You have already applied for this campaign" }),
      "You have already applied for this campaign",
    ],
    ["a refusal without a message", async () => json(500, {}), "Failed to apply for the affiliate link."],
    ["no answer at all", async () => Promise.reject(new TypeError("Failed to fetch")), "An unexpected error occurred."],
  ])("a failed application shows %s", async (_name, answer, message) => {
    applyAnswer = answer as () => Promise<Response>;
    view = await render(<AvailableCampaigns />);
    await until(() => expect(names()).toHaveLength(3));
    await click(
      buttonByText(view.container.querySelector('li[aria-label="Silk Scarf"]') as HTMLElement, /^Apply for Link/),
    );
    await until(() => expect(view.container.querySelector('[role="alert"]')?.textContent).toContain(message));
  });

  it("marks the campaigns already applied to with the application's status instead of Apply for Link", async () => {
    campaignsAnswer = async () =>
      json(200, {
        campaigns: [
          campaign(1, "Silk Scarf", 0.1, "2026-11-20T00:00:00Z", { application_status: "pending" }),
          campaign(2, "Coffee Beans", 0.255, "2026-11-22T00:00:00Z", { application_status: "approved" }),
          campaign(3, "Palm Sugar", 0.05, "2026-11-21T00:00:00Z", { application_status: "rejected" }),
          campaign(4, "Kampot Pepper", 0.2, "2026-11-19T00:00:00Z"),
        ],
      });
    view = await render(<AvailableCampaigns />);
    await until(() => expect(names()).toHaveLength(4));
    const card = (name: string) => view.container.querySelector(`li[aria-label="${name}"]`) as HTMLElement;
    for (const [name, status] of [
      ["Silk Scarf", "Pending"],
      ["Coffee Beans", "Approved"],
      ["Palm Sugar", "Rejected"],
    ]) {
      expect(card(name).querySelector(".campaign-card__applied")?.textContent).toBe(`Your application: ${status}`);
      expect(buttonByText(card(name), /^Apply for Link/)).toBeUndefined();
    }
    expect(buttonByText(card("Kampot Pepper"), /^Apply for Link/)).toBeDefined();
  });

  it("says so when the list fails to load or is empty", async () => {
    campaignsAnswer = async () => json(500, {});
    view = await render(<AvailableCampaigns />);
    await until(() => expect(view.container.textContent).toContain("Failed to load active campaigns."));
    view.unmount();
    campaignsAnswer = async () => json(200, { campaigns: [] });
    view = await render(<AvailableCampaigns />);
    await until(() => expect(view.container.textContent).toContain("No active campaigns available at the moment."));
  });
});
