import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buttonByText, click, render, until, type Rendered } from "@/testing/render.tsx";
import type { Settings } from "@contract/settings.ts";
import { MarketplaceSettings } from "./marketplace-settings.tsx";
import { json } from "@/testing/http.ts";

let saved: Settings;
let fetchMock: ReturnType<typeof vi.fn>;
let view: Rendered;

beforeEach(() => {
  saved = {
    riel_per_usd: 4100,
    commission_hold_days: 7,
    repeat_phone_orders: 3,
    repeat_phone_hours: 24,
    refusal_flag_percent: 30,
    refusal_flag_min_finished: 10,
    max_commission_rate: 0.5,
    updated_at: "2026-11-22T03:00:00Z",
    updated_by: null,
  };
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (!new URL(url).pathname.endsWith("/admin/settings")) return json(404, {});
    if (init?.method === "PUT") {
      saved = { ...saved, ...JSON.parse(String(init.body)), updated_at: "2026-11-22T04:00:00Z" };
      return json(200, { message: "Settings saved", settings: saved });
    }
    return json(200, { settings: saved });
  });
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  view?.unmount();
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

const rate = () => view.container.querySelector<HTMLInputElement>('input[name="riel_per_usd"]')!;
const holdDays = () => view.container.querySelector<HTMLInputElement>('input[name="commission_hold_days"]')!;
const input = (name: string) => view.container.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const save = () => buttonByText(view.container, "Save Settings")!;
const puts = () => fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === "PUT");

async function type(value: string, input = rate()) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

describe("Marketplace settings", () => {
  it("shows the saved rate, with what a dollar makes in riel", async () => {
    view = await render(<MarketplaceSettings />);
    await until(() => expect(rate().value).toBe("4100"));
    expect(view.container.textContent).toContain("$1.00 is ៛4,100");
    expect(save().disabled).toBe(true);
  });

  it("names what is wrong with a rate out of range and sends nothing", async () => {
    view = await render(<MarketplaceSettings />);
    await until(() => expect(rate().value).toBe("4100"));
    await type("41");
    await click(save());
    expect(view.container.textContent).toContain("riel_per_usd must be a whole number from 1000 to 10000");
    expect(puts()).toEqual([]);
  });

  it("saves a new rate and shows it as saved", async () => {
    view = await render(<MarketplaceSettings />);
    await until(() => expect(rate().value).toBe("4100"));
    await type("4000");
    await click(save());
    await until(() => expect(document.body.textContent).toContain("Settings saved."));
    expect(JSON.parse(String((puts()[0][1] as RequestInit).body))).toEqual({ riel_per_usd: 4000 });
    expect(rate().value).toBe("4000");
    // The form takes the saved settings once the query cache tells it, which may be after the toast.
    await until(() => expect(save().disabled).toBe(true));
  });

  it("saves only the holding period when only it changed, and refuses one out of range", async () => {
    view = await render(<MarketplaceSettings />);
    await until(() => expect(holdDays().value).toBe("7"));
    await type("91", holdDays());
    await click(save());
    expect(view.container.textContent).toContain("commission_hold_days must be a whole number from 0 to 90");
    expect(puts()).toEqual([]);
    await type("0", holdDays());
    await click(save());
    await until(() => expect(document.body.textContent).toContain("Settings saved."));
    expect(JSON.parse(String((puts()[0][1] as RequestInit).body))).toEqual({ commission_hold_days: 0 });
    expect(holdDays().value).toBe("0");
  });

  it("shows the fraud-flag thresholds under their legend and saves only the one changed", async () => {
    view = await render(<MarketplaceSettings />);
    await until(() => expect(input("repeat_phone_orders").value).toBe("3"));
    const legend = view.container.querySelector("fieldset legend");
    expect(legend?.textContent).toBe("Fraud flags");
    expect([...legend!.parentElement!.querySelectorAll("input")].map((field) => [field.name, field.value])).toEqual([
      ["repeat_phone_orders", "3"],
      ["repeat_phone_hours", "24"],
      ["refusal_flag_percent", "30"],
      ["refusal_flag_min_finished", "10"],
    ]);
    await type("1", input("repeat_phone_orders"));
    await click(save());
    expect(view.container.textContent).toContain("repeat_phone_orders must be a whole number from 2 to 100");
    expect(puts()).toEqual([]);
    await type("40", input("refusal_flag_percent"));
    await type("4", input("repeat_phone_orders"));
    await click(save());
    await until(() => expect(document.body.textContent).toContain("Settings saved."));
    expect(JSON.parse(String((puts()[0][1] as RequestInit).body))).toEqual({
      repeat_phone_orders: 4,
      refusal_flag_percent: 40,
    });
  });

  it("shows the commission ceiling, refuses one out of range, and saves only it", async () => {
    view = await render(<MarketplaceSettings />);
    await until(() => expect(input("max_commission_rate").value).toBe("0.5"));
    expect(input("max_commission_rate").inputMode).toBe("decimal");
    expect(view.container.textContent).toContain("Highest commission rate");
    await type("0.95", input("max_commission_rate"));
    await click(save());
    expect(view.container.textContent).toContain(
      "max_commission_rate must be from 0.05 to 0.90 with at most two decimals",
    );
    expect(puts()).toEqual([]);
    await type("0.35", input("max_commission_rate"));
    await click(save());
    await until(() => expect(document.body.textContent).toContain("Settings saved."));
    expect(JSON.parse(String((puts()[0][1] as RequestInit).body))).toEqual({ max_commission_rate: 0.35 });
    expect(input("max_commission_rate").value).toBe("0.35");
  });
});
