import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { API } from "@contract/routes.ts";
import { fail, fakeApi } from "@/testing/fake-api.ts";
import { makeDaily, makeFigures, makeMetrics } from "@/testing/fixtures/attribution.ts";
import { testId } from "@/testing/fixtures/ids.ts";
import { render } from "@/testing/render.tsx";
import { CampaignStats } from "./campaign-stats.tsx";
import { PlatformStats } from "./platform-stats.tsx";

vi.mock("@/components/charts/daily-chart.tsx", () => ({
  DailyChart: ({ summary }: { summary: string }) => <div role="img" aria-label={summary} />,
}));
const realtime = vi.hoisted(() => ({ subscriptions: [] as { table: string; topic: string | null }[] }));
vi.mock("@/lib/realtime.ts", () => ({
  useTableChanges: (options: { table: string; topic: string | null }) => {
    realtime.subscriptions.push(options);
    return "live";
  },
}));

const BUSINESS_ID = testId(3);

/** The stats card under the heading `name`. */
const statsItem = (name: string) =>
  screen.queryByRole("heading", { level: 4, name })?.closest<HTMLElement>(".stats-item") ?? null;

beforeEach(() => {
  realtime.subscriptions = [];
  const totals = makeFigures(makeMetrics(120, 6, 4, 1600), {
    link: makeMetrics(120, 5, 4, 1600),
    none: makeMetrics(0, 1),
  });
  const daily = makeDaily("2026-11-22", [
    [60, 3],
    [60, 3],
  ]);
  fakeApi.on(API.campaignStats, {
    campaigns: [{ ...totals, campaign_id: testId(100), campaign_name: "Silk Scarf" }],
    totals,
    daily,
  });
  fakeApi.on(API.platformStats, { totals, daily });
});

describe("campaign performance (business)", () => {
  it("shows each campaign's figures and follows the shop's orders", async () => {
    const view = await render(<CampaignStats userId={BUSINESS_ID} />);
    await waitFor(() => expect(statsItem("Silk Scarf")).not.toBeNull());
    const campaign = statsItem("Silk Scarf")!;
    expect(campaign.querySelector(".stats-grid__item--conversion dd")!.textContent).toBe("5.0%");
    expect(campaign.querySelector(".stats-grid__item--commission dd")!.textContent).toBe("$16.00");
    expect(realtime.subscriptions).toContainEqual(
      expect.objectContaining({ table: "orders", topic: `shop:${BUSINESS_ID}` }),
    );
    // An order placed without a click shows as such.
    expect(view.container.textContent).toContain("No click");
  });
});

describe("platform attribution (admin)", () => {
  it("shows the platform's totals and chart", async () => {
    const view = await render(<PlatformStats />);
    expect(await screen.findByRole("region", { name: "Whole platform" })).not.toBeNull();
    expect(view.container.querySelector(".stats-grid__item--clicks dd")!.textContent).toBe("120");
    expect(screen.getByRole("img").getAttribute("aria-label")).toBe("120 clicks and 6 orders from Nov 21 to Nov 22.");
  });

  it("offers Try again after a failure that trying again can fix, not after a refusal", async () => {
    fakeApi.on(API.platformStats, fail("forbidden", "Admin access required"));
    const refused = await render(<PlatformStats />);
    await waitFor(() => expect(refused.container.textContent).toContain("Admin access required"));
    expect(within(refused.container).queryByRole("button", { name: "Try again" })).toBeNull();

    // A second page beside the first, with its own cache.
    fakeApi.on(API.platformStats, fail("internal", "Something went wrong"));
    const failed = await render(<PlatformStats />);
    await waitFor(() => expect(failed.container.textContent).toContain("Something went wrong"));
    expect(await within(failed.container).findByRole("button", { name: "Try again" })).toBeDefined();
  });
});
