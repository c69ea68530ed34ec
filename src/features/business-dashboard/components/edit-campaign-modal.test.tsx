import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Campaign } from "@contract/campaigns.ts";
import { businessCampaignsQuery } from "@/lib/campaigns.ts";
import { createQueryClient } from "@/lib/query-client.ts";
import { makeCampaign } from "@/testing/fixtures/campaigns.ts";
import { testId } from "@/testing/fixtures/ids.ts";
import { buttonByText, click, render, until, type Rendered } from "@/testing/render.tsx";
import { EditCampaignModal } from "./edit-campaign-modal.tsx";

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

let answers: Record<string, () => Promise<Response>>;
let fetchMock: ReturnType<typeof vi.fn>;
let view: Rendered;
let onClose: ReturnType<typeof vi.fn<() => void>>;

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

beforeEach(() => {
  answers = {
    [`PUT /campaigns/${CAMPAIGN_ID}`]: async () =>
      json(200, { message: "Campaign updated successfully", campaign: campaign() }),
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
    return answers[key] ? answers[key]() : json(404, {});
  });
  vi.stubGlobal("fetch", fetchMock);
  onClose = vi.fn<() => void>();
});

afterEach(() => {
  view?.unmount();
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]')!;
const urlInputs = () => [...dialog().querySelectorAll<HTMLInputElement>('input[type="url"]')];

async function type(input: HTMLInputElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

async function chooseFiles(count: number) {
  const input = dialog().querySelector<HTMLInputElement>('input[type="file"]')!;
  const files = Array.from(
    { length: count },
    (_v, i) => new File([new Uint8Array([0x89, 0x50])], `f${i}.png`, { type: "image/png" }),
  );
  Object.defineProperty(input, "files", { value: files, configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });
}

const lastPut = () => {
  const call = fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === "PUT").at(-1)!;
  return JSON.parse(String((call[1] as RequestInit).body));
};

describe("Edit campaign modal", () => {
  it("saves the images (empty rows dropped), and the business's list takes the campaign as saved", async () => {
    const saved = campaign({ image_urls: ["https://cdn.test/a.jpg", "https://cdn.test/b.jpg"] });
    answers[`PUT /campaigns/${CAMPAIGN_ID}`] = async () =>
      json(200, { message: "Campaign updated successfully", campaign: saved });
    const queryClient = createQueryClient();
    queryClient.setQueryData(businessCampaignsQuery().queryKey, [campaign(), campaign({ id: testId(102) })]);
    view = await render(<EditCampaignModal campaign={campaign()} onClose={onClose} />, "/", queryClient);
    await click(buttonByText(dialog(), "Add Image URL"));
    await type(urlInputs()[1], "https://cdn.test/b.jpg");
    await click(buttonByText(dialog(), "Add Image URL"));
    await click(buttonByText(dialog(), "Save Images"));
    await until(() => expect(onClose).toHaveBeenCalled());
    expect(lastPut()).toEqual({ image_urls: ["https://cdn.test/a.jpg", "https://cdn.test/b.jpg"] });
    expect(queryClient.getQueryData(businessCampaignsQuery().queryKey)).toEqual([saved, campaign({ id: testId(102) })]);
  });

  it("needs at least one image", async () => {
    view = await render(<EditCampaignModal campaign={campaign()} onClose={onClose} />);
    await type(urlInputs()[0], "");
    await click(buttonByText(dialog(), "Save Images"));
    expect(dialog().textContent).toContain("Please add at least one product image");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("uploads one file with the single call and several with the multi call, at most 5 in all", async () => {
    view = await render(<EditCampaignModal campaign={campaign()} onClose={onClose} />);
    await chooseFiles(1);
    await until(() =>
      expect(urlInputs().map((input) => input.value)).toEqual(["https://cdn.test/a.jpg", "https://cdn.test/up1.png"]),
    );
    expect(fetchMock.mock.calls[0][0]).toMatch(/\/upload\/image$/);
    await chooseFiles(2);
    await until(() => expect(urlInputs()).toHaveLength(4));
    expect(fetchMock.mock.calls[1][0]).toMatch(/\/upload\/images$/);
    await chooseFiles(2);
    expect(dialog().textContent).toContain("Maximum 5 images allowed");
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("says 'Failed to upload image(s). Please try again.' when an upload fails", async () => {
    answers["POST /upload/image"] = async () =>
      json(400, { error: "bad_request", message: "Only PNG, JPEG and GIF images are allowed" });
    view = await render(<EditCampaignModal campaign={campaign()} onClose={onClose} />);
    await chooseFiles(1);
    await until(() => expect(dialog().textContent).toContain("Failed to upload image(s). Please try again."));
    expect(dialog().textContent).toContain("Only PNG, JPEG and GIF images are allowed");
  });

  it("shows the server's message, else 'Failed to update campaign'", async () => {
    answers[`PUT /campaigns/${CAMPAIGN_ID}`] = async () => json(500, {});
    view = await render(<EditCampaignModal campaign={campaign()} onClose={onClose} />);
    await click(buttonByText(dialog(), "Save Images"));
    await until(() =>
      expect(dialog().querySelector('[role="alert"]')?.textContent).toContain("Failed to update campaign"),
    );
    answers[`PUT /campaigns/${CAMPAIGN_ID}`] = async () =>
      json(403, { error: "forbidden", message: "Only approved businesses can edit campaigns" });
    await click(buttonByText(dialog(), "Save Images"));
    await until(() =>
      expect(dialog().querySelector('[role="alert"]')?.textContent).toContain(
        "Only approved businesses can edit campaigns",
      ),
    );
  });

  it("deactivates only after a confirmation", async () => {
    view = await render(<EditCampaignModal campaign={campaign()} onClose={onClose} />);
    await click(buttonByText(dialog(), "Deactivate Campaign"));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(dialog().textContent).toContain("Deactivate Silk Scarf?");
    await click(buttonByText(dialog(), "Yes, Deactivate"));
    await until(() => expect(onClose).toHaveBeenCalled());
    expect(lastPut()).toEqual({ status: "inactive" });
  });

  it("says 'Failed to deactivate campaign' when it fails", async () => {
    answers[`PUT /campaigns/${CAMPAIGN_ID}`] = async () => json(500, {});
    view = await render(<EditCampaignModal campaign={campaign()} onClose={onClose} />);
    await click(buttonByText(dialog(), "Deactivate Campaign"));
    await click(buttonByText(dialog(), "Yes, Deactivate"));
    await until(() =>
      expect(dialog().querySelector('[role="alert"]')?.textContent).toContain("Failed to deactivate campaign"),
    );
    expect(onClose).not.toHaveBeenCalled();
  });

  it("offers no deactivation for an inactive campaign", async () => {
    view = await render(<EditCampaignModal campaign={campaign({ status: "inactive" })} onClose={onClose} />);
    expect(buttonByText(dialog(), "Deactivate Campaign")).toBeUndefined();
    expect(dialog().textContent).toContain("This campaign is no longer accepting new orders");
  });
});
