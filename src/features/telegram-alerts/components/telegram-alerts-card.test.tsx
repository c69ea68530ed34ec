import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { API } from "@contract/routes.ts";
import type { TelegramChat } from "@contract/telegram.ts";
import { fakeApi } from "@/testing/fake-api.ts";
import { render } from "@/testing/render.tsx";
import { TelegramAlertsCard } from "./telegram-alerts-card.tsx";

const LINK = "https://t.me/shop_alerts_bot?start=abcdefghijklmnopqrstuvwxyz012345";

let chats: TelegramChat[];

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
  // The server keeps what a PUT or DELETE changed, so the list read after it shows it.
  fakeApi.on(API.telegramChats, () => ({ chats }));
  fakeApi.on(API.telegramLink, { url: LINK });
  fakeApi.on(API.updateTelegramChat, ({ params, body }) => {
    const changed = chats.find((c) => c.id === params.id)!;
    const { language, ...notices } = body;
    changed.notices = { ...changed.notices, ...notices };
    if (language) changed.language = language;
    return { chat: changed };
  });
  fakeApi.on(API.unlinkTelegramChat, ({ params }) => {
    chats = chats.filter((c) => c.id !== params.id);
    return { message: "Telegram chat unlinked" };
  });
});

describe("the Telegram alerts card", () => {
  it("opens a Link Telegram link made in the app's language and says what to do in Telegram", async () => {
    const openUrl = vi.fn();
    await render(<TelegramAlertsCard kinds={["new_order", "payout_completed"]} approved openUrl={openUrl} />);
    expect(await screen.findByText("No Telegram chat is linked yet.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Link Telegram" }));
    await waitFor(() => expect(openUrl).toHaveBeenCalledWith(LINK));
    expect(fakeApi.calls(API.telegramLink).map((request) => request.query.get("language"))).toEqual(["en"]);
    expect(await screen.findByText(/Press Start in Telegram\./)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Open Telegram" }).getAttribute("href")).toBe(LINK);
  });

  it("cannot link before approval, and says why", async () => {
    await render(<TelegramAlertsCard kinds={["new_order"]} approved={false} openUrl={vi.fn()} />);
    await waitFor(() => expect(screen.getByRole("button", { name: "Link Telegram" })).toBeDefined());
    const button = screen.getByRole<HTMLButtonElement>("button", { name: "Link Telegram" });
    expect(button.disabled).toBe(true);
    expect(document.getElementById(button.getAttribute("aria-describedby")!)!.textContent).toBe(
      "You can link Telegram once an admin approves your account.",
    );
    // The list is still read, so the card waits for it before the test ends.
    expect(await screen.findByText("No Telegram chat is linked yet.")).toBeTruthy();
  });

  it("lists linked chats with a switch per kind this account gets, and switches one off", async () => {
    chats = [chat()];
    await render(<TelegramAlertsCard kinds={["new_order", "payout_completed"]} approved openUrl={vi.fn()} />);
    expect(await screen.findByText("Shop staff")).toBeTruthy();
    const switches = screen.getAllByRole("switch");
    expect(switches.map((s) => s.textContent)).toEqual(["New ordersOn", "Payouts sent to youOn"]);
    fireEvent.click(screen.getByRole("switch", { name: "New orders" }));
    await waitFor(() =>
      expect(screen.getByRole("switch", { name: "New orders" }).getAttribute("aria-checked")).toBe("false"),
    );
    expect(fakeApi.calls(API.updateTelegramChat).map(({ params, body }) => ({ id: params.id, body }))).toContainEqual({
      id: chats[0].id,
      body: { new_order: false },
    });
  });

  it("unlinks a chat after asking", async () => {
    chats = [chat({ title: "Dara" })];
    await render(<TelegramAlertsCard kinds={["new_order", "new_signup"]} approved openUrl={vi.fn()} />);
    expect(await screen.findByText("Dara")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Unlink" }));
    const question = await screen.findByText("Unlink Dara? Nothing more is sent to it until you link it again.");
    expect(question).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Cancel" })).toBeTruthy();
    fireEvent.click(within(question.closest<HTMLElement>(".alert")!).getByRole("button", { name: "Unlink" }));
    expect(await screen.findByText("No Telegram chat is linked yet.")).toBeTruthy();
    expect(fakeApi.calls(API.unlinkTelegramChat).map((request) => request.params.id)).toEqual([
      "00000000-0000-4000-8000-000000000001",
    ]);
  });
});
