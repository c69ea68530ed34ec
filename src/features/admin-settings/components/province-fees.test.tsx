import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { API } from "@contract/routes.ts";
import type { ProvinceFee } from "@contract/delivery-fees.ts";
import { fail, fakeApi } from "@/testing/fake-api.ts";
import { render } from "@/testing/render.tsx";
import { ProvinceFees } from "./province-fees.tsx";

const province = (code: string, name_en: string, name_km: string, feeCents: number | null): ProvinceFee => ({
  code,
  name_en,
  name_km,
  delivery_fee: feeCents === null ? null : feeCents / 100,
  delivery_fee_cents: feeCents,
  estimate_hours_min: code === "12" ? 2 : 24,
  estimate_hours_max: code === "12" ? 24 : 72,
  updated_at: "2026-11-22T03:00:00Z",
});

beforeEach(() => {
  fakeApi.on(API.provinceFees, {
    provinces: [province("12", "Phnom Penh", "ភ្នំពេញ", null), province("17", "Siemreap", "សៀមរាប", 250)],
  });
  fakeApi.on(API.updateProvinceFee, ({ body }) => ({
    message: "Delivery fee saved",
    province: {
      ...province("17", "Siemreap", "សៀមរាប", 300),
      updated_at: "2026-11-22T04:00:00Z",
      ...(body.estimate_hours_max ? { estimate_hours_max: body.estimate_hours_max } : {}),
    },
  }));
});

const form = (name: string) => screen.getByRole("form", { name });

describe("Delivery fees by province", () => {
  it("shows each province's fee and estimate; Phnom Penh by sangkat, without a fee field", async () => {
    await render(<ProvinceFees />);
    const siemreap = await screen.findByRole("form", { name: "Siemreap" });
    expect(within(siemreap).getByLabelText<HTMLInputElement>("Delivery fee ($)").value).toBe("2.50");
    expect(within(siemreap).getByLabelText<HTMLInputElement>("to (hours)").value).toBe("72");
    expect(within(form("Phnom Penh")).queryByLabelText("Delivery fee ($)")).toBeNull();
    expect(form("Phnom Penh").textContent).toContain("Priced by sangkat");
  });

  it("sends only what changed, in dollars, and shows the province as saved", async () => {
    await render(<ProvinceFees />);
    const siemreap = await screen.findByRole("form", { name: "Siemreap" });
    fireEvent.change(within(siemreap).getByLabelText("Delivery fee ($)"), { target: { value: "3" } });
    fireEvent.click(within(siemreap).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(fakeApi.calls(API.updateProvinceFee)).toHaveLength(1));
    expect(fakeApi.calls(API.updateProvinceFee)[0]).toMatchObject({
      params: { province: "17" },
      body: { delivery_fee: 3 },
    });
    await waitFor(() =>
      expect(within(form("Siemreap")).getByLabelText<HTMLInputElement>("Delivery fee ($)").value).toBe("3.00"),
    );
  });

  it("names a refused value beside its field, before and after the server", async () => {
    fakeApi.on(
      API.updateProvinceFee,
      fail("invalid_input", "The estimate's last hour cannot come before its first", "estimate_hours_max"),
    );
    await render(<ProvinceFees />);
    const siemreap = await screen.findByRole("form", { name: "Siemreap" });
    fireEvent.change(within(siemreap).getByLabelText("Delivery fee ($)"), { target: { value: "-1" } });
    fireEvent.click(within(siemreap).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(siemreap.textContent).toContain("Delivery fee must be from $0.00 to $100.00"));
    expect(fakeApi.calls(API.updateProvinceFee)).toHaveLength(0);
    fireEvent.change(within(siemreap).getByLabelText("Delivery fee ($)"), { target: { value: "2.50" } });
    fireEvent.change(within(siemreap).getByLabelText("to (hours)"), { target: { value: "10" } });
    fireEvent.click(within(siemreap).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(siemreap.textContent).toContain("The estimate's last hour cannot come before its first"),
    );
  });
});
