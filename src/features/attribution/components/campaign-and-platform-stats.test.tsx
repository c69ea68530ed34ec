import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeDaily, makeFigures, makeMetrics } from "@/testing/fixtures/attribution.ts";
import { testId } from "@/testing/fixtures/ids.ts";
import { buttonByText, render, until, type Rendered } from "@/testing/render.tsx";
import { CampaignStats } from "./campaign-stats.tsx";
import { PlatformStats } from "./platform-stats.tsx";
import { json } from "@/testing/http.ts";

vi.mock("@/components/charts/daily-chart.tsx", () => ({
  DailyChart: ({ summary }: { summary: string }) => <div role="img" aria-label={summary} />,
}));
const realtime = vi.hoisted(() => ({ subscriptions: [] as { table: string; filter?: string }[] }));
vi.mock("@/lib/realtime.ts", () => ({
  useTableChanges: (options: { table: string; filter?: string }) => {
    realtime.subscriptions.push(options);
    return "live";
  },
}));

const BUSINESS_ID = testId(3);
let responses: Record<string, { status: number; body: unknown }>;
let view: Rendered;

const statsItem = (scope: HTMLElement, name: string) =>
  [...scope.querySelectorAll(".stats-item")].find((item) => item.querySelector("h4")?.textContent === name) ?? null;

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
  responses = {
    "/campaigns/stats": {
      status: 200,
      body: { campaigns: [{ ...totals, campaign_id: testId(100), campaign_name: "Silk Scarf" }], totals, daily },
    },
    "/admin/attribution/stats": { status: 200, body: { totals, daily } },
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const path = new URL(url).pathname.replace(/^.*\/api/, "");
      const answer = responses[path];
      return answer ? json(answer.status, answer.body) : json(404, {});
    }),
  );
});

afterEach(() => {
  view?.unmount();
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

describe("campaign performance (business)", () => {
  it("shows each campaign's figures and follows the shop's orders", async () => {
    view = await render(<CampaignStats userId={BUSINESS_ID} />);
    await until(() => expect(statsItem(view.container, "Silk Scarf")).not.toBeNull());
    const campaign = statsItem(view.container, "Silk Scarf")!;
    expect(campaign.querySelector(".stats-grid__item--conversion dd")!.textContent).toBe("5.0%");
    expect(campaign.querySelector(".stats-grid__item--commission dd")!.textContent).toBe("$16.00");
    expect(realtime.subscriptions).toContainEqual(
      expect.objectContaining({ table: "orders", filter: `business_id=eq.${BUSINESS_ID}` }),
    );
    // An order placed without a click shows as such.
    expect(view.container.textContent).toContain("No click");
  });
});

describe("platform attribution (admin)", () => {
  it("shows the platform's totals and chart", async () => {
    view = await render(<PlatformStats />);
    await until(() => expect(view.container.querySelector('section[aria-label="Whole platform"]')).not.toBeNull());
    expect(view.container.querySelector(".stats-grid__item--clicks dd")!.textContent).toBe("120");
    expect(view.container.querySelector('[role="img"]')!.getAttribute("aria-label")).toBe(
      "120 clicks and 6 orders from Nov 21 to Nov 22.",
    );
  });

  it("offers Try again after a failure that trying again can fix, not after a refusal", async () => {
    responses["/admin/attribution/stats"] = {
      status: 403,
      body: { error: "forbidden", message: "Admin access required" },
    };
    view = await render(<PlatformStats />);
    await until(() => expect(view.container.textContent).toContain("Admin access required"));
    expect(buttonByText(view.container, "Try again")).toBeUndefined();
    view.unmount();

    responses["/admin/attribution/stats"] = {
      status: 500,
      body: { error: "internal_error", message: "Something went wrong" },
    };
    view = await render(<PlatformStats />);
    await until(() => expect(buttonByText(view.container, "Try again")).toBeDefined());
  });
});
