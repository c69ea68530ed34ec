import { fireEvent, screen, waitFor } from "@testing-library/react";
import { act } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { InstagramAccount } from "@contract/instagram.ts";
import { API } from "@contract/routes.ts";
import { fakeApi } from "@/testing/fake-api.ts";
import { liveSubscription } from "@/testing/fake-realtime.ts";
import { makeInstagramAccount } from "@/testing/fixtures/instagram.ts";
import { testId } from "@/testing/fixtures/ids.ts";
import { render } from "@/testing/render.tsx";
import { InstagramCard } from "./instagram-card.tsx";

vi.mock("@/lib/realtime.ts", () => import("@/testing/fake-realtime.ts"));

const INFLUENCER_ID = testId(2);
const AUTHORIZE = "https://www.instagram.com/oauth/authorize?client_id=1&state=signed";

let account: InstagramAccount | null;

beforeEach(() => {
  account = null;
  fakeApi.on(API.instagramAccount, () => ({ instagram: account }));
  fakeApi.on(API.instagramDisconnect, () => {
    account = null;
    return { message: "Instagram disconnected" };
  });
  fakeApi.on(API.instagramConnectUrl, { url: AUTHORIZE });
});

const connectButton = () => screen.getByRole("button", { name: "Connect Instagram" }) as HTMLButtonElement;

describe("the Instagram card", () => {
  it("explains keyword replies and sends an approved influencer to Instagram's authorize page", async () => {
    const navigateTo = vi.fn();
    const view = await render(<InstagramCard userId={INFLUENCER_ID} approved navigateTo={navigateTo} />);
    await waitFor(() => expect(connectButton()).toBeDefined());
    expect(view.container.textContent).toContain(
      "When a follower comments or sends you one of your keywords, they get the product link in a DM automatically.",
    );
    fireEvent.click(connectButton());
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith(AUTHORIZE));
    expect(fakeApi.calls(API.instagramConnectUrl)).toHaveLength(1);
  });

  it("tells an influencer who is not approved yet why they cannot connect", async () => {
    await render(<InstagramCard userId={INFLUENCER_ID} approved={false} navigateTo={vi.fn()} />);
    await waitFor(() => expect(connectButton()).toBeDefined());
    const button = connectButton();
    expect(button.disabled).toBe(true);
    const reason = document.getElementById(button.getAttribute("aria-describedby")!)!;
    expect(reason.textContent).toBe(
      "Only approved influencers can connect Instagram. You can connect once an admin approves your account.",
    );
  });

  it("shows the connected account, and disconnects it after asking", async () => {
    account = makeInstagramAccount({ username: "sokha.style", connected_at: "2026-11-20T03:00:00Z" });
    const view = await render(<InstagramCard userId={INFLUENCER_ID} approved navigateTo={vi.fn()} />);
    await waitFor(() => expect(view.container.textContent).toContain("@sokha.style"));
    expect(view.container.textContent).toContain("Connected sinceNov 20, 2026");

    fireEvent.click(screen.getByRole("button", { name: "Disconnect" }));
    await waitFor(() =>
      expect(view.container.textContent).toContain(
        "Disconnect @sokha.style? Keyword replies stop until you connect again.",
      ),
    );
    expect(fakeApi.calls(API.instagramDisconnect)).toHaveLength(0);
    fireEvent.click(screen.getByRole("button", { name: "Disconnect" }));
    await waitFor(() => expect(connectButton()).toBeDefined());
    expect(fakeApi.calls(API.instagramDisconnect)).toHaveLength(1);
    await waitFor(() => expect(document.body.textContent).toContain("Instagram disconnected"));
  });

  it("says it as soon as the live event of the account arrives, without a reload", async () => {
    account = makeInstagramAccount({ username: "sokha.style" });
    const view = await render(<InstagramCard userId={INFLUENCER_ID} approved navigateTo={vi.fn()} />);
    await waitFor(() => expect(view.container.textContent).toContain("Each keyword's reply is set"));
    const live = liveSubscription("instagram_accounts");
    expect(live).toMatchObject({ event: "*", topic: `influencer:${INFLUENCER_ID}` });

    account = makeInstagramAccount({ username: "sokha.style", token_refused_at: "2026-11-24T03:00:00Z" });
    await act(async () => live.onChange());
    expect((await screen.findByRole("alert")).textContent).toContain("Instagram no longer accepts");
  });

  it("says when Instagram stopped accepting the account's token, and connects again from there", async () => {
    account = makeInstagramAccount({ username: "sokha.style", token_refused_at: "2026-11-24T03:00:00Z" });
    const navigateTo = vi.fn();
    const view = await render(<InstagramCard userId={INFLUENCER_ID} approved navigateTo={navigateTo} />);
    expect((await screen.findByRole("alert")).textContent).toContain(
      "Since Nov 24, 2026, Instagram no longer accepts this account's connection, so keywords get no reply.",
    );
    expect(view.container.textContent).toContain("@sokha.style");
    expect(view.container.textContent).not.toContain("Each keyword's reply is set on your affiliate links below.");
    fireEvent.click(screen.getByRole("button", { name: "Connect again" }));
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith(AUTHORIZE));
  });
});
