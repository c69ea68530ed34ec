import { screen, waitFor } from "@testing-library/react";
import { act } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { LinkStatsResponse } from "@contract/attribution.ts";
import { API } from "@contract/routes.ts";
import { fakeApi } from "@/testing/fake-api.ts";
import { liveSubscription } from "@/testing/fake-realtime.ts";
import { makeDaily, makeFigures, makeMetrics } from "@/testing/fixtures/attribution.ts";
import { testId } from "@/testing/fixtures/ids.ts";
import { render } from "@/testing/render.tsx";
import { LinkStats } from "./link-stats.tsx";

// The canvas is uPlot's (the test DOM draws no canvas): the chart is stood in for by its accessible name.
vi.mock("@/components/charts/daily-chart.tsx", () => ({
  DailyChart: ({ summary }: { summary: string }) => <div role="img" aria-label={summary} />,
}));
vi.mock("@/lib/realtime.ts", () => import("@/testing/fake-realtime.ts"));

const INFLUENCER_ID = testId(2);

function stats(clicks: number, orders: number): LinkStatsResponse {
  const qr = makeMetrics(clicks - 10, orders - 1, orders - 1, 400 * (orders - 1));
  const dm = makeMetrics(10, 1, 1, 400);
  const totals = makeFigures(makeMetrics(clicks, orders, orders, 400 * orders), { qr, dm });
  return {
    links: [
      {
        ...totals,
        affiliate_link_id: testId(200),
        campaign_id: testId(100),
        campaign_name: "Silk Scarf",
        short_url: "http://shop.test/r/Ab3dE7x",
      },
    ],
    totals,
    daily: makeDaily("2026-11-22", [
      [0, 0],
      [clicks - 10, orders - 1],
      [10, 1],
    ]),
  };
}

let answer: LinkStatsResponse;

/** The stats card under the heading `name`. */
const statsItem = (name: string) => screen.getByRole("heading", { level: 4, name }).closest<HTMLElement>(".stats-item");

beforeEach(() => {
  answer = stats(40, 2);
  fakeApi.on(API.linkStats, () => answer);
});

const figure = (scope: Element, id: string) => scope.querySelector(`.stats-grid__item--${id} dd`)!.textContent;

describe("link performance", () => {
  it("shows the totals, their sources, the days and each link as text", async () => {
    await render(<LinkStats userId={INFLUENCER_ID} />);
    const totals = () => screen.getByRole("region", { name: "All your links" });
    expect(await screen.findByRole("region", { name: "All your links" })).not.toBeNull();
    expect(figure(totals(), "clicks")).toBe("40");
    expect(figure(totals(), "orders")).toBe("2");
    expect(figure(totals(), "delivered")).toBe("2");
    expect(figure(totals(), "conversion")).toBe("5.0%");
    expect(figure(totals(), "epc")).toBe("$0.20");
    expect(figure(totals(), "commission")).toBe("$8.00");
    // Only the sources with activity, compactly.
    const rows = [...totals().querySelectorAll("tbody tr")].map((row) =>
      [...row.children].map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      ["QR code", "30", "1", "$4.00"],
      ["Instagram DM", "10", "1", "$4.00"],
    ]);
    expect(screen.getByRole("img").getAttribute("aria-label")).toBe("40 clicks and 2 orders from Nov 20 to Nov 22.");
    const link = statsItem("Silk Scarf")!;
    expect(link.textContent).toContain("http://shop.test/r/Ab3dE7x");
    expect(figure(link, "clicks")).toBe("40");
  });

  it("follows the influencer's orders live", async () => {
    const view = await render(<LinkStats userId={INFLUENCER_ID} />);
    await waitFor(() => expect(view.container.querySelector(".stats-grid")).not.toBeNull());
    const orders = liveSubscription("orders");
    expect(orders.topic).toBe(`influencer:${INFLUENCER_ID}`);
    answer = stats(41, 3);
    await act(async () => orders.onChange());
    await waitFor(() => expect(figure(view.container, "orders")).toBe("3"));
  });

  it("follows the clicks on the influencer's links live", async () => {
    const view = await render(<LinkStats userId={INFLUENCER_ID} />);
    await waitFor(() => expect(view.container.querySelector(".stats-grid")).not.toBeNull());
    const clicks = liveSubscription("link_click_counts");
    expect(clicks.topic).toBe(`influencer:${INFLUENCER_ID}`);
    answer = stats(45, 2);
    await act(async () => clicks.onChange());
    await waitFor(() => expect(figure(view.container, "clicks")).toBe("45"));
  });

  it("says so when there is no link yet", async () => {
    answer = { links: [], totals: makeFigures(makeMetrics()), daily: makeDaily("2026-11-22", [[0, 0]]) };
    const view = await render(<LinkStats userId={INFLUENCER_ID} />);
    await waitFor(() => expect(view.container.textContent).toContain("No approved links yet."));
    expect(view.container.textContent).toContain("No clicks or orders yet.");
  });
});
