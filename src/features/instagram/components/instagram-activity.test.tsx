import { screen, waitFor } from "@testing-library/react";
import { act } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { InstagramEvent } from "@contract/instagram.ts";
import { API } from "@contract/routes.ts";
import { fakeApi } from "@/testing/fake-api.ts";
import { liveSubscription } from "@/testing/fake-realtime.ts";
import { testId } from "@/testing/fixtures/ids.ts";
import { makeInstagramEvent } from "@/testing/fixtures/instagram.ts";
import { render } from "@/testing/render.tsx";
import { InstagramActivity } from "./instagram-activity.tsx";

vi.mock("@/lib/realtime.ts", () => import("@/testing/fake-realtime.ts"));

const INFLUENCER_ID = testId(2);

let events: InstagramEvent[];

beforeEach(() => {
  events = [];
  fakeApi.on(API.instagramActivity, () => ({ events }));
});

const items = () => screen.queryAllByRole("listitem");
const badge = (item: HTMLElement) => item.querySelector(".badge")!.textContent;
const detail = (item: HTMLElement) => item.querySelector(".activity-item__detail")!.textContent;
const platform = (item: HTMLElement) => item.querySelector(".activity-item__platform")!.textContent;
const kind = (item: HTMLElement) => item.querySelector(".activity-item__kind")!.textContent;

describe("the keyword activity", () => {
  it("says so while nothing has arrived, and shows a new comment live", async () => {
    await render(<InstagramActivity userId={INFLUENCER_ID} />);
    expect(await screen.findByText("No comments or messages yet.", { exact: false })).toBeDefined();
    const live = liveSubscription("keyword_events");
    expect(live).toMatchObject({ event: "*", topic: `influencer:${INFLUENCER_ID}` });

    events = [makeInstagramEvent({ outcome: "pending", finished_at: null })];
    await act(async () => live.onChange());
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(badge(items()[0])).toBe("Reply: Sending…");

    events = [makeInstagramEvent({ outcome: "sent" })];
    await act(async () => live.onChange());
    await waitFor(() => expect(badge(items()[0])).toBe("Reply: Sent"));
    expect(platform(items()[0])).toBe("Instagram");
    expect(kind(items()[0])).toBe("Comment");
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
    expect(kind(failed)).toBe("DM");
    expect(badge(failed)).toBe("Reply: Failed");
    expect(detail(failed)).toBe("Instagram said (code 10): This message is sent outside of allowed window.");
    expect(noKeyword.textContent).toContain("No keyword");
    expect(detail(noKeyword)).toBe("No keyword of yours in the message.");
    expect(badge(off)).toBe("Reply: Skipped");
    expect(detail(off)).toBe("This keyword's reply is switched off.");
  });

  it("marks each event with its platform: a Facebook comment, a Messenger message, an Instagram DM", async () => {
    events = [
      makeInstagramEvent({ id: testId(411), platform: "facebook", kind: "comment", from_username: "Dara Sok" }),
      makeInstagramEvent({ id: testId(412), platform: "facebook", kind: "dm", from_username: null }),
      makeInstagramEvent({ id: testId(413), platform: "instagram", kind: "dm", from_username: "dara.kh" }),
    ];
    await render(<InstagramActivity userId={INFLUENCER_ID} />);
    expect(screen.getByRole("heading", { name: "Keyword activity" })).toBeDefined();
    await waitFor(() => expect(items()).toHaveLength(3));
    const list = screen.getByRole("list", { name: "Keyword activity" });
    const [comment, messenger, dm] = items();
    expect(list.contains(comment)).toBe(true);
    expect([platform(comment), kind(comment)]).toEqual(["Facebook", "Facebook comment"]);
    expect([platform(messenger), kind(messenger)]).toEqual(["Facebook", "Messenger"]);
    expect([platform(dm), kind(dm)]).toEqual(["Instagram", "DM"]);
    // A person's name on Facebook, an @username on Instagram.
    expect(comment.textContent).toContain("Dara Sok");
    expect(comment.textContent).not.toContain("@Dara Sok");
    expect(dm.textContent).toContain("@dara.kh");
  });

  it("says which platform refused a reply, and names a disconnected Page in its own words", async () => {
    events = [
      makeInstagramEvent({
        id: testId(421),
        platform: "facebook",
        kind: "dm",
        outcome: "failed",
        error_code: 551,
        error_message: "This person isn't available right now.",
      }),
      makeInstagramEvent({
        id: testId(422),
        platform: "facebook",
        outcome: "failed",
        error_code: null,
        error_message: "The Facebook Page was disconnected",
      }),
    ];
    await render(<InstagramActivity userId={INFLUENCER_ID} />);
    await waitFor(() => expect(items()).toHaveLength(2));
    const [refused, disconnected] = items();
    expect(detail(refused)).toBe("Facebook said (code 551): This person isn't available right now.");
    expect(detail(disconnected)).toBe("The Facebook Page was disconnected");
  });
});
