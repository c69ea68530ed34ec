import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { AffiliateLink, LinkStatus } from "@contract/links.ts";
import { API } from "@contract/routes.ts";
import type { StorefrontSettings } from "@contract/storefront.ts";
import { setLocale } from "@/lib/i18n/index.ts";
import { fail, fakeApi } from "@/testing/fake-api.ts";
import { testId } from "@/testing/fixtures/ids.ts";
import { makeAffiliateLink } from "@/testing/fixtures/links.ts";
import { makeStorefrontSettings } from "@/testing/fixtures/storefront.ts";
import { makeUser } from "@/testing/fixtures/users.ts";
import { fieldByLabel } from "@/testing/queries.ts";
import { render } from "@/testing/render.tsx";
import { StorefrontCard } from "./storefront-card.tsx";

// Link n is the influencer's link to campaign testId(100 + n).
const link = (n: number, name: string, status: LinkStatus = "approved", extra: Partial<AffiliateLink> = {}) =>
  makeAffiliateLink({ id: testId(n), campaign_id: testId(100 + n), campaign_name: name, status, ...extra });

const scarf = link(1, "Silk Scarf");
const pepper = link(2, "Kampot Pepper", "approved", { campaign_price_cents: 1200 });
const coffee = link(3, "Mondulkiri Coffee");
const soap = link(4, "Coconut Soap", "pending");

/** What GET /affiliate-links/storefront answers now. */
let settings: StorefrontSettings;

beforeEach(() => {
  settings = makeStorefrontSettings({ link_ids: [pepper.id] });
  fakeApi.on(API.storefrontSettings, () => settings);
  fakeApi.on(API.myLinks, { links: [scarf, pepper, coffee, soap] });
});

const card = () => screen.getByRole("region", { name: "Your storefront" });
const handleField = () => fieldByLabel("Store name");
const saveHandle = () => screen.getByRole("button", { name: "Save store name" });
/** The names in a list of the card ("Shown, in this order" or "Not shown"), top first. */
const names = (list: string) =>
  within(screen.getByRole("list", { name: list }))
    .getAllByRole("listitem")
    .map((item) => item.querySelector(".storefront-pick__name")!.textContent);

async function open() {
  await render(<StorefrontCard />);
  await waitFor(() => expect(screen.queryByRole("list", { name: "Shown, in this order" })).not.toBeNull());
}

