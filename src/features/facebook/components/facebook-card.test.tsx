import { fireEvent, screen, waitFor } from "@testing-library/react";
import { act } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { FacebookPage } from "@contract/facebook.ts";
import { API } from "@contract/routes.ts";
import { setLocale } from "@/lib/i18n/index.ts";
import { fail, fakeApi } from "@/testing/fake-api.ts";
import { liveSubscription } from "@/testing/fake-realtime.ts";
import { makeFacebookPage } from "@/testing/fixtures/facebook.ts";
import { testId } from "@/testing/fixtures/ids.ts";
import { render } from "@/testing/render.tsx";
import { FacebookCard } from "./facebook-card.tsx";

vi.mock("@/lib/realtime.ts", () => import("@/testing/fake-realtime.ts"));

const INFLUENCER_ID = testId(2);
const LOGIN = "https://www.facebook.com/v21.0/dialog/oauth?client_id=1&state=signed";

let page: FacebookPage | null;

beforeEach(() => {
  page = null;
  fakeApi.on(API.facebookPage, () => ({ facebook: page }));
  fakeApi.on(API.facebookDisconnect, () => {
    page = null;
    return { message: "Facebook Page disconnected" };
  });
  fakeApi.on(API.facebookConnectUrl, { url: LOGIN });
});

const card = () => screen.getByRole("region", { name: "Facebook Page" });
const connectButton = () => screen.getByRole("button", { name: "Connect Facebook Page" }) as HTMLButtonElement;

