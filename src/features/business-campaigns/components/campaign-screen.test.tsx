import { act } from "react";
import { Route, Routes, useParams } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Campaign } from "@contract/campaigns.ts";
import type { User } from "@contract/auth.ts";
import { businessCampaignsQuery } from "@/lib/campaigns.ts";
import { createQueryClient } from "@/lib/query-client.ts";
import { makeCampaign } from "@/testing/fixtures/campaigns.ts";
import { testId } from "@/testing/fixtures/ids.ts";
import { makeUser } from "@/testing/fixtures/users.ts";
import { buttonByText, click, render, typeInto, until, type Rendered } from "@/testing/render.tsx";
import { CampaignManagement } from "./campaign-management.tsx";
import { CampaignScreen } from "./campaign-screen.tsx";
import { json } from "@/testing/http.ts";

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
let stored: Campaign[];
let answers: Record<string, (init?: RequestInit) => Promise<Response>>;
let fetchMock: ReturnType<typeof vi.fn>;
let view: Rendered;

/** The campaign as the server would save it from a PUT body (price in dollars, rate a fraction). */
function saved(body: Record<string, unknown>): Campaign {
  const { price, ...rest } = body as { price?: number } & Partial<Campaign>;
  return campaign({ ...rest, ...(price === undefined ? {} : { price_cents: Math.round(price * 100) }) });
}

beforeEach(() => {
  me = makeUser({ user_type: "business", status: "approved" });
  stored = [campaign(), campaign({ id: testId(102), product_name: "Coffee Beans" })];
  answers = {
    "GET /auth/me": async () => json(200, { user: me }),
    "GET /campaigns/business": async () => json(200, { campaigns: stored }),
    "POST /campaigns": async (init) =>
      json(201, {
        message: "Campaign created successfully!",
        campaign: saved({ ...JSON.parse(String(init!.body)), id: testId(103) }),
      }),
    [`PUT /campaigns/${CAMPAIGN_ID}`]: async (init) => {
      const campaign = saved(JSON.parse(String(init!.body)));
      // The server keeps what it saved: a list fetched afterwards shows it, as the real one does.
      stored = stored.map((old) => (old.id === campaign.id ? campaign : old));
      return json(200, { message: "Campaign updated successfully", campaign });
    },
    "POST /upload/image": async () =>
      json(200, { success: true, url: "https://cdn.test/up1.png", public_id: `${testId(1)}/p1.png` }),
    "POST /upload/images": async () =>
      json(200, {
        success: true,
        images: [
          { url: "https://cdn.test/up1.png", public_id: `${testId(1)}/p1.png` },
          { url: "https://cdn.test/up2.png", public_id: `${testId(1)}/p2.png` },
        ],
      }),
  };
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? "GET"} ${new URL(url).pathname.replace(/^.*\/functions\/v1\/api/, "")}`;
    return answers[key] ? answers[key](init) : json(404, {});
  });
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  view?.unmount();
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

function EditRoute() {
  const { id = "" } = useParams();
  return <CampaignScreen key={id} campaignId={id} />;
}

/** The business's campaign routes, as the app has them, with stand-ins for the dashboard. */
const app = (
  <Routes>
    <Route path="/business/dashboard" element={<p id="where">Business dashboard</p>} />
    <Route path="/business/campaigns" element={<CampaignManagement />} />
    <Route path="/business/create-campaign" element={<CampaignScreen />} />
    <Route path="/business/campaigns/:id/edit" element={<EditRoute />} />
  </Routes>
);

const form = () => document.querySelector<HTMLFormElement>("form")!;
const input = (name: string) => form().querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]`)!;
const urlInputs = () => [...form().querySelectorAll<HTMLInputElement>('input[type="url"]')];
const requests = (method: string) =>
  fetchMock.mock.calls.filter(([, init]) => ((init as RequestInit | undefined)?.method ?? "GET") === method);
const lastBody = (method: string) => JSON.parse(String((requests(method).at(-1)![1] as RequestInit).body));
const text = () => document.body.textContent ?? "";
const atDashboard = () => expect(document.querySelector("#where")?.textContent).toBe("Business dashboard");

async function openEdit(queryClient = createQueryClient()) {
  view = await render(app, `/business/campaigns/${CAMPAIGN_ID}/edit`, queryClient);
  await until(() => expect(input("price").value).toBe("24.50"));
}

async function chooseFiles(count: number) {
  const file = form().querySelector<HTMLInputElement>('input[type="file"]')!;
  const files = Array.from(
    { length: count },
    (_v, i) => new File([new Uint8Array([0x89, 0x50])], `f${i}.png`, { type: "image/png" }),
  );
  Object.defineProperty(file, "files", { value: files, configurable: true });
  await act(async () => {
    file.dispatchEvent(new Event("change", { bubbles: true }));
  });
}