describe("Your storefront", () => {
  it("saves the store name, then shows the store link with Copy, Open and its QR code", async () => {
    fakeApi.on(API.updateProfile, ({ body }) => {
      settings = makeStorefrontSettings({ handle: body.store_handle as string, link_ids: settings.link_ids });
      return { user: makeUser({ user_type: "influencer", store_handle: body.store_handle as string }) };
    });
    await open();
    expect(within(card()).queryByLabelText("Store link")).toBeNull();
    expect(within(card()).getByText(`${window.location.host}/s/`)).toBeTruthy();
    expect(saveHandle()).toHaveProperty("disabled", true);

    fireEvent.change(handleField(), { target: { value: " @Sok.Dara " } });
    fireEvent.click(saveHandle());

    // Sent as the server keeps it: trimmed, without the @, lower-case.
    await waitFor(() => expect(fakeApi.calls(API.updateProfile).map((call) => call.body)).toHaveLength(1));
    expect(fakeApi.calls(API.updateProfile)[0].body).toEqual({ store_handle: "sok.dara" });
    expect(await screen.findByText("Store name saved. Your store link is ready to share.")).toBeTruthy();
    const url = (await within(card()).findByLabelText<HTMLInputElement>("Store link")).value;
    expect(url).toBe("http://shop.test/s/sok.dara");
    expect(handleField().value).toBe("sok.dara");
    expect(within(card()).getByRole("button", { name: "Copy Store link" })).toBeTruthy();
    const openLink = within(card()).getByRole("link", { name: "Open (opens in a new tab)" });
    expect(openLink.getAttribute("href")).toBe(url);
    expect(openLink.getAttribute("target")).toBe("_blank");
    const qr = await within(card()).findByRole("img", { name: "QR code of your store link" });
    expect(qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
    expect(within(card()).getByRole("button", { name: "Download QR Code" })).toBeTruthy();
  });

  it("shows the server's refusal next to the store name", async () => {
    fakeApi.on(API.updateProfile, fail("conflict", "This store name is already taken. Choose another", "store_handle"));
    await open();
    fireEvent.change(handleField(), { target: { value: "sokdara" } });
    fireEvent.click(saveHandle());
    expect(await screen.findByText("This store name is already taken. Choose another")).toBeTruthy();
    expect(handleField().getAttribute("aria-invalid")).toBe("true");
    expect(handleField().value).toBe("sokdara");
    expect(within(card()).queryByLabelText("Store link")).toBeNull();
  });

  it("shows the server's refusal in Khmer on a Khmer page", async () => {
    fakeApi.on(API.updateProfile, fail("conflict", "This store name is already taken. Choose another", "store_handle"));
    await setLocale("km");
    await render(<StorefrontCard />);
    const field = await waitFor(() => fieldByLabel("ឈ្មោះទំព័រហាង"));
    fireEvent.change(field, { target: { value: "sokdara" } });
    fireEvent.click(screen.getByRole("button", { name: "រក្សាទុកឈ្មោះទំព័រហាង" }));
    expect(await screen.findByText("ឈ្មោះទំព័រហាងនេះមានគេប្រើហើយ។ សូមជ្រើសរើសឈ្មោះផ្សេង។")).toBeTruthy();
  });

  it("refuses a malformed store name before sending it, with the server's rule", async () => {
    fakeApi.on(API.updateProfile, fail("internal", "not expected"));
    await open();
    fireEvent.change(handleField(), { target: { value: "my shop!" } });
    fireEvent.click(saveHandle());
    expect(
      await screen.findByText("Store name must be 3 to 30 lower-case letters, digits, dots or underscores"),
    ).toBeTruthy();
    expect(fakeApi.calls(API.updateProfile)).toEqual([]);
  });

  it("chooses the approved links to show, orders them and saves their ids in that order", async () => {
    fakeApi.on(API.setStorefront, ({ body }) => ({
      message: "Storefront saved",
      ...settings,
      link_ids: body.link_ids,
    }));
    await open();
    // The approved links only; the one already shown first.
    expect(names("Shown, in this order")).toEqual(["Kampot Pepper"]);
    expect(names("Not shown")).toEqual(["Silk Scarf", "Mondulkiri Coffee"]);
    expect(within(card()).queryByText("Coconut Soap")).toBeNull();
    const save = screen.getByRole("button", { name: "Save storefront" });
    expect(save).toHaveProperty("disabled", true);

    fireEvent.click(screen.getByRole("checkbox", { name: "Show in storefront: Silk Scarf" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Show in storefront: Mondulkiri Coffee" }));
    expect(names("Shown, in this order")).toEqual(["Kampot Pepper", "Silk Scarf", "Mondulkiri Coffee"]);
    expect(screen.queryByRole("list", { name: "Not shown" })).toBeNull();

    // The first cannot go up, the last cannot go down.
    expect(screen.getByRole("button", { name: "Move up: Kampot Pepper" })).toHaveProperty("disabled", true);
    expect(screen.getByRole("button", { name: "Move down: Mondulkiri Coffee" })).toHaveProperty("disabled", true);
    fireEvent.click(screen.getByRole("button", { name: "Move up: Mondulkiri Coffee" }));
    fireEvent.click(screen.getByRole("button", { name: "Move up: Mondulkiri Coffee" }));
    expect(names("Shown, in this order")).toEqual(["Mondulkiri Coffee", "Kampot Pepper", "Silk Scarf"]);
    expect(screen.getByText("Mondulkiri Coffee is now number 1 of 3.")).toBeTruthy();
    // Focus stays with the row: at the top, on its Move down.
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Move down: Mondulkiri Coffee" }));
    fireEvent.click(screen.getByRole("button", { name: "Move down: Kampot Pepper" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Show in storefront: Mondulkiri Coffee" }));
    expect(names("Shown, in this order")).toEqual(["Silk Scarf", "Kampot Pepper"]);
    expect(names("Not shown")).toEqual(["Mondulkiri Coffee"]);
    fireEvent.click(screen.getByRole("checkbox", { name: "Show in storefront: Mondulkiri Coffee" }));

    fireEvent.click(save);
    await waitFor(() => expect(fakeApi.calls(API.setStorefront)).toHaveLength(1));
    expect(fakeApi.calls(API.setStorefront)[0].body).toEqual({ link_ids: [scarf.id, pepper.id, coffee.id] });
    expect(await screen.findByText("Storefront saved")).toBeTruthy();
    expect(names("Shown, in this order")).toEqual(["Silk Scarf", "Kampot Pepper", "Mondulkiri Coffee"]);
    expect(save).toHaveProperty("disabled", true);
  });

  it("shows the server's refusal of the products, keeping the choice", async () => {
    fakeApi.on(API.setStorefront, fail("forbidden", "Only approved influencers have a storefront"));
    await open();
    fireEvent.click(screen.getByRole("checkbox", { name: "Show in storefront: Silk Scarf" }));
    fireEvent.click(screen.getByRole("button", { name: "Save storefront" }));
    expect(await screen.findByRole("alert")).toHaveProperty(
      "textContent",
      expect.stringContaining("Only approved influencers have a storefront"),
    );
    expect(names("Shown, in this order")).toEqual(["Kampot Pepper", "Silk Scarf"]);
  });

  it("says where the products come from when no link is approved yet", async () => {
    fakeApi.on(API.myLinks, { links: [soap] });
    await render(<StorefrontCard />);
    expect(
      await screen.findByText("Your approved links appear here. Apply for a campaign to have products to show."),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Save storefront" })).toBeNull();
  });
});
