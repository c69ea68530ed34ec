import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TelegramChat } from "@contract/telegram.ts";
import { buttonByText, click, render, until, type Rendered } from "@/testing/render.tsx";
import { TelegramAlertsCard } from "./telegram-alerts-card.tsx";
import { json } from "@/testing/http.ts";

const LINK = "https://t.me/shop_alerts_bot?start=abcdefghijklmnopqrstuvwxyz012345";

let chats: TelegramChat[];
let requests: { method: string; path: string; body?: unknown }[];
let view: Rendered;

const chat = (overrides: Partial<TelegramChat> = {}): TelegramChat => ({
  id: "00000000-0000-4000-8000-000000000001",
  title: "Shop staff",
  language: "en",
  notices: { new_order: true, payout_completed: true, new_signup: true },
  linked_at: "2026-11-20T03:00:00.000Z",
  ...overrides,
});

beforeEach(() => {
  chats = [];
  requests = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      const full = new URL(url);
      const path = full.pathname.replace(/^.*\/api/, "") + full.search;
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      requests.push({ method, path, body });
      if (path === "/notifications/telegram/chats") return json(200, { chats });
      if (path.startsWith("/notifications/telegram?")) return json(200, { url: LINK });
      const id = /^\/notifications\/telegram\/chats\/(.+)$/.exec(path)?.[1];
      if (id && method === "PUT") {
        const changed = chats.find((c) => c.id === id)!;
        changed.notices = { ...changed.notices, ...body };
        return json(200, { chat: changed });
      }
      if (id && method === "DELETE") {
        chats = chats.filter((c) => c.id !== id);
        return json(200, { message: "Telegram chat unlinked" });
      }
      return json(404, {});
    }),
  );
});

afterEach(() => {
  view?.unmount();
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

describe("the Telegram alerts card", () => {
  it("opens a Link Telegram link made in the app's language and says what to do in Telegram", async () => {
    const openUrl = vi.fn();
    view = await render(<TelegramAlertsCard kinds={["new_order", "payout_completed"]} approved openUrl={openUrl} />);
    await until(() => expect(view.container.textContent).toContain("No Telegram chat is linked yet."));
    await click(buttonByText(view.container, "Link Telegram")!);
    await until(() => expect(openUrl).toHaveBeenCalledWith(LINK));
    expect(requests).toContainEqual({ method: "GET", path: "/notifications/telegram?language=en", body: undefined });
    expect(view.container.textContent).toContain("Press Start in Telegram.");
    expect(view.container.querySelector(`a[href="${LINK}"]`)?.textContent).toBe("Open Telegram");
  });

  it("cannot link before approval, and says why", async () => {
    view = await render(<TelegramAlertsCard kinds={["new_order"]} approved={false} openUrl={vi.fn()} />);
    await until(() => expect(buttonByText(view.container, "Link Telegram")).toBeDefined());
    const button = buttonByText(view.container, "Link Telegram")!;
    expect(button.disabled).toBe(true);
    expect(document.getElementById(button.getAttribute("aria-describedby")!)!.textContent).toBe(
      "You can link Telegram once an admin approves your account.",
    );
  });

  it("lists linked chats with a switch per kind this account gets, and switches one off", async () => {
    chats = [chat()];
    view = await render(<TelegramAlertsCard kinds={["new_order", "payout_completed"]} approved openUrl={vi.fn()} />);
    await until(() => expect(view.container.textContent).toContain("Shop staff"));
    const switches = [...view.container.querySelectorAll<HTMLButtonElement>('[role="switch"]')];
    expect(switches.map((s) => s.textContent)).toEqual(["New ordersOn", "Payouts sent to youOn"]);
    await click(switches[0]);
    await until(() =>
      expect(view.container.querySelector('[role="switch"]')!.getAttribute("aria-checked")).toBe("false"),
    );
    expect(requests).toContainEqual({
      method: "PUT",
      path: `/notifications/telegram/chats/${chats[0].id}`,
      body: { new_order: false },
    });
  });

  it("unlinks a chat after asking", async () => {
    chats = [chat({ title: "Dara" })];
    view = await render(<TelegramAlertsCard kinds={["new_order", "new_signup"]} approved openUrl={vi.fn()} />);
    await until(() => expect(view.container.textContent).toContain("Dara"));
    await click(buttonByText(view.container, "Unlink")!);
    expect(view.container.textContent).toContain("Unlink Dara? Nothing more is sent to it until you link it again.");
    const confirm = [...view.container.querySelectorAll<HTMLButtonElement>("button")].filter(
      (b) => b.textContent === "Unlink",
    )[0];
    await click(confirm);
    await until(() => expect(view.container.textContent).toContain("No Telegram chat is linked yet."));
    expect(requests.some((r) => r.method === "DELETE")).toBe(true);
  });
});
