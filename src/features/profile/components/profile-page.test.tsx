import { act } from "react";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { User } from "@contract/auth.ts";
import { API } from "@contract/routes.ts";
import { deferred, fail, fakeApi, jsonResponse } from "@/testing/fake-api.ts";
import { testId } from "@/testing/fixtures/ids.ts";
import { makeUser } from "@/testing/fixtures/users.ts";
import { render } from "@/testing/render.tsx";
import { ProfilePage } from "./profile-page.tsx";

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

const sessions = [
  {
    id: testId(71),
    device: "Chrome on Android",
    created_at: "2026-11-20T03:00:00.000Z",
    last_used_at: "2026-11-26T02:00:00.000Z",
    current: true,
  },
  {
    id: testId(72),
    device: "Firefox on Windows",
    created_at: "2026-11-01T03:00:00.000Z",
    last_used_at: "2026-11-02T03:00:00.000Z",
    current: false,
  },
];

beforeEach(() => {
  fakeApi.on(API.sessions, { sessions });
  // The server keeps what a PUT saved: GET /auth/me answers it from then on.
  let current = account();
  fakeApi.on(API.me, () => ({ user: current }));
  fakeApi.on(API.updateProfile, ({ body }) => {
    // An empty string clears a field.
    const changes = Object.fromEntries(Object.entries(body).map(([key, value]) => [key, value === "" ? null : value]));
    current = { ...current, ...changes };
    return { user: current };
  });
});

const heading = () => screen.getByRole("heading", { level: 1 }).textContent;
const backLink = () => screen.getByRole("link", { name: "Back to Dashboard" });
const form = (name: string) => screen.findByRole("form", { name });
const facts = () =>
  Object.fromEntries(
    within(screen.getByRole("region", { name: "Account" }))
      .getAllByRole("term")
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );

describe("Profile page", () => {
  it("shows a business its profile card and account facts, with a way back to the dashboard", async () => {
    const loading = deferred<void>();
    fakeApi.on(API.me, async () => {
      await loading.promise;
      return { user: account() };
    });
    await render(<ProfilePage />, "/business/profile");
    expect(screen.getByRole("status").textContent).toBe("Loading…");
    expect(heading()).toBe("Business Profile");
    await act(async () => loading.resolve());
    const card = await form("Business Profile");
    expect(card).not.toBeNull();
    expect(backLink().getAttribute("href")).toBe("/business/dashboard");
    expect(screen.getByRole("heading", { level: 2, name: "Business Profile" }).textContent).toBe("Business Profile");
    expect(within(card).getByLabelText<HTMLInputElement>(/^Business logo URL/).value).toBe("https://cdn.test/logo.png");
    expect(facts()).toEqual({ Email: "shop@example.com", "Account type": "Business", Status: "Pending approval" });
  });

  it("shows an influencer 'My Profile' with the Bank Account Information card", async () => {
    fakeApi.on(API.me, {
      user: account({
        id: testId(2),
        email: "creator@example.com",
        user_type: "influencer",
        status: "approved",
        business_name: null,
        business_logo_url: null,
      }),
    });
    await render(<ProfilePage />, "/influencer/profile");
    expect(heading()).toBe("My Profile");
    const card = await form("Bank Account Information");
    expect(card).not.toBeNull();
    expect(backLink().getAttribute("href")).toBe("/influencer/dashboard");
    expect(screen.getByRole("heading", { level: 2, name: "Bank Account Information" }).textContent).toBe(
      "Bank Account Information",
    );
    expect(screen.queryByLabelText(/^Business logo URL/)).toBeNull();
    expect(facts()).toEqual({ Email: "creator@example.com", "Account type": "Influencer", Status: "Approved" });
  });

  it("says when the account cannot be loaded and tries again", async () => {
    fakeApi.on(API.me, jsonResponse(500, {}));
    await render(<ProfilePage />, "/business/profile");
    await waitFor(() => expect(screen.getByRole("alert").textContent).toContain("Failed to load your account."));
    expect(screen.queryByRole("form")).toBeNull();
    fakeApi.on(API.me, { user: account() });
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await form("Business Profile")).not.toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows the account as saved from the server's answer, without reloading it", async () => {
    await render(<ProfilePage />, "/business/profile");
    const card = await form("Business Profile");
    const bankName = within(card).getByLabelText<HTMLInputElement>(/^Bank name/);
    fireEvent.change(bankName, { target: { value: "Wing Bank" } });
    fireEvent.click(screen.getByRole("button", { name: "Update Profile" }));
    expect(await screen.findByText("Profile updated.")).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole<HTMLButtonElement>("button", { name: "Update Profile" }).disabled).toBe(true),
    );
    expect(fakeApi.calls(API.updateProfile)).toHaveLength(1);
    expect(fakeApi.calls(API.me)).toHaveLength(1);
    expect(bankName.value).toBe("Wing Bank");
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Update Profile" }).disabled).toBe(true);
  });
});

