import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { API } from "@contract/routes.ts";
import { fail, fakeApi } from "@/testing/fake-api.ts";
import { render } from "@/testing/render.tsx";
import { fieldByLabel } from "@/testing/queries.ts";
import { ForgotPasswordForm } from "./forgot-password-form.tsx";
import { ResetPasswordForm } from "./reset-password-form.tsx";

describe("Forgot password", () => {
  it("asks for the link in the page's language and says where it went", async () => {
    fakeApi.on(API.requestPasswordReset, () => new Response(JSON.stringify({ message: "sent" }), { status: 202 }));
    await render(<ForgotPasswordForm />, "/forgot-password");
    await screen.findByRole("button", { name: "Send the link" });
    fireEvent.change(fieldByLabel("Email"), { target: { value: "Shop@Example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Send the link" }));
    expect(await screen.findByText(/we have sent it a link to choose a new password/)).toBeTruthy();
    expect(fakeApi.calls(API.requestPasswordReset)[0].body).toEqual({ email: "shop@example.com", language: "en" });
  });
});

describe("Choose a new password", () => {
  it("says a link without its token is not complete, sending nothing", async () => {
    await render(<ResetPasswordForm />, "/reset-password");
    expect(await screen.findByText(/This link is not complete/)).toBeTruthy();
  });

  it("checks the two passwords match, then sends the token and shows the server's refusal", async () => {
    fakeApi.on(
      API.confirmPasswordReset,
      fail(
        "invalid_input",
        "This link to choose a new password has expired or was already used. Ask for a new one",
        "token",
      ),
    );
    await render(<ResetPasswordForm />, "/reset-password?token=abc");
    await screen.findByRole("button", { name: "Save the new password" });
    fireEvent.change(fieldByLabel("New password"), { target: { value: "kampot-pepper-2026" } });
    fireEvent.change(fieldByLabel("New password again"), { target: { value: "kampot-pepper-2025" } });
    fireEvent.click(screen.getByRole("button", { name: "Save the new password" }));
    expect(await screen.findByText("The two new passwords are not the same.")).toBeTruthy();
    expect(fakeApi.calls(API.confirmPasswordReset)).toHaveLength(0);

    fireEvent.change(fieldByLabel("New password again"), { target: { value: "kampot-pepper-2026" } });
    fireEvent.click(screen.getByRole("button", { name: "Save the new password" }));
    expect(await screen.findByText(/has expired or was already used/)).toBeTruthy();
    await waitFor(() =>
      expect(fakeApi.calls(API.confirmPasswordReset)[0].body).toEqual({
        token: "abc",
        new_password: "kampot-pepper-2026",
      }),
    );
  });
});
