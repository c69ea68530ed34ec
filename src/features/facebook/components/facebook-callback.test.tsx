import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { API } from "@contract/routes.ts";
import { fail, fakeApi } from "@/testing/fake-api.ts";
import { makeFacebookPage } from "@/testing/fixtures/facebook.ts";
import { renderCallbackPage } from "@/testing/callback-page.tsx";
import { FacebookCallback } from "./facebook-callback.tsx";

const LOGIN = "https://www.facebook.com/v21.0/dialog/oauth?state=fresh";
const navigateTo = vi.fn();
const PAGES = [
  { id: "104000000000001", name: "Sokha Style" },
  { id: "104000000000002", name: "Sokha Kitchen" },
];

beforeEach(() => {
  fakeApi.on(API.facebookConnect, {
    message: "Facebook Page connected",
    facebook: makeFacebookPage({ page_name: "Sokha Style" }),
    pages: null,
  });
  fakeApi.on(API.facebookConnectUrl, { url: LOGIN });
});

afterEach(() => {
  navigateTo.mockReset();
});

/** What the page sent to POST /facebook/connect and POST /facebook/page. */
const connects = () => fakeApi.calls(API.facebookConnect).map((request) => request.body);
const picks = () => fakeApi.calls(API.facebookPickPage).map((request) => request.body);
const dashboardLink = () => screen.queryByRole("link", { name: "Back to Dashboard" });

const open = (search: string) =>
  renderCallbackPage("/influencer/facebook/callback", search, <FacebookCallback navigateTo={navigateTo} />);

describe("the Facebook callback page", () => {
  it("connects the one Page once, then goes to the dashboard with a toast", async () => {
    await open("?code=AQD-one&state=signed.state#_=_");
    expect(await screen.findByText("The dashboard")).toBeDefined();
    expect(connects()).toEqual([{ code: "AQD-one", state: "signed.state" }]);
    expect(picks()).toEqual([]);
    await waitFor(() => expect(document.body.textContent).toContain("Facebook Page connected"));
  });

  it("offers the Pages to choose from, and connects the one chosen", async () => {
    fakeApi.on(API.facebookConnect, { message: "Choose the Page to connect", facebook: null, pages: PAGES });
    fakeApi.on(API.facebookPickPage, ({ body }) => ({
      message: "Facebook Page connected",
      facebook: makeFacebookPage({ page_id: body.page_id, page_name: "Sokha Kitchen" }),
      pages: null,
    }));
    await open("?code=AQD-several&state=signed.state#_=_");

    const group = await screen.findByRole("group", { name: "Choose the Page to connect" });
    // Facebook's "#_=_" is gone from the address.
    expect(screen.getByRole("status", { name: "address" }).textContent).toBe(
      "/influencer/facebook/callback?code=AQD-several&state=signed.state",
    );
    const radios = screen.getAllByRole("radio") as HTMLInputElement[];
    expect(radios.map((radio) => radio.labels?.[0]?.textContent)).toEqual(["Sokha Style", "Sokha Kitchen"]);
    expect(group.contains(radios[0])).toBe(true);
    expect(radios[0].checked).toBe(true);

    fireEvent.click(screen.getByRole("radio", { name: "Sokha Kitchen" }));
    fireEvent.click(screen.getByRole("button", { name: "Connect this Page" }));
    expect(await screen.findByText("The dashboard")).toBeDefined();
    expect(picks()).toEqual([{ page_id: "104000000000002" }]);
    expect(connects()).toHaveLength(1);
    await waitFor(() => expect(document.body.textContent).toContain("Facebook Page connected"));
  });

  it("keeps the choice open when the Page chosen belongs to someone else", async () => {
    fakeApi.on(API.facebookConnect, { message: "Choose the Page to connect", facebook: null, pages: PAGES });
    fakeApi.on(
      API.facebookPickPage,
      fail("conflict", "Sokha Style is already connected to another influencer's account"),
    );
    await open("?code=AQD-taken&state=signed.state");
    fireEvent.click(await screen.findByRole("button", { name: "Connect this Page" }));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toContain(
        "Sokha Style is already connected to another influencer's account",
      ),
    );
    expect(screen.getByRole("group", { name: "Choose the Page to connect" })).toBeDefined();
    expect(picks()).toEqual([{ page_id: "104000000000001" }]);
  });

  it("after the ten minutes, says so and starts over with Connect Facebook again", async () => {
    fakeApi.on(API.facebookConnect, { message: "Choose the Page to connect", facebook: null, pages: PAGES });
    fakeApi.on(
      API.facebookPickPage,
      fail("invalid_input", "Choosing a Page took too long. Connect Facebook again.", "page_id"),
    );
    await open("?code=AQD-late&state=signed.state");
    fireEvent.click(await screen.findByRole("button", { name: "Connect this Page" }));
    await waitFor(() =>
      expect(document.body.textContent).toContain("Choosing a Page took too long. Connect Facebook again."),
    );
    expect(screen.queryByRole("group", { name: "Choose the Page to connect" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Connect Facebook again" }));
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith(LOGIN));
  });

  it("shows the server's refusal of a stale link, with a new attempt, never sending the spent code again", async () => {
    fakeApi.on(
      API.facebookConnect,
      fail("invalid_input", "This Facebook link has expired or was already used. Connect Facebook again.", "state"),
    );
    const view = await open("?code=used-code&state=old.state");
    await waitFor(() =>
      expect(view.container.textContent).toContain(
        "This Facebook link has expired or was already used. Connect Facebook again.",
      ),
    );
    expect(view.container.textContent).toContain("Facebook was not connected.");
    expect(dashboardLink()!.getAttribute("href")).toBe("/influencer/dashboard");
    fireEvent.click(screen.getByRole("button", { name: "Connect Facebook again" }));
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith(LOGIN));
    expect(connects()).toHaveLength(1);
  });

  it("says the person cancelled Facebook Login, sending nothing", async () => {
    const view = await open(
      "?error=access_denied&error_code=200&error_description=Permissions+error&error_reason=user_denied&state=s#_=_",
    );
    await waitFor(() => expect(view.container.textContent).toContain("You cancelled Facebook Login."));
    expect(view.container.textContent).not.toContain("Permissions error");
    expect(connects()).toEqual([]);
    expect(dashboardLink()!.getAttribute("href")).toBe("/influencer/dashboard");
    expect(screen.getByRole("button", { name: "Connect Facebook again" })).toBeDefined();
  });

  it("explains a visit without Facebook's answer", async () => {
    const view = await open("");
    await waitFor(() =>
      expect(view.container.textContent).toContain("This page only works when Facebook sends you back"),
    );
    expect(connects()).toEqual([]);
  });
});
