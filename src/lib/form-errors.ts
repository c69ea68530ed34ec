// Turns a zod validation failure (from the schemas shared with the server) into one message per
// field, shown next to the field.
import type { z } from "zod";
import { tServer } from "./i18n/index.ts";

export type FieldErrors = Partial<Record<string, string>>;

export function fieldErrorsFrom(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "");
    if (field && !errors[field]) errors[field] = tServer(issue.message);
  }
  return errors;
}

/** True when any of the values is empty after trimming. */
export function hasEmptyField(values: Record<string, string>, fields: readonly string[]): boolean {
  return fields.some((field) => !values[field]?.trim());
}
