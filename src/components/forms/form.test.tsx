import { afterEach, describe, expect, it, vi } from "vitest";
import type { FormEvent } from "react";
import { TextField } from "@/components/ui/index.ts";
import { click, render, typeInto, type Rendered } from "@/testing/render.tsx";
import { EmailField, Form, PasswordField, SubmitButton, useForm } from "./form.tsx";

let view: Rendered;

afterEach(() => {
  view?.unmount();
  document.body.innerHTML = "";
});

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

const input = (name: string) => view.container.querySelector<HTMLInputElement>(`input[name="${name}"]`);
const button = () => view.container.querySelector<HTMLButtonElement>('button[type="submit"]');

describe("form pieces", () => {
  it("binds each input's value by its name and validates in the app, not the browser", async () => {
    const onValues = vi.fn();
    view = await render(<Sample onValues={onValues} />);
    expect(view.container.querySelector("form")?.noValidate).toBe(true);
    await typeInto(input("email"), "a@example.com");
    await typeInto(input("name"), "Dara");
    expect(input("email")?.value).toBe("a@example.com");
    await click(button());
    expect(onValues).toHaveBeenCalledWith({ email: "a@example.com", name: "Dara" });
  });

  it("shows an input's message next to it, marks it invalid and moves focus to it", async () => {
    view = await render(<Sample />);
    await click(button());
    expect(input("email")?.getAttribute("aria-invalid")).toBe("true");
    expect(view.container.textContent).toContain("Enter your email.");
    expect(document.activeElement).toBe(input("email"));
    expect(input("name")?.getAttribute("aria-invalid")).not.toBe("true");
  });

  it("shows the summary above the inputs only when there is one", async () => {
    view = await render(<Sample />);
    expect(view.container.querySelector('[role="alert"], .alert')).toBeNull();
    view.unmount();
    view = await render(<Sample error="Login failed: no" />);
    const form = view.container.querySelector("form");
    expect(form?.firstElementChild?.textContent).toContain("Login failed: no");
  });

  it("says the submit is working and refuses a second one while pending", async () => {
    view = await render(<Sample pending />);
    expect(button()?.textContent).toContain("Sending…");
    expect(button()?.disabled).toBe(true);
    expect(button()?.getAttribute("aria-busy")).toBe("true");
    view.unmount();
    view = await render(<Sample />);
    expect(button()?.textContent).toBe("Send");
    expect(button()?.disabled).toBe(false);
  });

  it("gives email and password inputs their type, keyboard, autofill and required mark", async () => {
    view = await render(
      <form>
        <EmailField label="Email" name="email" />
        <PasswordField label="Password" name="password" autoComplete="current-password" hint="8 or more" />
      </form>,
    );
    expect(input("email")?.type).toBe("email");
    expect(input("email")?.getAttribute("inputmode")).toBe("email");
    expect(input("email")?.getAttribute("autocomplete")).toBe("email");
    expect(input("email")?.required).toBe(true);
    expect(input("password")?.type).toBe("password");
    expect(input("password")?.getAttribute("autocomplete")).toBe("current-password");
    expect(input("password")?.required).toBe(true);
    expect(input("password")?.getAttribute("aria-describedby")).toMatch(/-hint$/);
  });
});
