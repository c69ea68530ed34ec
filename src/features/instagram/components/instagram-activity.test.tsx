import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { InstagramEvent } from "@contract/instagram.ts";
import { testId } from "@/testing/fixtures/ids.ts";
import { makeInstagramEvent } from "@/testing/fixtures/instagram.ts";
import { render, until, type Rendered } from "@/testing/render.tsx";
import { InstagramActivity } from "./instagram-activity.tsx";
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

let events: InstagramEvent[];
let view: Rendered;

beforeEach(() => {
  events = [];
  realtime.subscriptions = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => (url.endsWith("/instagram/activity") ? json(200, { events }) : json(404, {}))),
  );
});

afterEach(() => {
  view?.unmount();
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

const items = () => [...view.container.querySelectorAll<HTMLElement>(".activity-item")];

describe("Instagram activity", () => {
  it("says so while nothing has arrived, and shows a new comment live", async () => {
    view = await render(<InstagramActivity userId={INFLUENCER_ID} />);
    await until(() => expect(view.container.textContent).toContain("No comments or DMs yet."));
    const live = realtime.subscriptions.find((s) => s.table === "instagram_events")!;
    expect(live).toMatchObject({ event: "*", filter: `influencer_id=eq.${INFLUENCER_ID}` });

    events = [makeInstagramEvent({ outcome: "pending", finished_at: null })];
    live.onChange();
    await until(() => expect(items()).toHaveLength(1));
    expect(items()[0].querySelector(".badge")!.textContent).toBe("Reply: Sending…");

    events = [makeInstagramEvent({ outcome: "sent" })];
    live.onChange();
    await until(() => expect(items()[0].querySelector(".badge")!.textContent).toBe("Reply: Sent"));
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
    view = await render(<InstagramActivity userId={INFLUENCER_ID} />);
    await until(() => expect(items()).toHaveLength(3));
    const [failed, noKeyword, off] = items();
    expect(failed.textContent).toContain("DM");
    expect(failed.querySelector(".badge")!.textContent).toBe("Reply: Failed");
    expect(failed.querySelector(".activity-item__detail")!.textContent).toBe(
      "Instagram said (code 10): This message is sent outside of allowed window.",
    );
    expect(noKeyword.textContent).toContain("No keyword");
    expect(noKeyword.querySelector(".activity-item__detail")!.textContent).toBe("No keyword of yours in the message.");
    expect(off.querySelector(".badge")!.textContent).toBe("Reply: Skipped");
    expect(off.querySelector(".activity-item__detail")!.textContent).toBe("This keyword's reply is switched off.");
  });
});
