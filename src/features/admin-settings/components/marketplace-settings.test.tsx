import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { API } from "@contract/routes.ts";
import type { Settings } from "@contract/settings.ts";
import { fakeApi } from "@/testing/fake-api.ts";
import { render } from "@/testing/render.tsx";
import { fieldByLabel } from "@/testing/queries.ts";
import { MarketplaceSettings } from "./marketplace-settings.tsx";

let saved: Settings;

beforeEach(() => {
  saved = {
    riel_per_usd: 4100,
    commission_hold_days: 7,
    repeat_phone_orders: 3,
    repeat_phone_hours: 24,
    refusal_flag_percent: 30,
    refusal_flag_min_finished: 10,
    max_commission_rate: 0.5,
    unconfirmed_cancel_hours: 0,
    release_after_remittance: true,
    courier_remit_days: 3,
    updated_at: "2026-11-22T03:00:00Z",
    updated_by: null,
  };
  // The server keeps what a PUT saved, so the settings read after it are the saved ones.
  fakeApi.on(API.settings, () => ({ settings: saved }));
  fakeApi.on(API.updateSettings, ({ body }) => {
    saved = { ...saved, ...body, updated_at: "2026-11-22T04:00:00Z" };
    return { message: "Settings saved", settings: saved };
  });
});

const field = (label: string) => fieldByLabel(label);
const rate = () => field("Riel per US dollar");
const holdDays = () => field("Commission holding period (days)");
const ceiling = () => field("Highest commission rate");
const save = () => screen.getByRole<HTMLButtonElement>("button", { name: "Save Settings" });
/** The bodies of the PUTs the form sent. */
const puts = () => fakeApi.calls(API.updateSettings).map((request) => request.body);
const type = (input: HTMLInputElement, value: string) => fireEvent.change(input, { target: { value } });

describe("Marketplace settings", () => {
  it("shows the saved rate, with what a dollar makes in riel", async () => {
    await render(<MarketplaceSettings />);
    await waitFor(() => expect(rate().value).toBe("4100"));
    expect(screen.getByText(/\$1\.00 is ៛4,100/)).toBeTruthy();
    expect(save().disabled).toBe(true);
  });

  it("names what is wrong with a rate out of range and sends nothing", async () => {
    await render(<MarketplaceSettings />);
    await waitFor(() => expect(rate().value).toBe("4100"));
    type(rate(), "41");
    fireEvent.click(save());
    expect(await screen.findByText("riel_per_usd must be a whole number from 1000 to 10000")).toBeTruthy();
    expect(puts()).toEqual([]);
  });

  it("saves a new rate and shows it as saved", async () => {
    await render(<MarketplaceSettings />);
    await waitFor(() => expect(rate().value).toBe("4100"));
    type(rate(), "4000");
    fireEvent.click(save());
    await waitFor(() => expect(document.body.textContent).toContain("Settings saved."));
    expect(puts()[0]).toEqual({ riel_per_usd: 4000 });
    expect(rate().value).toBe("4000");
    // The form takes the saved settings once the query cache tells it, which may be after the toast.
    await waitFor(() => expect(save().disabled).toBe(true));
  });

  it("takes numbers typed in Khmer digits, and saves the hours after which unconfirmed orders are cancelled", async () => {
    await render(<MarketplaceSettings />);
    await waitFor(() => expect(rate().value).toBe("4100"));
    type(field("Cancel unconfirmed orders after (hours)"), "៤៨");
    fireEvent.click(save());
    await waitFor(() => expect(document.body.textContent).toContain("Settings saved."));
    expect(puts()).toEqual([{ unconfirmed_cancel_hours: 48 }]);
  });

  it("saves only the holding period when only it changed, and refuses one out of range", async () => {
    await render(<MarketplaceSettings />);
    await waitFor(() => expect(holdDays().value).toBe("7"));
    type(holdDays(), "91");
    fireEvent.click(save());
    expect(await screen.findByText("commission_hold_days must be a whole number from 0 to 90")).toBeTruthy();
    expect(puts()).toEqual([]);
    type(holdDays(), "0");
    fireEvent.click(save());
    await waitFor(() => expect(document.body.textContent).toContain("Settings saved."));
    expect(puts()[0]).toEqual({ commission_hold_days: 0 });
    expect(holdDays().value).toBe("0");
  });

  it("shows the fraud-flag thresholds under their legend and saves only the one changed", async () => {
    await render(<MarketplaceSettings />);
    await waitFor(() => expect(field("Orders from one phone").value).toBe("3"));
    const flags = screen.getByRole("group", { name: "Fraud flags" });
    expect(flags.querySelector("legend")?.textContent).toBe("Fraud flags");
    expect(
      within(flags)
        .getAllByRole<HTMLInputElement>("textbox")
        .map((input) => [input.name, input.value]),
    ).toEqual([
      ["repeat_phone_orders", "3"],
      ["repeat_phone_hours", "24"],
      ["refusal_flag_percent", "30"],
      ["refusal_flag_min_finished", "10"],
    ]);
    type(field("Orders from one phone"), "1");
    fireEvent.click(save());
    expect(await screen.findByText("repeat_phone_orders must be a whole number from 2 to 100")).toBeTruthy();
    expect(puts()).toEqual([]);
    type(field("Refused deliveries on a link (%)"), "40");
    type(field("Orders from one phone"), "4");
    fireEvent.click(save());
    await waitFor(() => expect(document.body.textContent).toContain("Settings saved."));
    expect(puts()[0]).toEqual({
      repeat_phone_orders: 4,
      refusal_flag_percent: 40,
    });
  });

  it("shows the commission ceiling, refuses one out of range, and saves only it", async () => {
    await render(<MarketplaceSettings />);
    await waitFor(() => expect(ceiling().value).toBe("0.5"));
    expect(ceiling().inputMode).toBe("decimal");
    expect(ceiling().name).toBe("max_commission_rate");
    type(ceiling(), "0.95");
    fireEvent.click(save());
    expect(
      await screen.findByText("max_commission_rate must be from 0.05 to 0.90 with at most two decimals"),
    ).toBeTruthy();
    expect(puts()).toEqual([]);
    type(ceiling(), "0.35");
    fireEvent.click(save());
    await waitFor(() => expect(document.body.textContent).toContain("Settings saved."));
    expect(puts()[0]).toEqual({ max_commission_rate: 0.35 });
    expect(ceiling().value).toBe("0.35");
  });
});
