import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeInstagramAccount } from "@/testing/fixtures/instagram.ts";
import { buttonByText, click, render, until, type Rendered } from "@/testing/render.tsx";
import { InstagramCard } from "./instagram-card.tsx";
import { json } from "@/testing/http.ts";

const AUTHORIZE = "https://www.instagram.com/oauth/authorize?client_id=1&state=signed";

let account: unknown;
let requests: { method: string; path: string }[];
let view: Rendered;

beforeEach(() => {
  account = null;
  requests = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      const path = new URL(url).pathname.replace(/^.*\/api/, "");
      requests.push({ method, path });
      if (path === "/instagram/account" && method === "GET") return json(200, { instagram: account });
      if (path === "/instagram/account" && method === "DELETE") {
        account = null;
        return json(200, { message: "Instagram disconnected" });
      }
      if (path === "/instagram/connect" && method === "GET") return json(200, { url: AUTHORIZE });
      return json(404, {});
    }),
  );
});

afterEach(() => {
  view?.unmount();
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

describe("the Instagram card", () => {
  it("explains keyword replies and sends an approved influencer to Instagram's authorize page", async () => {
    const navigateTo = vi.fn();
    view = await render(<InstagramCard approved navigateTo={navigateTo} />);
    await until(() => expect(buttonByText(view.container, "Connect Instagram")).toBeDefined());
    expect(view.container.textContent).toContain(
      "When a follower comments or sends you one of your keywords, they get the product link in a DM automatically.",
    );
    await click(buttonByText(view.container, "Connect Instagram"));
    await until(() => expect(navigateTo).toHaveBeenCalledWith(AUTHORIZE));
    expect(requests).toContainEqual({ method: "GET", path: "/instagram/connect" });
  });

  it("tells an influencer who is not approved yet why they cannot connect", async () => {
    view = await render(<InstagramCard approved={false} navigateTo={vi.fn()} />);
    await until(() => expect(buttonByText(view.container, "Connect Instagram")).toBeDefined());
    const button = buttonByText(view.container, "Connect Instagram")!;
    expect(button.disabled).toBe(true);
    const reason = document.getElementById(button.getAttribute("aria-describedby")!)!;
    expect(reason.textContent).toBe(
      "Only approved influencers can connect Instagram. You can connect once an admin approves your account.",
    );
  });

  it("shows the connected account, and disconnects it after asking", async () => {
    account = makeInstagramAccount({ username: "sokha.style", connected_at: "2026-11-20T03:00:00Z" });
    view = await render(<InstagramCard approved navigateTo={vi.fn()} />);
    await until(() => expect(view.container.textContent).toContain("@sokha.style"));
    expect(view.container.textContent).toContain("Connected sinceNov 20, 2026");

    await click(buttonByText(view.container, "Disconnect"));
    expect(view.container.textContent).toContain(
      "Disconnect @sokha.style? Keyword replies stop until you connect again.",
    );
    expect(requests.some((request) => request.method === "DELETE")).toBe(false);
    const confirm = [...view.container.querySelectorAll(".alert button")].find((b) => b.textContent === "Disconnect");
    await click(confirm);
    await until(() => expect(buttonByText(view.container, "Connect Instagram")).toBeDefined());
    expect(requests).toContainEqual({ method: "DELETE", path: "/instagram/account" });
    expect(document.body.textContent).toContain("Instagram disconnected");
  });
});
