import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import type { KeywordTrigger } from "@contract/links.ts";
import { testId } from "@/testing/fixtures/ids.ts";
import { makeAffiliateLink, makeKeywordTrigger } from "@/testing/fixtures/links.ts";
import { buttonByText, click, render, settle, until, type Rendered } from "@/testing/render.tsx";
import { MyAffiliateLinks } from "./my-affiliate-links.tsx";
import { json } from "@/testing/http.ts";

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
let putAnswer: { status: number; body: unknown } | null;
let puts: { url: string; body: unknown }[];
let view: Rendered;

beforeEach(() => {
  trigger = makeKeywordTrigger({ affiliate_link_id: link.id });
  putAnswer = null;
  puts = [];
  qr.texts = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith("/affiliate-links/my-links")) return json(200, { links: [link] });
      if (url.endsWith("/keyword-triggers/my-triggers")) return json(200, { triggers: [trigger] });
      if (url.endsWith(`/keyword-triggers/${trigger.id}`) && init?.method === "PUT") {
        const body = JSON.parse(String(init.body));
        puts.push({ url, body });
        if (putAnswer) return json(putAnswer.status, putAnswer.body);
        trigger = { ...trigger, ...body };
        return json(200, { message: "Keyword reply saved", trigger });
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

const reply = () => view.container.querySelector<HTMLElement>('section[aria-label="Instagram reply to SCARF"]')!;
const textarea = () => reply().querySelector("textarea")!;
const preview = () => reply().querySelector(".keyword-reply__preview")!.textContent;

async function type(value: string) {
  const element = textarea();
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")!.set!;
    setter.call(element, value);
    element.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

async function renderLinks() {
  view = await render(<MyAffiliateLinks userId={INFLUENCER_ID} canApply />);
  await until(() => expect(reply()).not.toBeNull());
}

describe("a keyword's Instagram reply on its link card", () => {
  it("previews the reply filled with the product and the comment link, with its length", async () => {
    await renderLinks();
    expect(textarea().value).toBe("Thanks for your interest in {product}! Order here: {link}");
    const filled = "Thanks for your interest in Silk Scarf! Order here: http://shop.test/r/Ab3dE7x?s=comment";
    expect(preview()).toContain(filled);
    expect(preview()).toContain(`${filled.length} / 1,000 characters`);
    expect(reply().textContent).toContain("Write {product} for the product name and {link} for your link");

    await type("{product} is here: {link} 🎉");
    expect(preview()).toContain("Silk Scarf is here: http://shop.test/r/Ab3dE7x?s=comment 🎉");
  });

  it("saves the edited template and says so", async () => {
    await renderLinks();
    await type("Get {product}: {link}");
    await click(buttonByText(reply(), "Save reply"));
    await until(() => expect(document.body.textContent).toContain("Keyword reply saved"));
    expect(puts).toEqual([
      {
        url: expect.stringMatching(/\/keyword-triggers\/[0-9a-f-]+$/),
        body: { dm_template_text: "Get {product}: {link}" },
      },
    ]);
    expect(textarea().value).toBe("Get {product}: {link}");
  });

  it("refuses a template without {link} before asking the server", async () => {
    await renderLinks();
    await type("Ask me about {product}");
    await click(buttonByText(reply(), "Save reply"));
    await settle();
    expect(puts).toEqual([]);
    expect(reply().querySelector(".field__error")!.textContent).toBe("Add {link} so the reply carries your link.");
    expect(textarea().getAttribute("aria-invalid")).toBe("true");
  });

  it("counts the filled length against 1000 characters", async () => {
    await renderLinks();
    await type(`${"a".repeat(980)} {link}`);
    expect(reply().querySelector(".keyword-reply__count")!.className).toContain("is-over");
    await click(buttonByText(reply(), "Save reply"));
    expect(puts).toEqual([]);
    expect(reply().querySelector(".field__error")!.textContent).toBe(
      "The reply is too long: at most 1,000 characters once filled in.",
    );
  });

  it("shows the server's refusal of the template under the textarea", async () => {
    await renderLinks();
    putAnswer = {
      status: 400,
      body: { error: "validation_error", message: "dm_template_text must contain {link}", field: "dm_template_text" },
    };
    await type("Order: {link}");
    await click(buttonByText(reply(), "Save reply"));
    await until(() =>
      expect(reply().querySelector(".field__error")?.textContent).toBe("dm_template_text must contain {link}"),
    );
  });

  it("switches the reply off and on, and shows a conflict's message", async () => {
    await renderLinks();
    const toggle = () => reply().querySelector<HTMLButtonElement>('[role="switch"]')!;
    expect(toggle().getAttribute("aria-checked")).toBe("true");
    expect(toggle().textContent).toContain("Auto-reply to SCARF");

    await click(toggle());
    await until(() => expect(toggle().getAttribute("aria-checked")).toBe("false"));
    expect(puts.at(-1)!.body).toEqual({ is_active: false });
    expect(reply().textContent).toContain("Switched off: comments and DMs with SCARF get no reply.");

    putAnswer = {
      status: 409,
      body: { error: "conflict", message: "Another active keyword reply already uses this keyword" },
    };
    await click(toggle());
    await until(() =>
      expect(reply().querySelector('[role="alert"]')?.textContent).toContain(
        "Another active keyword reply already uses this keyword",
      ),
    );
    expect(toggle().getAttribute("aria-checked")).toBe("false");
  });

  it("downloads a QR code of the short link marked as a QR scan", async () => {
    await renderLinks();
    await click(buttonByText(view.container, /Download QR Code/));
    await until(() => expect(qr.texts).toEqual(["http://shop.test/r/Ab3dE7x?s=qr"]));
  });
});
