import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { FormEvent } from "react";
import { TextField } from "@/components/ui/index.ts";
import { render } from "@/testing/render.tsx";
import { fieldByLabel } from "@/testing/queries.ts";
import { EmailField, Form, PasswordField, SubmitButton, useForm } from "./form.tsx";

function Sample({ pending = false, error = null as string | null, onValues = (_: object) => {} }) {
  const { values, field, formRef, ...fieldErrors } = useForm({ email: "", name: "" }, ["email", "name"]);
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    onValues(values);
    fieldErrors.show(values.email ? {} : { email: "Enter your email." });
  }
  return (
    <Form onSubmit={onSubmit} formRef={formRef} error={error}>
      <TextField label="Email" {...field("email")} />
      <TextField label="Name" {...field("name")} />
      <SubmitButton pending={pending} label="Send" pendingLabel="Sending…" />
    </Form>
  );
}

/** The input labelled `label` (a required one's label ends in its mark, " *"). */
const input = (label: string) => fieldByLabel(label);

describe("form pieces", () => {
  it("binds each input's value by its name and validates in the app, not the browser", async () => {
    const onValues = vi.fn();
    const { container } = await render(<Sample onValues={onValues} />);
    expect(container.querySelector("form")?.noValidate).toBe(true);
    fireEvent.change(input("Email"), { target: { value: "a@example.com" } });
    fireEvent.change(input("Name"), { target: { value: "Dara" } });
    expect(input("Email").value).toBe("a@example.com");
    expect(input("Email").name).toBe("email");
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(onValues).toHaveBeenCalledWith({ email: "a@example.com", name: "Dara" });
  });

  it("shows an input's message next to it, marks it invalid and moves focus to it", async () => {
    await render(<Sample />);
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(input("Email").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Enter your email.")).toBeTruthy();
    expect(document.activeElement).toBe(input("Email"));
    expect(input("Name").getAttribute("aria-invalid")).not.toBe("true");
  });

  it("shows the summary above the inputs only when there is one", async () => {
    const without = await render(<Sample />);
    expect(without.container.querySelector('[role="alert"], .alert')).toBeNull();
    const withError = await render(<Sample error="Login failed: no" />);
    const form = withError.container.querySelector("form");
    expect(form?.firstElementChild?.textContent).toContain("Login failed: no");
  });

  it("says the submit is working and refuses a second one while pending", async () => {
    const pending = await render(<Sample pending />);
    const busy = within(pending.container).getByRole<HTMLButtonElement>("button");
    expect(busy.textContent).toContain("Sending…");
    expect(busy.disabled).toBe(true);
    expect(busy.getAttribute("aria-busy")).toBe("true");
    const idle = await render(<Sample />);
    const send = within(idle.container).getByRole<HTMLButtonElement>("button");
    expect(send.textContent).toBe("Send");
    expect(send.disabled).toBe(false);
  });

  it("gives email and password inputs their type, keyboard, autofill and required mark", async () => {
    await render(
      <form>
        <EmailField label="Email" name="email" />
        <PasswordField label="Password" name="password" autoComplete="current-password" hint="8 or more" />
      </form>,
    );
    const email = input("Email");
    const password = input("Password");
    expect(email.type).toBe("email");
    expect(email.getAttribute("inputmode")).toBe("email");
    expect(email.getAttribute("autocomplete")).toBe("email");
    expect(email.required).toBe(true);
    expect(password.type).toBe("password");
    expect(password.getAttribute("autocomplete")).toBe("current-password");
    expect(password.required).toBe(true);
    expect(password.getAttribute("aria-describedby")).toMatch(/-hint$/);
  });
});
