import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { KeywordTrigger } from "@contract/links.ts";
import { API } from "@contract/routes.ts";
import { fail, fakeApi } from "@/testing/fake-api.ts";
import { testId } from "@/testing/fixtures/ids.ts";
import { makeAffiliateLink, makeKeywordTrigger } from "@/testing/fixtures/links.ts";
import { render } from "@/testing/render.tsx";
import { MyAffiliateLinks } from "./my-affiliate-links.tsx";

vi.mock("@/lib/realtime.ts", () => ({ useTableChanges: () => "live" }));
// The QR code's text is what matters here, not its pixels.
const qr = vi.hoisted(() => ({ texts: [] as string[] }));
vi.mock("@/features/influencer-dashboard/utils/qr-code.ts", () => ({
  qrFileName: (name: string) => `QR-${name}.png`,
  downloadQrCode: async (text: string) => {
    qr.texts.push(text);
  },
}));

const INFLUENCER_ID = testId(2);
const link = makeAffiliateLink({ influencer_id: INFLUENCER_ID, status: "approved" });

let trigger: KeywordTrigger;

beforeEach(() => {
  trigger = makeKeywordTrigger({ affiliate_link_id: link.id });
  qr.texts = [];
  fakeApi.on(API.myLinks, { links: [link] });
  fakeApi.on(API.myTriggers, () => ({ triggers: [trigger] }));
  fakeApi.on(API.updateTrigger, ({ body }) => {
    trigger = { ...trigger, ...body } as KeywordTrigger;
    return { message: "Keyword reply saved", trigger };
  });
});

/** What the screen sent to PUT /keyword-triggers/{id}. */
const puts = () => fakeApi.calls(API.updateTrigger).map(({ params, body }) => ({ id: params.id, body }));
const reply = () => screen.getByRole("region", { name: "Instagram reply to SCARF" });
const textarea = () => within(reply()).getByRole("textbox") as HTMLTextAreaElement;
const preview = () => reply().querySelector(".keyword-reply__preview")!.textContent;
const type = (value: string) => fireEvent.change(textarea(), { target: { value } });
const save = () => fireEvent.click(within(reply()).getByRole("button", { name: "Save reply" }));

async function renderLinks() {
  await render(<MyAffiliateLinks userId={INFLUENCER_ID} canApply />);
  await screen.findByRole("region", { name: "Instagram reply to SCARF" });
}

describe("a keyword's Instagram reply on its link card", () => {
  it("previews the reply filled with the product and the comment link, with its length", async () => {
    await renderLinks();
    expect(textarea().value).toBe("Thanks for your interest in {product}! Order here: {link}");
    const filled = "Thanks for your interest in Silk Scarf! Order here: http://shop.test/r/Ab3dE7x?s=comment";
    expect(preview()).toContain(filled);
    expect(preview()).toContain(`${filled.length} / 1,000 characters`);
    expect(reply().textContent).toContain("Write {product} for the product name and {link} for your link");

    type("{product} is here: {link} 🎉");
    expect(preview()).toContain("Silk Scarf is here: http://shop.test/r/Ab3dE7x?s=comment 🎉");
  });

  it("saves the edited template and says so", async () => {
    await renderLinks();
    type("Get {product}: {link}");
    save();
    expect(await screen.findByText("Keyword reply saved")).toBeDefined();
    expect(puts()).toEqual([{ id: trigger.id, body: { dm_template_text: "Get {product}: {link}" } }]);
    expect(textarea().value).toBe("Get {product}: {link}");
  });

  it("refuses a template without {link} before asking the server", async () => {
    await renderLinks();
    type("Ask me about {product}");
    save();
    await waitFor(() =>
      expect(reply().querySelector(".field__error")?.textContent).toBe("Add {link} so the reply carries your link."),
    );
    expect(puts()).toEqual([]);
    expect(textarea().getAttribute("aria-invalid")).toBe("true");
  });

  it("counts the filled length against 1000 characters", async () => {
    await renderLinks();
    type(`${"a".repeat(980)} {link}`);
    expect(reply().querySelector(".keyword-reply__count")!.className).toContain("is-over");
    save();
    await waitFor(() =>
      expect(reply().querySelector(".field__error")?.textContent).toBe(
        "The reply is too long: at most 1,000 characters once filled in.",
      ),
    );
    expect(puts()).toEqual([]);
  });

  it("shows the server's refusal of the template under the textarea", async () => {
    await renderLinks();
    fakeApi.on(API.updateTrigger, fail("invalid_input", "dm_template_text must contain {link}", "dm_template_text"));
    type("Order: {link}");
    save();
    await waitFor(() =>
      expect(reply().querySelector(".field__error")?.textContent).toBe("dm_template_text must contain {link}"),
    );
  });

  it("switches the reply off and on, and shows a conflict's message", async () => {
    await renderLinks();
    const toggle = () => within(reply()).getByRole("switch");
    expect(toggle().getAttribute("aria-checked")).toBe("true");
    expect(toggle().textContent).toContain("Auto-reply to SCARF");

    fireEvent.click(toggle());
    await waitFor(() => expect(toggle().getAttribute("aria-checked")).toBe("false"));
    expect(puts().at(-1)!.body).toEqual({ is_active: false });
    expect(reply().textContent).toContain("Switched off: comments and DMs with SCARF get no reply.");

    fakeApi.on(API.updateTrigger, fail("conflict", "Another active keyword reply already uses this keyword"));
    fireEvent.click(toggle());
    await waitFor(() =>
      expect(within(reply()).getByRole("alert").textContent).toContain(
        "Another active keyword reply already uses this keyword",
      ),
    );
    expect(puts().at(-1)!.body).toEqual({ is_active: true });
    expect(toggle().getAttribute("aria-checked")).toBe("false");
  });

  it("downloads a QR code of the short link marked as a QR scan", async () => {
    await renderLinks();
    fireEvent.click(screen.getByRole("button", { name: /Download QR Code/ }));
    await waitFor(() => expect(qr.texts).toEqual(["http://shop.test/r/Ab3dE7x?s=qr"]));
  });
});
