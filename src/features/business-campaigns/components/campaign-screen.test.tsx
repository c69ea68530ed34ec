import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes, useParams } from "react-router-dom";
import { beforeEach, describe, expect, it } from "vitest";
import type { Campaign } from "@contract/campaigns.ts";
import type { User } from "@contract/auth.ts";
import { API } from "@contract/routes.ts";
import { businessCampaignsQuery } from "@/lib/campaigns.ts";
import { createQueryClient } from "@/lib/query-client.ts";
import { fail, fakeApi, jsonResponse } from "@/testing/fake-api.ts";
import { makeCampaign } from "@/testing/fixtures/campaigns.ts";
import { testId } from "@/testing/fixtures/ids.ts";
import { uploadedImage } from "@/testing/fixtures/images.ts";
import { makeUser } from "@/testing/fixtures/users.ts";
import { render } from "@/testing/render.tsx";
import { fieldByLabel } from "@/testing/queries.ts";
import { CampaignManagement } from "./campaign-management.tsx";
import { CampaignScreen } from "./campaign-screen.tsx";

const CAMPAIGN_ID = testId(101);

const campaign = (extra: Partial<Campaign> = {}): Campaign =>
  makeCampaign({
    id: CAMPAIGN_ID,
    product_name: "Silk Scarf",
    price_cents: 2450,
    commission_rate: 0.15,
    description: "Hand-woven",
    image_urls: ["https://cdn.test/a.jpg"],
    created_at: "2026-11-22T00:00:00Z",
    ...extra,
  });

let me: User;
/** The business's campaigns as the server holds them. */
let stored: Campaign[];

/** The campaign as the server would save it from a PUT body (price in dollars, rate a fraction). */
function saved(body: object): Campaign {
  const { price, ...rest } = body as { price?: number } & Partial<Campaign>;
  return campaign({ ...rest, ...(price === undefined ? {} : { price_cents: Math.round(price * 100) }) });
}

beforeEach(() => {
  me = makeUser({ user_type: "business", status: "approved" });
  stored = [campaign(), campaign({ id: testId(102), product_name: "Coffee Beans" })];
  fakeApi.on(API.me, () => ({ user: me }));
  fakeApi.on(API.businessCampaigns, () => ({ campaigns: stored }));
  fakeApi.on(API.createCampaign, ({ body }) => ({
    message: "Campaign created successfully!",
    campaign: saved({ ...body, id: testId(103) }),
  }));
  // The server keeps what it saved: a list fetched afterwards shows it, as the real one does.
  fakeApi.on(API.updateCampaign, ({ params, body }) => {
    const changed = saved({ id: params.id, ...body });
    stored = stored.map((old) => (old.id === changed.id ? changed : old));
    return { message: "Campaign updated successfully", campaign: changed };
  });
  fakeApi.on(API.uploadImage, ({ body }) => uploadedImage(`https://cdn.test/up-${(body.get("image") as File).name}`));
});

function EditRoute() {
  const { id = "" } = useParams();
  return <CampaignScreen key={id} campaignId={id} />;
}

/** The business's campaign routes, as the app has them, with stand-ins for the dashboard. */
const app = (
  <Routes>
    <Route path="/business/dashboard" element={<p>Business dashboard</p>} />
    <Route path="/business/campaigns" element={<CampaignManagement />} />
    <Route path="/business/create-campaign" element={<CampaignScreen />} />
    <Route path="/business/campaigns/:id/edit" element={<EditRoute />} />
  </Routes>
);

/** The form's fields by the name the payload gives them, found by their visible labels. */
const labels = {
  product_name: "Product name",
  description: "Description",
  price: "Price (USD)",
  commission_rate: "Commission rate (%)",
  start_date: "Start date",
  end_date: "End date",
} as const;

