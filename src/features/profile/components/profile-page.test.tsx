import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { User } from "@contract/auth.ts";
import { testId } from "@/testing/fixtures/ids.ts";
import { makeUser } from "@/testing/fixtures/users.ts";
import { buttonByText, click, render, settle, until, type Rendered } from "@/testing/render.tsx";
import { ProfilePage } from "./profile-page.tsx";
import { json } from "@/testing/http.ts";

const account = (extra: Partial<User> = {}): User =>
  makeUser({
    id: testId(1),
    email: "shop@example.com",
    user_type: "business",
    status: "pending_approval",
    business_name: "Sokha Store",
    business_logo_url: "https://cdn.test/logo.png",
    bank_name: "ABA Bank",
    account_name: "Sokha Store",
    account_number: "000123456",
    ...extra,
  });

let me: () => Promise<Response>;
let fetchMock: ReturnType<typeof vi.fn>;
let view: Rendered;

beforeEach(() => {
  me = async () => json(200, { user: account() });
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? "GET"} ${new URL(url).pathname.replace(/^.*\/functions\/v1\/api/, "")}`;
    if (key === "GET /auth/me") return me();
    if (key === "PUT /auth/profile") {
      const saved = account(JSON.parse(String(init?.body)));
      me = async () => json(200, { user: saved });
      return json(200, { user: saved });
    }
    return json(404, {});
  });
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  view?.unmount();
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

const heading = () => view.container.querySelector("h1")?.textContent;
const backLink = () =>
  [...view.container.querySelectorAll("a")].find((link) => link.textContent === "Back to Dashboard");
const facts = () =>
  Object.fromEntries(
    [...view.container.querySelectorAll(".details__row")].map((row) => [
      row.querySelector("dt")?.textContent,
      row.querySelector("dd")?.textContent,
    ]),
  );

describe("Profile page", () => {
  it("shows a business its profile card and account facts, with a way back to the dashboard", async () => {
    let release!: () => void;
    const loading = new Promise<void>((resolve) => (release = resolve));
    me = async () => {
      await loading;
      return json(200, { user: account() });
    };
    view = await render(<ProfilePage />, "/business/profile");
    expect(view.container.querySelector('[role="status"]')?.textContent).toBe("Loading…");
    expect(heading()).toBe("Business Profile");
    await act(async () => release());
    await until(() => expect(view.container.querySelector("form")).not.toBeNull());
    expect(backLink()?.getAttribute("href")).toBe("/business/dashboard");
    expect(view.container.querySelector("section.card h2")?.textContent).toBe("Business Profile");
    expect(view.container.querySelector<HTMLInputElement>('input[name="business_logo_url"]')?.value).toBe(
      "https://cdn.test/logo.png",
    );
    expect(facts()).toEqual({ Email: "shop@example.com", "Account type": "Business", Status: "Pending approval" });
  });

  it("shows an influencer 'My Profile' with the Bank Account Information card", async () => {
    me = async () =>
      json(200, {
        user: account({
          id: testId(2),
          email: "creator@example.com",
          user_type: "influencer",
          status: "approved",
          business_name: null,
          business_logo_url: null,
        }),
      });
    view = await render(<ProfilePage />, "/influencer/profile");
    expect(heading()).toBe("My Profile");
    await until(() => expect(view.container.querySelector("form")).not.toBeNull());
    expect(backLink()?.getAttribute("href")).toBe("/influencer/dashboard");
    expect(view.container.querySelector("section.card h2")?.textContent).toBe("Bank Account Information");
    expect(view.container.querySelector('input[name="business_logo_url"]')).toBeNull();
    expect(facts()).toEqual({ Email: "creator@example.com", "Account type": "Influencer", Status: "Approved" });
  });

  it("says when the account cannot be loaded and tries again", async () => {
    me = async () => json(500, {});
    view = await render(<ProfilePage />, "/business/profile");
    await until(() =>
      expect(view.container.querySelector('[role="alert"]')?.textContent).toContain("Failed to load your account."),
    );
    expect(view.container.querySelector("form")).toBeNull();
    me = async () => json(200, { user: account() });
    await click(buttonByText(view.container, "Try again"));
    await until(() => expect(view.container.querySelector("form")).not.toBeNull());
    expect(view.container.querySelector('[role="alert"]')).toBeNull();
  });

  it("shows the account as saved from the server's answer, without reloading it", async () => {
    view = await render(<ProfilePage />, "/business/profile");
    await until(() => expect(view.container.querySelector("form")).not.toBeNull());
    const bankName = view.container.querySelector<HTMLInputElement>('input[name="bank_name"]')!;
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(bankName, "Wing Bank");
      bankName.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await click(buttonByText(view.container, "Update Profile"));
    await until(() => expect(document.querySelector(".toast__message")?.textContent).toBe("Profile updated."));
    await settle();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith("/auth/me"))).toHaveLength(1);
    expect(bankName.value).toBe("Wing Bank");
    expect(buttonByText(view.container, "Update Profile")?.disabled).toBe(true);
  });
});
