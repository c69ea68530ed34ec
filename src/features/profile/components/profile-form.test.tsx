import { act, useState } from "react";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { User } from "@contract/auth.ts";
import { API } from "@contract/routes.ts";
import { meQuery } from "@/lib/current-user.ts";
import { deferred, fail, fakeApi, networkDown, type Handler } from "@/testing/fake-api.ts";
import { testId } from "@/testing/fixtures/ids.ts";
import { uploadedImage } from "@/testing/fixtures/images.ts";
import { makeUser } from "@/testing/fixtures/users.ts";
import { render, type Rendered } from "@/testing/render.tsx";
import { fieldByLabel } from "@/testing/queries.ts";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import QRCode from "qrcode";
import { ProfileForm } from "./profile-form.tsx";

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

let view: Rendered;
let setUser: (user: User) => void;

/** The server as the function behaves: the account with the changes applied, "" clearing a field. */
function savedAnswer(base: User): Handler<typeof API.updateProfile> {
  return ({ body }) => {
    const cleared = Object.fromEntries(Object.entries(body).map(([key, value]) => [key, value === "" ? null : value]));
    return { user: { ...base, ...cleared } };
  };
}

const LOGO_URL = "https://project.test/storage/v1/object/public/campaign-images/u/logo.png";

beforeEach(() => {
  fakeApi.on(API.updateProfile, savedAnswer(business()));
  fakeApi.on(API.uploadImage, uploadedImage(LOGO_URL, "u/logo.png"));
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

/** The profile card, named by its title. */
const card = () => screen.getByRole("region", { name: /^(Business Profile|Bank Account Information)$/ });
/** The input labelled `label`. */
const input = (label: string) => fieldByLabel(label, view.container);
const labels = () => [...view.container.querySelectorAll("label")].map((label) => label.textContent?.trim());
const submit = () => screen.getByRole<HTMLButtonElement>("button", { name: /Update Profile|Saving/ });
const alertText = () => screen.queryAllByRole("alert")[0]?.textContent ?? "";
/** The account every screen showing it reads (the dashboard's frame, the payout card). */
const cachedAccount = () => view.queryClient.getQueryData(meQuery().queryKey);
const toasts = () =>
  within(screen.getByRole("region", { name: "Notifications" }))
    .queryAllByRole("listitem")
    .map((toast) => toast.querySelector(".toast__message")?.textContent);
const fieldError = (label: string) => {
  const ids = input(label).getAttribute("aria-describedby")?.split(" ") ?? [];
  return (
    ids.map((id) => document.getElementById(id)).find((element) => element?.className === "field__error")
      ?.textContent ?? null
  );
};
const puts = () => fakeApi.calls(API.updateProfile);
const lastPut = () => puts().at(-1)!.body;

function type(element: HTMLInputElement | HTMLTextAreaElement, value: string) {
  fireEvent.change(element, { target: { value } });
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
    fakeApi.on(API.updateProfile, savedAnswer(influencer()));
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
    type(input("Bank name"), "ACLEDA");
    type(input("Account name"), "Dara");
    type(input("Your phone number (optional)"), "012 777 888");
    fireEvent.click(submit());
    await waitFor(() => expect(toasts()).toEqual(["Profile updated."]));
    expect(lastPut()).toEqual({ bank_name: "ACLEDA", account_name: "Dara", phone: "+85512777888" });
  });

  it("disables Update Profile until a value really changes", async () => {
    await renderForm(business());
    expect(submit().disabled).toBe(true);
    type(input("Bank name"), "ABA Bank  ");
    expect(submit().disabled).toBe(true);
    type(input("Bank name"), "Wing Bank");
    expect(submit().disabled).toBe(false);
    type(input("Bank name"), "ABA Bank");
    expect(submit().disabled).toBe(true);
    type(input("Business logo URL"), "https://cdn.test/logo.png");
    expect(submit().disabled).toBe(false);
  });

  it("sends only the changed fields, trimmed, with an empty string to clear one", async () => {
    await renderForm(business());
    type(input("Bank name"), "  Wing Bank ");
    type(input("Account number"), "");
    fireEvent.click(submit());
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(lastPut()).toEqual({ bank_name: "Wing Bank", account_number: "" });
  });

  it("shows Saving… on a disabled button while saving, then confirms and takes the saved values as the new baseline", async () => {
    const saving = deferred<void>();
    fakeApi.on(API.updateProfile, async (request) => {
      await saving.promise;
      return savedAnswer(business())(request);
    });
    await renderForm(business());
    type(input("Business logo URL"), "https://cdn.test/logo.png");
    type(input("Bank name"), " Wing Bank  ");
    fireEvent.click(submit());
    await waitFor(() => expect(submit().textContent).toBe("Saving…"));
    expect(submit().disabled).toBe(true);

    await act(async () => saving.resolve());
    await waitFor(() => expect(toasts()).toEqual(["Profile updated."]));
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
    type(input("Business logo URL"), "https://cdn.test/logo.png");
    expect(submit().disabled).toBe(true);
    type(input("Account name"), "Sokha Shop");
    fireEvent.click(submit());
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(lastPut()).toEqual({ account_name: "Sokha Shop" });
  });

  it("says 'Failed to update business profile. Please try again.' and keeps everything typed", async () => {
    fakeApi.on(API.updateProfile, fail("internal", "Something went wrong"));
    await renderForm(business());
    type(input("Business logo URL"), "https://cdn.test/logo.png");
    type(input("Account number"), "999 888");
    fireEvent.click(submit());
    await waitFor(() => expect(alertText()).toContain("Failed to update business profile. Please try again."));
    expect(input("Business logo URL").value).toBe("https://cdn.test/logo.png");
    expect(input("Account number").value).toBe("999 888");
    expect(input("Bank name").value).toBe("ABA Bank");
    expect(submit().disabled).toBe(false);
    expect(submit().textContent).toBe("Update Profile");
    expect(toasts()).toEqual([]);
    expect(cachedAccount()).toBeUndefined();
  });

  it("says 'Failed to update profile. Please try again.' to an influencer, with the server's message next to the field it names", async () => {
    fakeApi.on(API.updateProfile, fail("invalid_input", "Account number must contain digits only", "account_number"));
    await renderForm(influencer());
    type(input("Account number"), "0001 234");
    fireEvent.click(submit());
    await waitFor(() => expect(alertText()).toContain("Failed to update profile. Please try again."));
    expect(alertText()).not.toContain("business");
    expect(fieldError("Account number")).toBe("Account number must contain digits only");
    expect(input("Account number").getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(input("Account number"));
    expect(input("Account number").value).toBe("0001 234");
  });

  it("adds the server's or the connection's message when no field is named", async () => {
    fakeApi.on(API.updateProfile, () => networkDown());
    await renderForm(business());
    type(input("Bank name"), "Wing Bank");
    fireEvent.click(submit());
    await waitFor(() => expect(alertText()).toContain("Failed to update business profile. Please try again."));
    expect(alertText()).toContain("Could not reach the server. Please check your connection and try again.");
    expect(input("Bank name").value).toBe("Wing Bank");
  });

  it("checks the values with the server's rules before sending", async () => {
    await renderForm(business());
    type(input("Business logo URL"), "logo.png");
    type(input("Account number"), "12-34");
    fireEvent.click(submit());
    expect(fieldError("Business logo URL")).toBe("Business logo URL must be a valid http(s) URL");
    expect(fieldError("Account number")).toBe("Account number must contain digits only");
    expect(document.activeElement).toBe(input("Business logo URL"));
    expect(puts()).toHaveLength(0);
    type(input("Business logo URL"), "https://cdn.test/logo.png");
    expect(fieldError("Business logo URL")).toBeNull();
  });

  it("previews the typed logo URL, with No Image for an empty or social media URL", async () => {
    await renderForm(business());
    const preview = () => card().querySelector(".profile-logo");
    expect(preview()?.querySelector('[role="img"]')?.getAttribute("aria-label")).toBe(
      "Business logo preview: No Image",
    );
    expect(preview()?.textContent).toContain("No Image");
    type(input("Business logo URL"), "https://cdn.test/logo.png");
    expect(preview()?.querySelector("img")?.getAttribute("src")).toBe("https://cdn.test/logo.png");
    expect(preview()?.querySelector("img")?.getAttribute("alt")).toBe("Business logo preview");
    type(input("Business logo URL"), "https://www.facebook.com/sokha/posts/1");
    expect(preview()?.querySelector("img")).toBeNull();
    expect(preview()?.textContent).toContain("No Image");
    type(input("Business logo URL"), "https://imgur.com/AbC123x");
    expect(preview()?.querySelector("img")?.getAttribute("src")).toBe("https://i.imgur.com/AbC123x.jpg");
  });

  it("takes a newer account when nothing was edited, and keeps the user's edits when something was", async () => {
    await renderForm(business());
    await act(async () => setUser(business({ bank_name: "ACLEDA", business_logo_url: "https://cdn.test/new.png" })));
    expect(input("Bank name").value).toBe("ACLEDA");
    expect(input("Business logo URL").value).toBe("https://cdn.test/new.png");
    expect(submit().disabled).toBe(true);

    type(input("Account name"), "My edit");
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
    fireEvent.click(submit());
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(lastPut()).toEqual({ account_name: "My edit" });
  });

  it("renames the shop, refusing an empty name as the server would", async () => {
    await renderForm(business({ business_name: "Sokha Store" }));
    expect(input("Shop name").value).toBe("Sokha Store");
    type(input("Shop name"), "  ");
    fireEvent.click(submit());
    expect(fieldError("Shop name")).toBe("Shop name is required");
    expect(puts()).toHaveLength(0);
    type(input("Shop name"), " Sokha Silk ");
    fireEvent.click(submit());
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(lastPut()).toEqual({ business_name: "Sokha Silk" });
  });

  it("uploads a logo file: its URL fills the logo field and is saved with the form", async () => {
    await renderForm(business());
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "logo.png", { type: "image/png" });
    fireEvent.change(input("Upload logo"), { target: { files: [file] } });
    const logoUrl = LOGO_URL;
    await waitFor(() => expect(input("Business logo URL").value).toBe(logoUrl));
    const [upload] = fakeApi.calls(API.uploadImage);
    expect(upload.body.get("image")).toBe(file);
    expect(card().querySelector(".profile-logo img")?.getAttribute("src")).toBe(logoUrl);
    fireEvent.click(submit());
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(lastPut()).toEqual({ business_logo_url: logoUrl });
  });

  it("refuses a logo file that is not an image before uploading, and offers no upload before approval", async () => {
    await renderForm(business());
    fireEvent.change(input("Upload logo"), {
      target: { files: [new File(["%PDF"], "logo.pdf", { type: "application/pdf" })] },
    });
    expect(await within(card()).findByText("The logo must be a PNG, JPEG or GIF image.")).toBeTruthy();
    expect(fakeApi.calls(API.uploadImage)).toHaveLength(0);
    // A second form, pending approval; the checks below read it alone.
    await renderForm(business({ status: "pending_approval" }));
    expect(labels()).not.toContain("Upload logo");
  });

  describe("KHQR", () => {
    const textarea = (label: string) => fieldByLabel<HTMLTextAreaElement>(label, view.container);
    function upload(png: Buffer) {
      photo.png = png;
      fireEvent.change(input("Read KHQR from a photo"), {
        target: { files: [new File([new Uint8Array(png)], "khqr.png", { type: "image/png" })] },
      });
    }

    it("saves a pasted KHQR, trimmed", async () => {
      fakeApi.on(API.updateProfile, savedAnswer(influencer()));
      await renderForm(influencer());
      type(textarea("KHQR (optional)"), `  ${GOOD_KHQR}\n`);
      fireEvent.click(submit());
      await waitFor(() => expect(toasts()).toEqual(["Profile updated."]));
      expect(lastPut()).toEqual({ khqr: GOOD_KHQR });
    });

    it("names what is wrong with a mistyped KHQR before sending it", async () => {
      await renderForm(business());
      type(textarea("KHQR (optional)"), GOOD_KHQR.slice(0, -1) + "0");
      fireEvent.click(submit());
      await waitFor(() =>
        expect(fieldError("KHQR (optional)")).toBe(
          "KHQR checksum (tag 63) does not match: the code is incomplete or mistyped",
        ),
      );
      expect(puts()).toEqual([]);
    });

    it("reads the KHQR from a photo of the code and saves it", async () => {
      fakeApi.on(API.updateProfile, savedAnswer(influencer()));
      await renderForm(influencer());
      const png = await QRCode.toBuffer(GOOD_KHQR, { width: 400, margin: 4 });
      // The picture is a QR of the code, as a bank app shows it.
      const image = PNG.sync.read(png);
      expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(GOOD_KHQR);
      upload(png);
      await waitFor(() => expect(textarea("KHQR (optional)").value).toBe(GOOD_KHQR));
      expect(card().textContent).toContain("KHQR read from the photo. Update Profile to save it.");
      fireEvent.click(submit());
      await waitFor(() => expect(toasts()).toEqual(["Profile updated."]));
      expect(lastPut()).toEqual({ khqr: GOOD_KHQR });
    });

    it("says so when the photo shows no QR code, keeping what was typed", async () => {
      await renderForm(influencer());
      const blank = new PNG({ width: 64, height: 64 });
      blank.data.fill(255);
      upload(PNG.sync.write(blank));
      await waitFor(() =>
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