const form = () => screen.getByRole("form");
const input = (name: keyof typeof labels) => fieldByLabel<HTMLInputElement | HTMLTextAreaElement>(labels[name], form());
const urlInputs = () => within(form()).getAllByLabelText<HTMLInputElement>(/^Image URL \d+/);
const button = (name: string) => screen.getByRole<HTMLButtonElement>("button", { name });
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
const text = () => document.body.textContent ?? "";
const formAlert = () => within(form()).queryAllByRole("alert")[0]?.textContent;
const atDashboard = () => expect(screen.getByText("Business dashboard")).toBeDefined();
const updates = () => fakeApi.calls(API.updateCampaign);
const uploads = () => fakeApi.calls(API.uploadImage);
/** A campaign's row in Campaign Management. */
const row = (name: string) => screen.queryByRole("listitem", { name });

async function openEdit(queryClient = createQueryClient()) {
  await render(app, `/business/campaigns/${CAMPAIGN_ID}/edit`, queryClient);
  await waitFor(() => expect(input("price").value).toBe("24.50"));
}

function chooseFiles(count: number) {
  const files = Array.from(
    { length: count },
    (_v, i) => new File([new Uint8Array([0x89, 0x50])], `f${i}.png`, { type: "image/png" }),
  );
  fireEvent.change(within(form()).getByLabelText("Upload Images"), { target: { files } });
}

describe("Campaign screen: creating", () => {
  it("sends the one payload, the commission typed in percent sent as a fraction, and returns to the dashboard", async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(businessCampaignsQuery().queryKey, stored);
    await render(app, "/business/create-campaign", queryClient);
    await waitFor(() => expect(button("Create Campaign").disabled).toBe(false));
    expect(form().getAttribute("aria-label")).toBe("Create Campaign");
    type(input("product_name"), " Kampot Pepper ");
    type(input("description"), "Red pepper, 100 g.");
    type(input("price"), "8.5");
    type(input("commission_rate"), "12");
    type(urlInputs()[0], "https://cdn.test/pepper.jpg");
    type(input("start_date"), "2026-12-01");
    fireEvent.click(button("Create Campaign"));
    await waitFor(atDashboard);
    expect(fakeApi.calls(API.createCampaign).at(-1)!.body).toEqual({
      product_name: "Kampot Pepper",
      description: "Red pepper, 100 g.",
      price: 8.5,
      commission_rate: 0.12,
      image_urls: ["https://cdn.test/pepper.jpg"],
      start_date: "2026-12-01",
      end_date: null,
    });
    expect(text()).toContain("Campaign created successfully!");
    // The answer joins the business's list, newest first, without a refetch.
    const list = queryClient.getQueryData(businessCampaignsQuery().queryKey)!;
    expect(list.map((item) => item.product_name)).toEqual(["Kampot Pepper", "Silk Scarf", "Coffee Beans"]);
    expect(list[0]).toMatchObject({ price_cents: 850, commission_rate: 0.12 });
  });

  it("labels the commission in percent and explains a rate typed as a fraction, sending nothing", async () => {
    await render(app, "/business/create-campaign");
    await waitFor(() => expect(button("Create Campaign").disabled).toBe(false));
    expect(within(form()).getByText("Commission rate (%)").closest("label")?.htmlFor).toBe(input("commission_rate").id);
    expect(text()).toContain("e.g. 15 for 15%");
    type(input("product_name"), "Kampot Pepper");
    type(input("price"), "8.50");
    type(input("commission_rate"), "0.15");
    type(urlInputs()[0], "https://cdn.test/pepper.jpg");
    fireEvent.click(button("Create Campaign"));
    await waitFor(() => expect(text()).toContain("Write the commission rate in percent: 15 for 15%."));
    expect(document.activeElement).toBe(input("commission_rate"));
    expect(fakeApi.calls(API.createCampaign)).toHaveLength(0);
  });

  it("shows the server's refusal next to the field it names, and above the form", async () => {
    fakeApi.on(
      API.createCampaign,
      fail("invalid_input", "Commission rate can be at most 0.50 (50%), the marketplace's ceiling", "commission_rate"),
    );
    await render(app, "/business/create-campaign");
    await waitFor(() => expect(button("Create Campaign").disabled).toBe(false));
    type(input("product_name"), "Kampot Pepper");
    type(input("price"), "8.50");
    type(input("commission_rate"), "60");
    type(urlInputs()[0], "https://cdn.test/pepper.jpg");
    fireEvent.click(button("Create Campaign"));
    await waitFor(() =>
      expect(formAlert()).toContain(
        "Failed to create campaign: Commission rate can be at most 0.50 (50%), the marketplace's ceiling",
      ),
    );
    expect(fakeApi.calls(API.createCampaign).at(-1)!.body.commission_rate).toBe(0.6);
    expect(input("commission_rate").getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByText("Business dashboard")).toBeNull();
  });
});