describe("Campaign screen: creating", () => {
  it("sends the one payload, the commission typed in percent sent as a fraction, and returns to the dashboard", async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(businessCampaignsQuery().queryKey, stored);
    view = await render(app, "/business/create-campaign", queryClient);
    await until(() => expect(buttonByText(form(), "Create Campaign")?.disabled).toBe(false));
    expect(form().getAttribute("aria-label")).toBe("Create Campaign");
    await typeInto(input("product_name"), " Kampot Pepper ");
    await typeInto(input("description"), "Red pepper, 100 g.");
    await typeInto(input("price"), "8.5");
    await typeInto(input("commission_rate"), "12");
    await typeInto(urlInputs()[0], "https://cdn.test/pepper.jpg");
    await typeInto(input("start_date"), "2026-12-01");
    await click(buttonByText(form(), "Create Campaign"));
    await until(atDashboard);
    expect(lastBody("POST")).toEqual({
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
    view = await render(app, "/business/create-campaign");
    await until(() => expect(buttonByText(form(), "Create Campaign")?.disabled).toBe(false));
    expect(form().querySelector(`label[for="${input("commission_rate").id}"]`)?.textContent).toContain(
      "Commission rate (%)",
    );
    expect(text()).toContain("e.g. 15 for 15%");
    await typeInto(input("product_name"), "Kampot Pepper");
    await typeInto(input("price"), "8.50");
    await typeInto(input("commission_rate"), "0.15");
    await typeInto(urlInputs()[0], "https://cdn.test/pepper.jpg");
    await click(buttonByText(form(), "Create Campaign"));
    expect(text()).toContain("Write the commission rate in percent: 15 for 15%.");
    expect(document.activeElement).toBe(input("commission_rate"));
    expect(requests("POST")).toHaveLength(0);
  });

  it("shows the server's refusal next to the field it names, and above the form", async () => {
    answers["POST /campaigns"] = async () =>
      json(400, {
        error: "invalid_input",
        field: "commission_rate",
        message: "Commission rate can be at most 0.50 (50%), the marketplace's ceiling",
      });
    view = await render(app, "/business/create-campaign");
    await until(() => expect(buttonByText(form(), "Create Campaign")?.disabled).toBe(false));
    await typeInto(input("product_name"), "Kampot Pepper");
    await typeInto(input("price"), "8.50");
    await typeInto(input("commission_rate"), "60");
    await typeInto(urlInputs()[0], "https://cdn.test/pepper.jpg");
    await click(buttonByText(form(), "Create Campaign"));
    await until(() =>
      expect(form().querySelector('[role="alert"]')?.textContent).toContain(
        "Failed to create campaign: Commission rate can be at most 0.50 (50%), the marketplace's ceiling",
      ),
    );
    expect(lastBody("POST").commission_rate).toBe(0.6);
    expect(input("commission_rate").getAttribute("aria-invalid")).toBe("true");
    expect(document.querySelector("#where")).toBeNull();
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
    await typeInto(input("price"), "30");
    await typeInto(input("commission_rate"), "20");
    await click(buttonByText(form(), "Save Changes"));
    await until(atDashboard);
    expect(lastBody("PUT")).toEqual({
      product_name: "Silk Scarf",
      description: "Hand-woven",
      price: 30,
      commission_rate: 0.2,
      image_urls: ["https://cdn.test/a.jpg"],
      start_date: null,
      end_date: null,
    });
    expect(requests("PUT")[0][0]).toMatch(new RegExp(`/campaigns/${CAMPAIGN_ID}$`));
    expect(text()).toContain("Campaign updated successfully!");
    // The answer replaces the list's copy.
    expect(queryClient.getQueryData(businessCampaignsQuery().queryKey)).toEqual([
      campaign({ price_cents: 3000, commission_rate: 0.2 }),
      stored[1],
    ]);
  });

  it("opened from Campaign Management, returns there with the new price and rate listed", async () => {
    view = await render(app, "/business/campaigns");
    await until(() => expect(text()).toContain("Coffee Beans"));
    const row = document.querySelector<HTMLElement>('[aria-label="Silk Scarf"]')!;
    expect(row.textContent).toContain("$24.50");
    expect(row.textContent).toContain("15.00%");
    await click(row.querySelector("a"));
    await until(() => expect(input("price").value).toBe("24.50"));
    expect(text()).toContain("Back to Campaign Management");
    await typeInto(input("price"), "26");
    await typeInto(input("commission_rate"), "18");
    await click(buttonByText(form(), "Save Changes"));
    await until(() => expect(text()).toContain("Your Campaigns"));
    // The list may show the cached campaigns for a moment before its refetch answers with the saved ones.
    await until(() => {
      const updated = document.querySelector<HTMLElement>('[aria-label="Silk Scarf"]');
      expect(updated?.textContent).toContain("$26.00");
      expect(updated?.textContent).toContain("18.00%");
    });
    expect(lastBody("PUT")).toMatchObject({ price: 26, commission_rate: 0.18 });
  });

  it("saves the images (empty rows dropped)", async () => {
    await openEdit();
    await click(buttonByText(form(), "Add Image URL"));
    await typeInto(urlInputs()[1], "https://cdn.test/b.jpg");
    await click(buttonByText(form(), "Add Image URL"));
    await click(buttonByText(form(), "Save Changes"));
    await until(atDashboard);
    expect(lastBody("PUT").image_urls).toEqual(["https://cdn.test/a.jpg", "https://cdn.test/b.jpg"]);
  });

  it("needs at least one image", async () => {
    await openEdit();
    await typeInto(urlInputs()[0], "");
    await click(buttonByText(form(), "Save Changes"));
    expect(form().textContent).toContain("Please add at least one product image");
    expect(requests("PUT")).toHaveLength(0);
  });

  it("uploads one file with the single call and several with the multi call, at most 5 in all", async () => {
    await openEdit();
    await chooseFiles(1);
    await until(() =>
      expect(urlInputs().map((url) => url.value)).toEqual(["https://cdn.test/a.jpg", "https://cdn.test/up1.png"]),
    );
    expect(requests("POST")[0][0]).toMatch(/\/upload\/image$/);
    await chooseFiles(2);
    await until(() => expect(urlInputs()).toHaveLength(4));
    expect(requests("POST")[1][0]).toMatch(/\/upload\/images$/);
    await chooseFiles(2);
    expect(form().textContent).toContain("Maximum 5 images allowed");
    expect(requests("POST")).toHaveLength(2);
  });

  it("says 'Failed to upload image(s). Please try again.' when an upload fails", async () => {
    answers["POST /upload/image"] = async () =>
      json(400, { error: "bad_request", message: "Only PNG, JPEG and GIF images are allowed" });
    await openEdit();
    await chooseFiles(1);
    await until(() => expect(form().textContent).toContain("Failed to upload image(s). Please try again."));
    expect(form().textContent).toContain("Only PNG, JPEG and GIF images are allowed");
  });

  it("says 'Failed to update campaign' with the server's message, or a general one", async () => {
    answers[`PUT /campaigns/${CAMPAIGN_ID}`] = async () => json(500, {});
    await openEdit();
    await click(buttonByText(form(), "Save Changes"));
    await until(() =>
      expect(form().querySelector('[role="alert"]')?.textContent).toContain("Failed to update campaign:"),
    );
    answers[`PUT /campaigns/${CAMPAIGN_ID}`] = async () =>
      json(403, { error: "forbidden", message: "Only approved businesses can edit campaigns" });
    await click(buttonByText(form(), "Save Changes"));
    await until(() =>
      expect(form().querySelector('[role="alert"]')?.textContent).toContain(
        "Failed to update campaign: Only approved businesses can edit campaigns",
      ),
    );
    expect(document.querySelector("#where")).toBeNull();
  });

  it("deactivates only after a confirmation", async () => {
    await openEdit();
    await click(buttonByText(document.body, "Deactivate Campaign"));
    expect(requests("PUT")).toHaveLength(0);
    expect(text()).toContain("Deactivate Silk Scarf?");
    await click(buttonByText(document.body, "Yes, Deactivate"));
    await until(atDashboard);
    expect(lastBody("PUT")).toEqual({ status: "inactive" });
    expect(text()).toContain("Silk Scarf was deactivated.");
  });

  it("says 'Failed to deactivate campaign' when it fails", async () => {
    answers[`PUT /campaigns/${CAMPAIGN_ID}`] = async () => json(500, {});
    await openEdit();
    await click(buttonByText(document.body, "Deactivate Campaign"));
    await click(buttonByText(document.body, "Yes, Deactivate"));
    await until(() => expect(text()).toContain("Failed to deactivate campaign"));
    expect(document.querySelector("#where")).toBeNull();
  });

  it("offers no deactivation for an inactive campaign, and says it takes no new orders", async () => {
    stored = [campaign({ status: "inactive" })];
    await openEdit();
    expect(buttonByText(document.body, "Deactivate Campaign")).toBeUndefined();
    expect(text()).toContain("This campaign is no longer accepting new orders");
  });

  it("tells a pending business that editing waits for approval, and offers no save", async () => {
    me = makeUser({ user_type: "business", status: "pending_approval" });
    await openEdit();
    await until(() => expect(text()).toContain("Editing campaigns is disabled until your account is approved."));
    expect(buttonByText(form(), "Save Changes")?.disabled).toBe(true);
    expect(buttonByText(document.body, "Deactivate Campaign")).toBeUndefined();
  });

  it("says when the campaign is not one of the business's", async () => {
    view = await render(app, `/business/campaigns/${testId(999)}/edit`);
    await until(() => expect(text()).toContain("Campaign not found"));
    expect(document.querySelector("form")).toBeNull();
  });
});
