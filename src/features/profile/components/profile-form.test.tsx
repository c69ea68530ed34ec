import { act, useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { User } from "@contract/auth.ts";
import { meQuery } from "@/lib/current-user.ts";
import { testId } from "@/testing/fixtures/ids.ts";
import { makeUser } from "@/testing/fixtures/users.ts";
import { buttonByText, click, render, until, type Rendered } from "@/testing/render.tsx";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import QRCode from "qrcode";
import { ProfileForm } from "./profile-form.tsx";
import { json } from "@/testing/http.ts";

// The browser draws the uploaded image on a canvas (the test DOM draws none): the test hands over the
// pixels of a real QR image instead, and the form decodes them with jsQR as in the browser.
const photo = vi.hoisted(() => ({ png: null as Buffer | null }));
vi.mock("@/features/profile/utils/read-qr-image.ts", async (importActual) => {
  const actual = await importActual<typeof import("@/features/profile/utils/read-qr-image.ts")>();
  const { PNG: Png } = await import("pngjs");
  return {
    ...actual,
    imageFilePixels: async () => {
      const image = Png.sync.read(photo.png!);
      return { data: new Uint8ClampedArray(image.data), width: image.width, height: image.height };
    },
  };
});

// A known-good KHQR (bakong-khqr SDK documentation).
const GOOD_KHQR =
  "00020101021229180014jonhsmith@nbcq52045999530311654035005802KH5910Jonh Smith6010PHNOM PENH993400131742250594187011317422506541846304EA38";

const business = (extra: Partial<User> = {}): User =>
  makeUser({
    id: testId(1),
    email: "shop@example.com",
    user_type: "business",
    business_logo_url: null,
    bank_name: "ABA Bank",
    account_name: "Sokha Store",
    account_number: "000123456",
    ...extra,
  });

const influencer = (extra: Partial<User> = {}): User =>
  makeUser({
    id: testId(2),
    email: "creator@example.com",
    user_type: "influencer",
    full_name: "Dara",
    bank_name: null,
    account_name: null,
    account_number: null,
    ...extra,
  });

let answer: (body: Record<string, unknown>) => Promise<Response>;
let uploadAnswer: (body: FormData) => Promise<Response>;
let fetchMock: ReturnType<typeof vi.fn>;
let view: Rendered;
let setUser: (user: User) => void;

/** The server as the function behaves: the account with the changes applied. */
function savedAnswer(base: User) {
  return async (body: Record<string, unknown>) => {
    const cleared = Object.fromEntries(Object.entries(body).map(([key, value]) => [key, value === "" ? null : value]));
    return json(200, { user: { ...base, ...cleared } });
  };
}

beforeEach(() => {
  answer = savedAnswer(business());
  uploadAnswer = async () =>
    json(200, {
      success: true,
      url: "https://project.test/storage/v1/object/public/campaign-images/u/logo.png",
      public_id: "u/logo.png",
    });
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? "GET"} ${new URL(url).pathname.replace(/^.*\/functions\/v1\/api/, "")}`;
    if (key === "POST /upload/image") return uploadAnswer(init?.body as FormData);
    return key === "PUT /auth/profile" ? answer(JSON.parse(String(init?.body))) : json(404, {});
  });
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  view?.unmount();
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

/** Renders the form with an account the test can replace later (a live refetch). */
async function renderForm(user: User) {
  function Harness() {
    const [current, setCurrent] = useState(user);
    setUser = setCurrent;
    return <ProfileForm user={current} />;
  }
  view = await render(<Harness />);
}

const card = () => view.container.querySelector<HTMLElement>("section.card")!;
const input = (label: string) => {
  const found = [...view.container.querySelectorAll("label")].find(
    (element) => element.textContent?.replace(" *", "").trim() === label,
  );
  if (!found) throw new Error(`no field labelled ${label}`);
  return document.getElementById(found.htmlFor) as HTMLInputElement;
};
const labels = () => [...view.container.querySelectorAll("label")].map((label) => label.textContent?.trim());
const submit = () => buttonByText(view.container, /Update Profile|Saving/)!;
const alertText = () => view.container.querySelector('[role="alert"]')?.textContent ?? "";
/** The account every screen showing it reads (the dashboard's frame, the payout card). */
const cachedAccount = () => view.queryClient.getQueryData(meQuery().queryKey);
const toasts = () => [...document.querySelectorAll(".toast__message")].map((toast) => toast.textContent);
const fieldError = (label: string) => {
  const ids = input(label).getAttribute("aria-describedby")?.split(" ") ?? [];
  return (
    ids.map((id) => document.getElementById(id)).find((element) => element?.className === "field__error")
      ?.textContent ?? null
  );
};
const puts = () => fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === "PUT");
const lastPut = () => JSON.parse(String((puts().at(-1)![1] as RequestInit).body));

async function type(element: HTMLInputElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(element, value);
    element.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

describe("Profile form", () => {
  it("shows a business the logo with its preview and the bank details, with the payout hint", async () => {
    await renderForm(business());
    expect(card().querySelector("h2")?.textContent).toBe("Business Profile");
    expect(labels()).toEqual([
      "Shop name",
      "Business logo URL",
      "Upload logo",
      "Bank name",
      "Account name",
      "Account number",
      "KHQR (optional)",
      "Read KHQR from a photo",
    ]);
    expect(input("Bank name").value).toBe("ABA Bank");
    expect(input("Account name").value).toBe("Sokha Store");
    expect(input("Account number").value).toBe("000123456");
    expect(card().textContent).toContain("Payouts are sent by ABA bank transfer to this account.");
  });

  it("shows an influencer their phone and bank details, titled Bank Account Information", async () => {
    answer = savedAnswer(influencer());
    await renderForm(influencer());
    expect(card().querySelector("h2")?.textContent).toBe("Bank Account Information");
    expect(labels()).toEqual([
      "Your phone number (optional)",
      "Bank name",
      "Account name",
      "Account number",
      "KHQR (optional)",
      "Read KHQR from a photo",
    ]);
    expect(card().textContent).not.toContain("No Image");
    expect(card().textContent).toContain("Payouts are sent by ABA bank transfer to this account.");
    await type(input("Bank name"), "ACLEDA");
    await type(input("Account name"), "Dara");
    await type(input("Your phone number (optional)"), "012 777 888");
    await click(submit());
    await until(() => expect(toasts()).toEqual(["Profile updated."]));
    expect(lastPut()).toEqual({ bank_name: "ACLEDA", account_name: "Dara", phone: "+85512777888" });
  });

  it("disables Update Profile until a value really changes", async () => {
    await renderForm(business());
    expect(submit().disabled).toBe(true);
    await type(input("Bank name"), "ABA Bank  ");
    expect(submit().disabled).toBe(true);
    await type(input("Bank name"), "Wing Bank");
    expect(submit().disabled).toBe(false);
    await type(input("Bank name"), "ABA Bank");
    expect(submit().disabled).toBe(true);
    await type(input("Business logo URL"), "https://cdn.test/logo.png");
    expect(submit().disabled).toBe(false);
  });

  it("sends only the changed fields, trimmed, with an empty string to clear one", async () => {
    await renderForm(business());
    await type(input("Bank name"), "  Wing Bank ");
    await type(input("Account number"), "");
    await click(submit());
    await until(() => expect(puts()).toHaveLength(1));
    expect(lastPut()).toEqual({ bank_name: "Wing Bank", account_number: "" });
  });

  it("shows Saving… on a disabled button while saving, then confirms and takes the saved values as the new baseline", async () => {
    let release!: () => void;
    const saving = new Promise<void>((resolve) => (release = resolve));
    answer = async (body) => {
      await saving;
      return savedAnswer(business())(body);
    };
    await renderForm(business());
    await type(input("Business logo URL"), "https://cdn.test/logo.png");
    await type(input("Bank name"), " Wing Bank  ");
    await click(submit());
    await until(() => expect(submit().textContent).toBe("Saving…"));
    expect(submit().disabled).toBe(true);

    await act(async () => release());
    await until(() => expect(toasts()).toEqual(["Profile updated."]));
    expect(submit().textContent).toBe("Update Profile");
    expect(submit().disabled).toBe(true);
    expect(input("Business logo URL").value).toBe("https://cdn.test/logo.png");
    expect(input("Bank name").value).toBe("Wing Bank");
    expect(cachedAccount()).toEqual(
      expect.objectContaining({
        business_logo_url: "https://cdn.test/logo.png",
        bank_name: "Wing Bank",
        account_name: "Sokha Store",
      }),
    );
    expect(alertText()).toBe("");

    // The next change is measured against what was saved.
    await type(input("Business logo URL"), "https://cdn.test/logo.png");
    expect(submit().disabled).toBe(true);
    await type(input("Account name"), "Sokha Shop");
    await click(submit());
    await until(() => expect(puts()).toHaveLength(2));
    expect(lastPut()).toEqual({ account_name: "Sokha Shop" });
  });

  it("says 'Failed to update business profile. Please try again.' and keeps everything typed", async () => {
    answer = async () => json(500, { error: "internal", message: "Something went wrong" });
    await renderForm(business());
    await type(input("Business logo URL"), "https://cdn.test/logo.png");
    await type(input("Account number"), "999 888");
    await click(submit());
    await until(() => expect(alertText()).toContain("Failed to update business profile. Please try again."));
    expect(input("Business logo URL").value).toBe("https://cdn.test/logo.png");
    expect(input("Account number").value).toBe("999 888");
    expect(input("Bank name").value).toBe("ABA Bank");
    expect(submit().disabled).toBe(false);
    expect(submit().textContent).toBe("Update Profile");
    expect(toasts()).toEqual([]);
    expect(cachedAccount()).toBeUndefined();
  });

  it("says 'Failed to update profile. Please try again.' to an influencer, with the server's message next to the field it names", async () => {
    answer = async () =>
      json(422, {
        error: "invalid_input",
        message: "Account number must contain digits only",
        field: "account_number",
      });
    await renderForm(influencer());
    await type(input("Account number"), "0001 234");
    await click(submit());
    await until(() => expect(alertText()).toContain("Failed to update profile. Please try again."));
    expect(alertText()).not.toContain("business");
    expect(fieldError("Account number")).toBe("Account number must contain digits only");
    expect(input("Account number").getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(input("Account number"));
    expect(input("Account number").value).toBe("0001 234");
  });

  it("adds the server's or the connection's message when no field is named", async () => {
    fetchMock.mockImplementationOnce(async () => {
      throw new TypeError("Failed to fetch");
    });
    await renderForm(business());
    await type(input("Bank name"), "Wing Bank");
    await click(submit());
    await until(() => expect(alertText()).toContain("Failed to update business profile. Please try again."));
    expect(alertText()).toContain("Could not reach the server. Please check your connection and try again.");
    expect(input("Bank name").value).toBe("Wing Bank");
  });

  it("checks the values with the server's rules before sending", async () => {
    await renderForm(business());
    await type(input("Business logo URL"), "logo.png");
    await type(input("Account number"), "12-34");
    await click(submit());
    expect(fieldError("Business logo URL")).toBe("Business logo URL must be a valid http(s) URL");
    expect(fieldError("Account number")).toBe("Account number must contain digits only");
    expect(document.activeElement).toBe(input("Business logo URL"));
    expect(puts()).toHaveLength(0);
    await type(input("Business logo URL"), "https://cdn.test/logo.png");
    expect(fieldError("Business logo URL")).toBeNull();
  });

  it("previews the typed logo URL, with No Image for an empty or social media URL", async () => {
    await renderForm(business());
    const preview = () => card().querySelector(".profile-logo");
    expect(preview()?.querySelector('[role="img"]')?.getAttribute("aria-label")).toBe(
      "Business logo preview: No Image",
    );
    expect(preview()?.textContent).toContain("No Image");
    await type(input("Business logo URL"), "https://cdn.test/logo.png");
    expect(preview()?.querySelector("img")?.getAttribute("src")).toBe("https://cdn.test/logo.png");
    expect(preview()?.querySelector("img")?.getAttribute("alt")).toBe("Business logo preview");
    await type(input("Business logo URL"), "https://www.facebook.com/sokha/posts/1");
    expect(preview()?.querySelector("img")).toBeNull();
    expect(preview()?.textContent).toContain("No Image");
    await type(input("Business logo URL"), "https://imgur.com/AbC123x");
    expect(preview()?.querySelector("img")?.getAttribute("src")).toBe("https://i.imgur.com/AbC123x.jpg");
  });

  it("takes a newer account when nothing was edited, and keeps the user's edits when something was", async () => {
    await renderForm(business());
    await act(async () => setUser(business({ bank_name: "ACLEDA", business_logo_url: "https://cdn.test/new.png" })));
    expect(input("Bank name").value).toBe("ACLEDA");
    expect(input("Business logo URL").value).toBe("https://cdn.test/new.png");
    expect(submit().disabled).toBe(true);

    await type(input("Account name"), "My edit");
    await act(async () =>
      setUser(
        business({
          bank_name: "Wing Bank",
          account_name: "Server name",
          business_logo_url: "https://cdn.test/new.png",
        }),
      ),
    );
    expect(input("Account name").value).toBe("My edit");
    expect(input("Bank name").value).toBe("Wing Bank");
    expect(submit().disabled).toBe(false);
    await click(submit());
    await until(() => expect(puts()).toHaveLength(1));
    expect(lastPut()).toEqual({ account_name: "My edit" });
  });

  it("renames the shop, refusing an empty name as the server would", async () => {
    await renderForm(business({ business_name: "Sokha Store" }));
    expect(input("Shop name").value).toBe("Sokha Store");
    await type(input("Shop name"), "  ");
    await click(submit());
    expect(fieldError("Shop name")).toBe("Shop name is required");
    expect(puts()).toHaveLength(0);
    await type(input("Shop name"), " Sokha Silk ");
    await click(submit());
    await until(() => expect(puts()).toHaveLength(1));
    expect(lastPut()).toEqual({ business_name: "Sokha Silk" });
  });

  it("uploads a logo file: its URL fills the logo field and is saved with the form", async () => {
    await renderForm(business());
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "logo.png", { type: "image/png" });
    const picker = input("Upload logo");
    await act(async () => {
      Object.defineProperty(picker, "files", { value: [file], configurable: true });
      picker.dispatchEvent(new Event("change", { bubbles: true }));
    });
    const logoUrl = "https://project.test/storage/v1/object/public/campaign-images/u/logo.png";
    await until(() => expect(input("Business logo URL").value).toBe(logoUrl));
    const upload = fetchMock.mock.calls.find(([url]) => String(url).endsWith("/upload/image"))!;
    expect(((upload[1] as RequestInit).body as FormData).get("image")).toBe(file);
    expect(card().querySelector(".profile-logo img")?.getAttribute("src")).toBe(logoUrl);
    await click(submit());
    await until(() => expect(puts()).toHaveLength(1));
    expect(lastPut()).toEqual({ business_logo_url: logoUrl });
  });

  it("refuses a logo file that is not an image before uploading, and offers no upload before approval", async () => {
    await renderForm(business());
    const picker = input("Upload logo");
    await act(async () => {
      Object.defineProperty(picker, "files", { value: [new File(["%PDF"], "logo.pdf", { type: "application/pdf" })] });
      picker.dispatchEvent(new Event("change", { bubbles: true }));
    });
    expect(card().textContent).toContain("The logo must be a PNG, JPEG or GIF image.");
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith("/upload/image"))).toBe(false);
    view.unmount();
    await renderForm(business({ status: "pending_approval" }));
    expect(labels()).not.toContain("Upload logo");
  });

  describe("KHQR", () => {
    const textarea = (label: string) => input(label) as unknown as HTMLTextAreaElement;
    async function typeArea(element: HTMLTextAreaElement, value: string) {
      await act(async () => {
        Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")!.set!.call(element, value);
        element.dispatchEvent(new Event("input", { bubbles: true }));
      });
    }
    async function upload(png: Buffer) {
      photo.png = png;
      const file = input("Read KHQR from a photo");
      await act(async () => {
        Object.defineProperty(file, "files", {
          value: [new File([new Uint8Array(png)], "khqr.png", { type: "image/png" })],
          configurable: true,
        });
        file.dispatchEvent(new Event("change", { bubbles: true }));
      });
    }

    it("saves a pasted KHQR, trimmed", async () => {
      answer = savedAnswer(influencer());
      await renderForm(influencer());
      await typeArea(textarea("KHQR (optional)"), `  ${GOOD_KHQR}\n`);
      await click(submit());
      await until(() => expect(toasts()).toEqual(["Profile updated."]));
      expect(lastPut()).toEqual({ khqr: GOOD_KHQR });
    });

    it("names what is wrong with a mistyped KHQR before sending it", async () => {
      await renderForm(business());
      await typeArea(textarea("KHQR (optional)"), GOOD_KHQR.slice(0, -1) + "0");
      await click(submit());
      await until(() =>
        expect(fieldError("KHQR (optional)")).toBe(
          "KHQR checksum (tag 63) does not match: the code is incomplete or mistyped",
        ),
      );
      expect(puts()).toEqual([]);
    });

    it("reads the KHQR from a photo of the code and saves it", async () => {
      answer = savedAnswer(influencer());
      await renderForm(influencer());
      const png = await QRCode.toBuffer(GOOD_KHQR, { width: 400, margin: 4 });
      // The picture is a QR of the code, as a bank app shows it.
      const image = PNG.sync.read(png);
      expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(GOOD_KHQR);
      await upload(png);
      await until(() => expect(textarea("KHQR (optional)").value).toBe(GOOD_KHQR));
      expect(card().textContent).toContain("KHQR read from the photo. Update Profile to save it.");
      await click(submit());
      await until(() => expect(toasts()).toEqual(["Profile updated."]));
      expect(lastPut()).toEqual({ khqr: GOOD_KHQR });
    });

    it("says so when the photo shows no QR code, keeping what was typed", async () => {
      await renderForm(influencer());
      const blank = new PNG({ width: 64, height: 64 });
      blank.data.fill(255);
      await upload(PNG.sync.write(blank));
      await until(() =>
        expect(alertText()).toBe("No QR code found in this image. Try a sharper photo or a screenshot of the code."),
      );
      expect(textarea("KHQR (optional)").value).toBe("");
    });

    it("tells the user a requested payout keeps the details it was requested with", async () => {
      await renderForm(influencer());
      expect(card().textContent).toContain(
        "A payout you have already requested is paid to the details you had when you requested it; changes here apply to your next request.",
      );
    });
  });
});
