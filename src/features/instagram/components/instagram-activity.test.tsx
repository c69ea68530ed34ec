import { screen, waitFor } from "@testing-library/react";
import { act } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { InstagramEvent } from "@contract/instagram.ts";
import { API } from "@contract/routes.ts";
import { fakeApi } from "@/testing/fake-api.ts";
import { testId } from "@/testing/fixtures/ids.ts";
import { makeInstagramEvent } from "@/testing/fixtures/instagram.ts";
import { render } from "@/testing/render.tsx";
import { InstagramActivity } from "./instagram-activity.tsx";

// Realtime is replaced by handles the test fires, as live events from the database would.
const realtime = vi.hoisted(() => ({
  subscriptions: [] as { table: string; event: string; topic: string | null; onChange: () => void }[],
}));
vi.mock("@/lib/realtime.ts", () => ({
  useTableChanges: (options: { table: string; event: string; topic: string | null; onChange: () => void }) => {
    realtime.subscriptions = [...realtime.subscriptions.filter((s) => s.table !== options.table), options];
    return "live";
  },
}));

const INFLUENCER_ID = testId(2);

let events: InstagramEvent[];

beforeEach(() => {
  events = [];
  realtime.subscriptions = [];
  fakeApi.on(API.instagramActivity, () => ({ events }));
});

const items = () => screen.queryAllByRole("listitem");
const badge = (item: HTMLElement) => item.querySelector(".badge")!.textContent;
const detail = (item: HTMLElement) => item.querySelector(".activity-item__detail")!.textContent;

describe("Instagram activity", () => {
  it("says so while nothing has arrived, and shows a new comment live", async () => {
    await render(<InstagramActivity userId={INFLUENCER_ID} />);
    expect(await screen.findByText("No comments or DMs yet.", { exact: false })).toBeDefined();
    const live = realtime.subscriptions.find((s) => s.table === "instagram_events")!;
    expect(live).toMatchObject({ event: "*", topic: `influencer:${INFLUENCER_ID}` });

    events = [makeInstagramEvent({ outcome: "pending", finished_at: null })];
    await act(async () => live.onChange());
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(badge(items()[0])).toBe("Reply: Sending…");

    events = [makeInstagramEvent({ outcome: "sent" })];
    await act(async () => live.onChange());
    await waitFor(() => expect(badge(items()[0])).toBe("Reply: Sent"));
    expect(items()[0].textContent).toContain("Comment");
    expect(items()[0].textContent).toContain("SCARF");
    expect(items()[0].textContent).toContain("@dara.kh");
    expect(items()[0].textContent).toContain("Nov 22, 2026, 10:00 AM");
  });

  it("says why a reply failed or was skipped", async () => {
    events = [
      makeInstagramEvent({
        id: testId(401),
        kind: "dm",
        from_username: null,
        outcome: "failed",
        error_code: 10,
        error_message: "This message is sent outside of allowed window.",
      }),
      makeInstagramEvent({ id: testId(402), keyword: null, outcome: "skipped", skip_reason: "no_keyword" }),
      makeInstagramEvent({ id: testId(403), outcome: "skipped", skip_reason: "trigger_off" }),
    ];
    await render(<InstagramActivity userId={INFLUENCER_ID} />);
    await waitFor(() => expect(items()).toHaveLength(3));
    const [failed, noKeyword, off] = items();
    expect(failed.textContent).toContain("DM");
    expect(badge(failed)).toBe("Reply: Failed");
    expect(detail(failed)).toBe("Instagram said (code 10): This message is sent outside of allowed window.");
    expect(noKeyword.textContent).toContain("No keyword");
    expect(detail(noKeyword)).toBe("No keyword of yours in the message.");
    expect(badge(off)).toBe("Reply: Skipped");
    expect(detail(off)).toBe("This keyword's reply is switched off.");
  });
});
