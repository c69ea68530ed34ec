// The one way every form shows what is wrong with a field: a message next to the input, from the
// shared zod schema before sending or from the server's `field` after, and keyboard focus on the
// first invalid input. A server `field` finds its input through one mapping, inputForServerField:
// the input of the same name, or the alias a form declares when its inputs are named otherwise
// (the checkout's `phone` for `customer_phone`).
import { useEffect, useRef, useState, type RefObject } from "react";
import type { z } from "zod";
import { ApiError } from "./api-client.ts";
import { tServer } from "./i18n/index.ts";

export type FieldMessages<F extends string> = Partial<Record<F, string>>;

/** The form input a server `field` names, or null when it names none of them. */
export function inputForServerField<F extends string>(
  field: string | null | undefined,
  inputs: readonly F[],
  aliases: Partial<Record<string, F>> = {},
): F | null {
  if (!field) return null;
  const input = aliases[field] ?? field;
  return (inputs as readonly string[]).includes(input) ? (input as F) : null;
}

/** One message per input from a failed parse of a shared schema (the first issue of each). */
export function messagesFromSchema<F extends string>(
  error: z.ZodError,
  inputs: readonly F[],
  aliases: Partial<Record<string, F>> = {},
): FieldMessages<F> {
  const messages: FieldMessages<F> = {};
  for (const issue of error.issues) {
    const input = inputForServerField(String(issue.path[0] ?? ""), inputs, aliases);
    if (input && !messages[input]) messages[input] = tServer(issue.message);
  }
  return messages;
}

export interface FieldErrors<F extends string> {
  errors: FieldMessages<F>;
  /** The form element: the first input marked invalid gets focus after errors are shown. */
  formRef: RefObject<HTMLFormElement | null>;
  /** Replaces the shown messages (none clears them all). */
  show(messages?: FieldMessages<F>): void;
  /** Shows a failed parse of a shared schema next to the inputs; true when any input got a message. */
  fromSchema(error: z.ZodError): boolean;
  /**
   * Shows a failed request next to the input its `field` names (with `message`, else the
   * server's); false when it names no input, for the caller to show above the form.
   */
  fromServer(error: unknown, message?: string): boolean;
  /** Forgets one input's message, as its value changes. */
  clear(input: F): void;
}

export function useFieldErrors<F extends string>(
  inputs: readonly F[],
  aliases: Partial<Record<string, F>> = {},
): FieldErrors<F> {
  const [errors, setErrors] = useState<FieldMessages<F>>({});
  const formRef = useRef<HTMLFormElement>(null);

  // After a failed submit, keyboard and screen reader users land on what needs fixing.
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  return {
    errors,
    formRef,
    show: (messages = {}) => setErrors(messages),
    fromSchema(error) {
      const messages = messagesFromSchema(error, inputs, aliases);
      setErrors(messages);
      return Object.keys(messages).length > 0;
    },
    fromServer(error, message) {
      const input = error instanceof ApiError ? inputForServerField(error.field, inputs, aliases) : null;
      if (!input) return false;
      setErrors({ [input]: message ?? (error as ApiError).message } as FieldMessages<F>);
      return true;
    },
    clear: (input) =>
      setErrors((current) => {
        if (!current[input]) return current;
        const rest = { ...current };
        delete rest[input];
        return rest;
      }),
  };
}
