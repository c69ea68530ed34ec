import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { StrictMode } from "react";
import { Route, Routes } from "react-router-dom";
import { makeInstagramAccount } from "@/testing/fixtures/instagram.ts";
import { buttonByText, click, render, until, type Rendered } from "@/testing/render.tsx";
import { InstagramCallback } from "./instagram-callback.tsx";
import { json } from "@/testing/http.ts";

let answers: (() => Response | Promise<Response>)[];
let posts: unknown[];
let view: Rendered;
const AUTHORIZE = "http://instagram.test/oauth/authorize?state=fresh";
const navigateTo = vi.fn();

const connected = () =>
  json(200, { message: "Instagram connected", instagram: makeInstagramAccount({ username: "sokha.style" }) });

beforeEach(() => {
  answers = [];
  posts = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith("/instagram/connect") && init?.method === "POST") {
        posts.push(JSON.parse(String(init.body)));
        return (answers.shift() ?? connected)();
      }
      if (url.endsWith("/instagram/connect")) return json(200, { url: AUTHORIZE });
      return json(404, {});
    }),
  );
});

afterEach(() => {
  navigateTo.mockReset();
  view?.unmount();
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

// The page under React's strict mode, as the app runs it (effects run twice), beside a dashboard.
async function open(search: string) {
  view = await render(
    <Routes>
      <Route
        path="/influencer/instagram/callback"
        element={
          <StrictMode>
            <InstagramCallback navigateTo={navigateTo} />
          </StrictMode>
        }
      />
      <Route path="/influencer/dashboard" element={<p>The dashboard</p>} />
    </Routes>,
    `/influencer/instagram/callback${search}`,
  );
}

describe("the Instagram callback page", () => {
  it("sends the code and state once, then goes to the dashboard with a toast", async () => {
    await open("?code=AQD-code&state=signed.state");
    await until(() => expect(view.container.textContent).toContain("The dashboard"));
    expect(posts).toEqual([{ code: "AQD-code", state: "signed.state" }]);
    expect(document.body.textContent).toContain("Instagram connected");
  });

  it("shows a refusal with the way back and a new attempt, never sending the spent code again", async () => {
    answers.push(() =>
      json(400, {
        error: "validation_error",
        message: "This Instagram link has expired or was already used. Connect Instagram again.",
      }),
    );
    await open("?code=used-code&state=signed.state");
    await until(() =>
      expect(view.container.textContent).toContain(
        "This Instagram link has expired or was already used. Connect Instagram again.",
      ),
    );
    expect(posts).toHaveLength(1);
    expect(buttonByText(view.container, "Try again")).toBeUndefined();
    expect(view.container.querySelector('a[href="/influencer/dashboard"]')!.textContent).toBe("Back to Dashboard");
    await click(buttonByText(view.container, "Connect Instagram"));
    await until(() => expect(navigateTo).toHaveBeenCalledWith(AUTHORIZE));
    expect(posts).toHaveLength(1);
  });

  it("after a server failure, also offers a new attempt rather than the spent code", async () => {
    answers.push(() =>
      json(503, { error: "unavailable", message: "Instagram could not be reached. Try again in a minute." }),
    );
    await open("?code=fresh-code&state=signed.state");
    await until(() => expect(buttonByText(view.container, "Connect Instagram")).toBeDefined());
    expect(view.container.textContent).toContain("Instagram could not be reached. Try again in a minute.");
    expect(buttonByText(view.container, "Try again")).toBeUndefined();
    expect(posts).toHaveLength(1);
  });

  it("says so when the person did not allow access on Instagram, sending nothing", async () => {
    await open("?error=access_denied&error_reason=user_denied&error_description=The+user+denied+your+request.");
    await until(() => expect(view.container.textContent).toContain("Access was not allowed on Instagram."));
    expect(view.container.textContent).toContain("Instagram said: The user denied your request.");
    expect(posts).toEqual([]);
    expect(view.container.querySelector('a[href="/influencer/dashboard"]')).not.toBeNull();
  });

  it("explains a visit without Instagram's answer", async () => {
    await open("");
    await until(() =>
      expect(view.container.textContent).toContain("This page only works when Instagram sends you back"),
    );
    expect(posts).toEqual([]);
  });
});