describe("Where you're signed in", () => {
  const card = () => screen.findByRole("region", { name: "Where you're signed in" });

  it("lists the account's sessions, this device marked, and signs another one out", async () => {
    fakeApi.on(API.endSession, { message: "Signed out" });
    await render(<ProfilePage />, "/business/profile");
    const region = await card();
    await within(region).findByText("Firefox on Windows");
    const items = within(region).getAllByRole("listitem");
    expect(items.map((item) => item.querySelector(".sessions-card__name")?.textContent)).toEqual([
      "Chrome on Android",
      "Firefox on Windows",
    ]);
    expect(within(items[0]).getByText("This device")).toBeTruthy();
    // Only the other device has a Sign out of its own.
    expect(within(items[0]).queryByRole("button", { name: "Sign out" })).toBeNull();
    fireEvent.click(within(items[1]).getByRole("button", { name: "Sign out" }));
    await waitFor(() => expect(within(region).queryByText("Firefox on Windows")).toBeNull());
    expect(fakeApi.calls(API.endSession).map((call) => call.params.id)).toEqual([testId(72)]);
  });

  it("signs out everywhere: the server ends every session and this device forgets its tokens", async () => {
    localStorage.setItem("refresh_token", "refresh");
    localStorage.setItem("token", "a.b.c");
    fakeApi.on(API.logoutAll, { message: "Signed out on every device", ended: 2 });
    await render(<ProfilePage />, "/business/profile");
    fireEvent.click(within(await card()).getByRole("button", { name: "Sign out everywhere" }));
    await waitFor(() => expect(localStorage.getItem("token")).toBeNull());
    expect(localStorage.getItem("refresh_token")).toBeNull();
    expect(fakeApi.calls(API.logoutAll)).toHaveLength(1);
  });
});

describe("Change password", () => {
  const card = () => screen.findByRole("region", { name: "Change password" });

  async function fill(current: string, next: string, again: string) {
    const region = await card();
    fireEvent.change(within(region).getByLabelText(/^Current password/), { target: { value: current } });
    fireEvent.change(within(region).getByLabelText(/^New password \*/), { target: { value: next } });
    fireEvent.change(within(region).getByLabelText(/^New password again/), { target: { value: again } });
    fireEvent.click(within(region).getByRole("button", { name: "Change password" }));
    return region;
  }

  it("sends the current and the new password, then empties the form", async () => {
    fakeApi.on(API.changePassword, { message: "Password changed. You were signed out on your other devices." });
    await render(<ProfilePage />, "/business/profile");
    const region = await fill("longenough1", "kampot-pepper-2026", "kampot-pepper-2026");
    await waitFor(() => expect(fakeApi.calls(API.changePassword)).toHaveLength(1));
    expect(fakeApi.calls(API.changePassword)[0].body).toEqual({
      current_password: "longenough1",
      new_password: "kampot-pepper-2026",
    });
    await waitFor(() =>
      expect((within(region).getByLabelText(/^Current password/) as HTMLInputElement).value).toBe(""),
    );
  });

  it("says when the two new passwords differ, sending nothing, and shows the server's reason beside its input", async () => {
    fakeApi.on(API.changePassword, fail("invalid_input", "Current password is incorrect", "current_password"));
    await render(<ProfilePage />, "/business/profile");
    const region = await fill("longenough1", "kampot-pepper-2026", "kampot-pepper-2025");
    expect(await within(region).findByText("The two new passwords are not the same.")).toBeTruthy();
    expect(fakeApi.calls(API.changePassword)).toHaveLength(0);
    await fill("wrong", "kampot-pepper-2026", "kampot-pepper-2026");
    expect(await within(region).findByText("Current password is incorrect")).toBeTruthy();
  });
});