describe("Campaign screen: editing", () => {
  it("shows the campaign with its rate in percent, and saves a new price and rate with the same payload", async () => {
    const queryClient = createQueryClient();
    await openEdit(queryClient);
    expect(form().getAttribute("aria-label")).toBe("Edit Campaign");
    expect(input("product_name").value).toBe("Silk Scarf");
    expect(input("commission_rate").value).toBe("15");
    expect(urlInputs().map((url) => url.value)).toEqual(["https://cdn.test/a.jpg"]);
    expect(text()).toContain("A new price or commission rate applies to new orders only");
    type(input("price"), "30");
    type(input("commission_rate"), "20");
    fireEvent.click(button("Save Changes"));
    await waitFor(atDashboard);
    expect(updates().at(-1)!.body).toEqual({
      product_name: "Silk Scarf",
      description: "Hand-woven",
      price: 30,
      commission_rate: 0.2,
      image_urls: ["https://cdn.test/a.jpg"],
      start_date: null,
      end_date: null,
    });
    expect(updates()[0].params.id).toBe(CAMPAIGN_ID);
    expect(text()).toContain("Campaign updated successfully!");
    // The answer replaces the list's copy.
    expect(queryClient.getQueryData(businessCampaignsQuery().queryKey)).toEqual([
      campaign({ price_cents: 3000, commission_rate: 0.2 }),
      stored[1],
    ]);
  });

  it("opened from Campaign Management, returns there with the new price and rate listed", async () => {
    await render(app, "/business/campaigns");
    await waitFor(() => expect(text()).toContain("Coffee Beans"));
    const scarf = row("Silk Scarf")!;
    expect(scarf.textContent).toContain("$24.50");
    expect(scarf.textContent).toContain("15.00%");
    fireEvent.click(within(scarf).getByRole("link", { name: /^Edit/ }));
    await waitFor(() => expect(input("price").value).toBe("24.50"));
    expect(text()).toContain("Back to Campaign Management");
    type(input("price"), "26");
    type(input("commission_rate"), "18");
    fireEvent.click(button("Save Changes"));
    await waitFor(() => expect(text()).toContain("Your Campaigns"));
    // The list may show the cached campaigns for a moment before its refetch answers with the saved ones.
    await waitFor(() => {
      const updated = row("Silk Scarf");
      expect(updated?.textContent).toContain("$26.00");
      expect(updated?.textContent).toContain("18.00%");
    });
    expect(updates().at(-1)!.body).toMatchObject({ price: 26, commission_rate: 0.18 });
  });

  it("saves the images (empty rows dropped)", async () => {
    await openEdit();
    fireEvent.click(button("Add Image URL"));
    type(urlInputs()[1], "https://cdn.test/b.jpg");
    fireEvent.click(button("Add Image URL"));
    expect(urlInputs()).toHaveLength(3);
    fireEvent.click(button("Save Changes"));
    await waitFor(atDashboard);
    expect(updates().at(-1)!.body.image_urls).toEqual(["https://cdn.test/a.jpg", "https://cdn.test/b.jpg"]);
  });

  it("needs at least one image", async () => {
    await openEdit();
    type(urlInputs()[0], "");
    fireEvent.click(button("Save Changes"));
    await waitFor(() => expect(form().textContent).toContain("Please add at least one product image"));
    expect(updates()).toHaveLength(0);
  });

  it("uploads each file with its own call, one after another, in order, at most 5 in all", async () => {
    await openEdit();
    chooseFiles(1);
    await waitFor(() =>
      expect(urlInputs().map((url) => url.value)).toEqual(["https://cdn.test/a.jpg", "https://cdn.test/up-f0.png"]),
    );
    chooseFiles(2);
    await waitFor(() =>
      expect(urlInputs().map((url) => url.value)).toEqual([
        "https://cdn.test/a.jpg",
        "https://cdn.test/up-f0.png",
        "https://cdn.test/up-f0.png",
        "https://cdn.test/up-f1.png",
      ]),
    );
    expect(uploads()).toHaveLength(3);
    chooseFiles(2);
    await waitFor(() => expect(form().textContent).toContain("Maximum 5 images allowed"));
    expect(uploads()).toHaveLength(3);
  });

  it("says why a file failed, and tries it again on Retry", async () => {
    fakeApi.on(API.uploadImage, fail("unsupported_media_type", "f0.png is not a PNG, JPEG, GIF or WebP image"));
    await openEdit();
    chooseFiles(1);
    await waitFor(() => expect(form().textContent).toContain("f0.png is not a PNG, JPEG, GIF or WebP image"));
    fakeApi.on(API.uploadImage, ({ body }) => uploadedImage(`https://cdn.test/up-${(body.get("image") as File).name}`));
    fireEvent.click(within(form()).getByRole("button", { name: "Retry f0.png" }));
    await waitFor(() => expect(urlInputs().map((url) => url.value)).toContain("https://cdn.test/up-f0.png"));
    expect(form().textContent).not.toContain("is not a PNG");
  });

  it("says 'Failed to update campaign' with the server's message, or a general one", async () => {
    fakeApi.on(API.updateCampaign, jsonResponse(500, {}));
    await openEdit();
    fireEvent.click(button("Save Changes"));
    await waitFor(() => expect(formAlert()).toContain("Failed to update campaign:"));
    fakeApi.on(API.updateCampaign, fail("forbidden", "Only approved businesses can edit campaigns"));
    fireEvent.click(button("Save Changes"));
    await waitFor(() =>
      expect(formAlert()).toContain("Failed to update campaign: Only approved businesses can edit campaigns"),
    );
    expect(screen.queryByText("Business dashboard")).toBeNull();
  });

  it("deactivates only after a confirmation", async () => {
    await openEdit();
    fireEvent.click(button("Deactivate Campaign"));
    expect(updates()).toHaveLength(0);
    expect(text()).toContain("Deactivate Silk Scarf?");
    fireEvent.click(button("Yes, Deactivate"));
    await waitFor(atDashboard);
    expect(updates().at(-1)!.body).toEqual({ status: "inactive" });
    expect(text()).toContain("Silk Scarf was deactivated.");
  });

  it("says 'Failed to deactivate campaign' when it fails", async () => {
    fakeApi.on(API.updateCampaign, jsonResponse(500, {}));
    await openEdit();
    fireEvent.click(button("Deactivate Campaign"));
    fireEvent.click(button("Yes, Deactivate"));
    await waitFor(() => expect(text()).toContain("Failed to deactivate campaign"));
    expect(screen.queryByText("Business dashboard")).toBeNull();
  });

  it("offers no deactivation for an inactive campaign, and says it takes no new orders", async () => {
    stored = [campaign({ status: "inactive" })];
    await openEdit();
    expect(screen.queryByRole("button", { name: "Deactivate Campaign" })).toBeNull();
    expect(text()).toContain("This campaign is no longer accepting new orders");
  });

  it("tells a pending business that editing waits for approval, and offers no save", async () => {
    me = makeUser({ user_type: "business", status: "pending_approval" });
    await openEdit();
    await waitFor(() => expect(text()).toContain("Editing campaigns is disabled until your account is approved."));
    expect(button("Save Changes").disabled).toBe(true);
    expect(screen.queryByRole("button", { name: "Deactivate Campaign" })).toBeNull();
  });

  it("says when the campaign is not one of the business's", async () => {
    await render(app, `/business/campaigns/${testId(999)}/edit`);
    await waitFor(() => expect(text()).toContain("Campaign not found"));
    expect(screen.queryByRole("form")).toBeNull();
  });
});
