import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeUser } from "@/testing/fixtures/users.ts";
import { buttonByText, click, render, typeInto, until, type Rendered } from "@/testing/render.tsx";
import { BusinessSignupForm } from "./business-signup-form.tsx";
import { json } from "@/testing/http.ts";

let fetchMock: ReturnType<typeof vi.fn>;
let view: Rendered;

beforeEach(() => {
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.endsWith("/auth/register/business") && init?.method === "POST") {
      const body = JSON.parse(String(init.body)) as { email: string; business_name: string };
      return json(201, {
        // A token the SPA can read; its signature is the server's business.
        token: `x.${btoa(JSON.stringify({ sub: "u", exp: 4102444800 }))}.y`,
        user: makeUser({ email: body.email, status: "pending_approval", business_name: body.business_name }),
        message: "Registration successful! Your account is pending admin approval.",
      });
    }
    return json(404, {});
  });
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  view?.unmount();
  vi.unstubAllGlobals();
  localStorage.clear();
  document.body.innerHTML = "";
});

const field = (name: string) => view.container.querySelector<HTMLInputElement>(`input[name="${name}"]`);
const posts = () => fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === "POST");

async function fillAllBut(skip?: string) {
  const values: Record<string, string> = {
    business_name: "  Sokha Silk ",
    email: "shop@example.com",
    password: "longenough1",
    social_media_page: "https://www.facebook.com/sokha.silk",
    store_phone: "012 345 678",
  };
  for (const [name, value] of Object.entries(values)) if (name !== skip) await typeInto(field(name), value);
}

describe("Business signup", () => {
  it("asks for the shop name first, as a required field", async () => {
    view = await render(<BusinessSignupForm />);
    const labels = [...view.container.querySelectorAll("label")].map((label) => label.textContent?.replace(" *", ""));
    expect(labels[0]).toBe("Shop name");
    expect(field("business_name")?.required).toBe(true);
    expect(field("business_name")?.maxLength).toBe(100);
  });

  it("refuses to send the form without a shop name", async () => {
    view = await render(<BusinessSignupForm />);
    await fillAllBut("business_name");
    await click(buttonByText(view.container, /Register/));
    expect(view.container.textContent).toContain("All fields are required.");
    expect(posts()).toHaveLength(0);
  });

  it("sends the shop name, trimmed, with the rest", async () => {
    view = await render(<BusinessSignupForm />);
    await fillAllBut();
    await click(buttonByText(view.container, /Register/));
    await until(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(String((posts()[0][1] as RequestInit).body))).toMatchObject({
      business_name: "Sokha Silk",
      email: "shop@example.com",
      store_phone: "+85512345678",
    });
  });
});
