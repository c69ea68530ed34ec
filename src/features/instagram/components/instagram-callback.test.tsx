import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { API } from "@contract/routes.ts";
import { fail, fakeApi } from "@/testing/fake-api.ts";
import { makeInstagramAccount } from "@/testing/fixtures/instagram.ts";
import { renderCallbackPage } from "@/testing/callback-page.tsx";
import { InstagramCallback } from "./instagram-callback.tsx";

const AUTHORIZE = "http://instagram.test/oauth/authorize?state=fresh";
const navigateTo = vi.fn();

beforeEach(() => {
  fakeApi.on(API.instagramConnect, {
    message: "Instagram connected",
    instagram: makeInstagramAccount({ username: "sokha.style" }),
  });
  fakeApi.on(API.instagramConnectUrl, { url: AUTHORIZE });
});

afterEach(() => {
  navigateTo.mockReset();
});

/** What the page sent to POST /instagram/connect. */
const posts = () => fakeApi.calls(API.instagramConnect).map((request) => request.body);
const dashboardLink = () => screen.queryByRole("link", { name: "Back to Dashboard" });

const open = (search: string) =>
  renderCallbackPage("/influencer/instagram/callback", search, <InstagramCallback navigateTo={navigateTo} />);

describe("the Instagram callback page", () => {
  it("sends the code and state once, then goes to the dashboard with a toast", async () => {
    await open("?code=AQD-code&state=signed.state");
    expect(await screen.findByText("The dashboard")).toBeDefined();
    expect(posts()).toEqual([{ code: "AQD-code", state: "signed.state" }]);
    await waitFor(() => expect(document.body.textContent).toContain("Instagram connected"));
  });

  it("shows a refusal with the way back and a new attempt, never sending the spent code again", async () => {
    fakeApi.on(
      API.instagramConnect,
      fail("invalid_input", "This Instagram link has expired or was already used. Connect Instagram again."),
    );
    const view = await open("?code=used-code&state=signed.state");
    await waitFor(() =>
      expect(view.container.textContent).toContain(
        "This Instagram link has expired or was already used. Connect Instagram again.",
      ),
    );
    expect(posts()).toHaveLength(1);
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
    expect(dashboardLink()!.getAttribute("href")).toBe("/influencer/dashboard");
    fireEvent.click(screen.getByRole("button", { name: "Connect Instagram" }));
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith(AUTHORIZE));
    expect(posts()).toHaveLength(1);
  });

  it("after a server failure, also offers a new attempt rather than the spent code", async () => {
    fakeApi.on(API.instagramConnect, fail("unavailable", "Instagram could not be reached. Try again in a minute."));
    const view = await open("?code=fresh-code&state=signed.state");
    expect(await screen.findByRole("button", { name: "Connect Instagram" })).toBeDefined();
    expect(view.container.textContent).toContain("Instagram could not be reached. Try again in a minute.");
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
    expect(posts()).toHaveLength(1);
  });

  it("says so when the person did not allow access on Instagram, sending nothing", async () => {
    const view = await open(
      "?error=access_denied&error_reason=user_denied&error_description=The+user+denied+your+request.",
    );
    await waitFor(() => expect(view.container.textContent).toContain("Access was not allowed on Instagram."));
    expect(view.container.textContent).toContain("Instagram said: The user denied your request.");
    expect(posts()).toEqual([]);
    expect(dashboardLink()).not.toBeNull();
  });

  it("explains a visit without Instagram's answer", async () => {
    const view = await open("");
    await waitFor(() =>
      expect(view.container.textContent).toContain("This page only works when Instagram sends you back"),
    );
    expect(posts()).toEqual([]);
  });
});
