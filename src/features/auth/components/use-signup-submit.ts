// The one submit of both signup forms (docs/product.md, "When something fails"): an empty
// required field gives 'All fields are required.' before anything else; then the shared schema's
// messages next to the inputs; then the request, whose failure goes next to the input the server
// names or above the form. Success stores the token, says so and opens the user's dashboard.
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import type { z } from "zod";
import { errorMessage } from "@/lib/api-client.ts";
import { hasEmptyField } from "@/lib/form-errors.ts";
import { setTokens, type SessionTokens } from "@/lib/token.ts";
import type { FieldErrors } from "@/lib/use-field-errors.ts";
import { useToast } from "@/components/ui/index.ts";
import { t } from "@/features/auth/i18n.ts";

interface SignupSubmit<F extends string, T> {
  values: Record<F, string>;
  requiredFields: readonly F[];
  fieldErrors: Pick<FieldErrors<F>, "show" | "fromSchema" | "fromServer">;
  schema: z.ZodType<T>;
  register(body: T): Promise<SessionTokens>;
  successText: string;
  /** Where the new user lands. */
  next: string;
  /** The message when the server gives none. */
  failedDefault: string;
  /** The toast of a failure, when the form shows one. */
  failedToast?(message: string): string;
}

/** The form-level message (or null) and the submit handler of a signup form. */
export function useSignupSubmit<F extends string, T>(options: SignupSubmit<F, T>) {
  const navigate = useNavigate();
  const toast = useToast();
  const [formError, setFormError] = useState<string | null>(null);
  const { values, requiredFields, fieldErrors, schema } = options;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    fieldErrors.show();
    setFormError(null);
    if (hasEmptyField({ ...values }, requiredFields)) {
      setFormError(t("errors.allFieldsRequired"));
      return;
    }
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      fieldErrors.fromSchema(parsed.error);
      return;
    }
    try {
      setTokens(await options.register(parsed.data));
      toast.success(options.successText);
      navigate(options.next, { replace: true });
    } catch (error) {
      const message = errorMessage(error, options.failedDefault);
      if (!fieldErrors.fromServer(error, message)) setFormError(message);
      if (options.failedToast) toast.error(options.failedToast(message));
    }
  }

  return { formError, onSubmit };
}