describe("the Facebook Page card", () => {
  it("says what the Page's replies do and sends an approved influencer to Facebook Login", async () => {
    const navigateTo = vi.fn();
    await render(<FacebookCard userId={INFLUENCER_ID} approved navigateTo={navigateTo} />);
    await waitFor(() => expect(connectButton()).toBeDefined());
    expect(card().textContent).toContain(
      "Comments with your keyword on your Page's posts get a private reply with your link; so do Messenger messages.",
    );
    fireEvent.click(connectButton());
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith(LOGIN));
    expect(fakeApi.calls(API.facebookConnectUrl)).toHaveLength(1);
  });

  it("tells an influencer who is not approved yet why they cannot connect", async () => {
    await render(<FacebookCard userId={INFLUENCER_ID} approved={false} navigateTo={vi.fn()} />);
    await waitFor(() => expect(connectButton()).toBeDefined());
    const button = connectButton();
    expect(button.disabled).toBe(true);
    const reason = document.getElementById(button.getAttribute("aria-describedby")!)!;
    expect(reason.textContent).toBe(
      "Only approved influencers can connect a Facebook Page. You can connect once an admin approves your account.",
    );
    fireEvent.click(button);
    expect(fakeApi.calls(API.facebookConnectUrl)).toHaveLength(0);
  });

  it("shows the connected Page, and disconnects it after asking", async () => {
    page = makeFacebookPage({ page_name: "Sokha Style Shop", connected_at: "2026-11-20T03:00:00Z" });
    await render(<FacebookCard userId={INFLUENCER_ID} approved navigateTo={vi.fn()} />);
    await waitFor(() => expect(card().textContent).toContain("PageSokha Style Shop"));
    expect(card().textContent).toContain("Connected sinceNov 20, 2026");
    expect(screen.queryByRole("button", { name: "Connect Facebook Page" })).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Disconnect" }));
    await waitFor(() =>
      expect(card().textContent).toContain(
        "Disconnect Sokha Style Shop? Its comments and Messenger messages get no reply until you connect it again.",
      ),
    );
    expect(fakeApi.calls(API.facebookDisconnect)).toHaveLength(0);
    fireEvent.click(screen.getByRole("button", { name: "Disconnect" }));
    await waitFor(() => expect(connectButton()).toBeDefined());
    expect(fakeApi.calls(API.facebookDisconnect)).toHaveLength(1);
    await waitFor(() => expect(document.body.textContent).toContain("Facebook Page disconnected"));
    expect(card().textContent).not.toContain("Sokha Style Shop");
  });

  it("says when Facebook stopped accepting the Page's token, and connects the Page again from there", async () => {
    page = makeFacebookPage({ page_name: "Sokha Style Shop", token_refused_at: "2026-11-24T03:00:00Z" });
    const navigateTo = vi.fn();
    await render(<FacebookCard userId={INFLUENCER_ID} approved navigateTo={navigateTo} />);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(
      "Since Nov 24, 2026, Facebook no longer accepts this Page's connection, so its comments and Messenger messages get no reply.",
    );
    expect(card().textContent).toContain("PageSokha Style Shop");
    expect(card().textContent).not.toContain("The Page answers the same keywords as Instagram");
    fireEvent.click(screen.getByRole("button", { name: "Connect again" }));
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith(LOGIN));
  });

  it("says it as soon as the live event of the Page arrives, without a reload", async () => {
    page = makeFacebookPage({ page_name: "Sokha Style Shop" });
    await render(<FacebookCard userId={INFLUENCER_ID} approved navigateTo={vi.fn()} />);
    await waitFor(() => expect(card().textContent).toContain("The Page answers the same keywords as Instagram"));
    const live = liveSubscription("facebook_pages");
    expect(live).toMatchObject({ event: "*", topic: `influencer:${INFLUENCER_ID}` });

    page = makeFacebookPage({ page_name: "Sokha Style Shop", token_refused_at: "2026-11-24T03:00:00Z" });
    await act(async () => live.onChange());
    expect((await screen.findByRole("alert")).textContent).toContain(
      "Facebook no longer accepts this Page's connection",
    );
  });

  it("says it in Khmer on a Khmer page", async () => {
    page = makeFacebookPage({ token_refused_at: "2026-11-24T03:00:00Z" });
    await setLocale("km");
    await render(<FacebookCard userId={INFLUENCER_ID} approved navigateTo={vi.fn()} />);
    expect((await screen.findByRole("alert")).textContent).toContain("Facebook លែងទទួលយកការភ្ជាប់ទំព័រនេះទៀតហើយ");
    expect(screen.getByRole("button", { name: "ភ្ជាប់ទំព័រម្ដងទៀត" })).toBeDefined();
  });

  it("keeps the Page when asked again and cancelled", async () => {
    page = makeFacebookPage({ page_name: "Sokha Style Shop" });
    await render(<FacebookCard userId={INFLUENCER_ID} approved navigateTo={vi.fn()} />);
    fireEvent.click(await screen.findByRole("button", { name: "Disconnect" }));
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.getByRole("button", { name: "Disconnect" })).toBeDefined();
    expect(card().textContent).not.toContain("get no reply until you connect it again");
    expect(fakeApi.calls(API.facebookDisconnect)).toHaveLength(0);
  });

  it("says so, instead of the button, when the marketplace has not set Facebook up", async () => {
    fakeApi.on(API.facebookConnectUrl, fail("unavailable", "Facebook is not set up on this marketplace yet"));
    const navigateTo = vi.fn();
    await render(<FacebookCard userId={INFLUENCER_ID} approved navigateTo={navigateTo} />);
    await waitFor(() => expect(connectButton()).toBeDefined());
    fireEvent.click(connectButton());
    await waitFor(() => expect(card().textContent).toContain("Facebook is not set up on this marketplace yet"));
    expect(screen.queryByRole("button", { name: "Connect Facebook Page" })).toBeNull();
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it("keeps the button, with the reason, when Facebook Login cannot be reached for now", async () => {
    fakeApi.on(API.facebookConnectUrl, fail("internal", "Something went wrong. Please try again."));
    await render(<FacebookCard userId={INFLUENCER_ID} approved navigateTo={vi.fn()} />);
    await waitFor(() => expect(connectButton()).toBeDefined());
    fireEvent.click(connectButton());
    await waitFor(() => expect(screen.getByRole("alert").textContent).toContain("Something went wrong"));
    expect(connectButton().disabled).toBe(false);
  });
});
