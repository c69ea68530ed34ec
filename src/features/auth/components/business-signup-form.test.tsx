import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { API } from "@contract/routes.ts";
import { fakeApi } from "@/testing/fake-api.ts";
import { makeUser } from "@/testing/fixtures/users.ts";
import { render } from "@/testing/render.tsx";
import { fieldByLabel } from "@/testing/queries.ts";
import { BusinessSignupForm } from "./business-signup-form.tsx";

beforeEach(() => {
  fakeApi.on(API.registerBusiness, ({ body }) => ({
    // A token the SPA can read; its signature is the server's business.
    token: `x.${btoa(JSON.stringify({ sub: "u", exp: 4102444800 }))}.y`,
    refresh_token: "refresh",
    expires_at: 4102444800,
    user: makeUser({ email: body.email, status: "pending_approval", business_name: body.business_name }),
    message: "Registration successful! Your account is pending admin approval.",
  }));
});

afterEach(() => {
  localStorage.clear();
});

/** The input labelled `label` (a required one's label ends in its mark, " *"). */
const field = (label: string) => fieldByLabel(label);
const posts = () => fakeApi.calls(API.registerBusiness);

function fillAllBut(skip?: string) {
  const values: Record<string, string> = {
    "Shop name": "  Sokha Silk ",
    Email: "shop@example.com",
    Password: "longenough1",
    "Social media page URL": "https://www.facebook.com/sokha.silk",
    "Store phone number": "012 345 678",
  };
  for (const [label, value] of Object.entries(values)) {
    if (label !== skip) fireEvent.change(field(label), { target: { value } });
  }
}

describe("Business signup", () => {
  it("asks for the shop name first, as a required field", async () => {
    const { container } = await render(<BusinessSignupForm />);
    const labels = [...container.querySelectorAll("label")].map((label) => label.textContent?.replace(" *", ""));
    expect(labels[0]).toBe("Shop name");
    expect(field("Shop name").required).toBe(true);
    expect(field("Shop name").maxLength).toBe(100);
  });

  it("refuses to send the form without a shop name", async () => {
    await render(<BusinessSignupForm />);
    fillAllBut("Shop name");
    fireEvent.click(screen.getByRole("button", { name: /Register/ }));
    expect(await screen.findByText("All fields are required.")).toBeTruthy();
    expect(posts()).toHaveLength(0);
  });

  it("sends the shop name, trimmed, with the rest", async () => {
    await render(<BusinessSignupForm />);
    fillAllBut();
    fireEvent.click(screen.getByRole("button", { name: /Register/ }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0].body).toMatchObject({
      business_name: "Sokha Silk",
      email: "shop@example.com",
      store_phone: "+85512345678",
    });
  });
});
