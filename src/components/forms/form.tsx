// The pieces every submit form is built from: its values bound to inputs with their messages, the
// form element with the summary of what went wrong above its inputs, and the submit button that
// says it is working while the request runs. Messages come from useFieldErrors (src/lib).
import { useState, type FormEvent, type ReactNode, type RefObject } from "react";
import { useFieldErrors, type FieldErrors } from "@/lib/use-field-errors.ts";
import { Alert, Button, TextField, type TextFieldProps } from "@/components/ui/index.ts";

/** What a TextField or SelectField needs to show one input of the form. */
export interface BoundField<F extends string> {
  name: F;
  value: string;
  onChange(event: { target: { value: string } }): void;
  error: string | undefined;
}

export interface FormState<F extends string, V extends Record<F, string>> extends FieldErrors<F> {
  values: V;
  /** The props of the input named `name`: its value, its change handler and its message. */
  field(name: F): BoundField<F>;
}

/** The values of a form's inputs (all strings) and their messages. */
export function useForm<F extends string, V extends Record<F, string>>(
  initial: V,
  inputs: readonly F[],
): FormState<F, V> {
  const [values, setValues] = useState<V>(initial);
  const fieldErrors = useFieldErrors(inputs);
  return {
    ...fieldErrors,
    values,
    field: (name) => ({
      name,
      value: values[name],
      onChange: (event) => setValues((current) => ({ ...current, [name]: event.target.value })),
      error: fieldErrors.errors[name],
    }),
  };
}

interface FormProps {
  onSubmit(event: FormEvent): void;
  formRef: RefObject<HTMLFormElement | null>;
  /** The summary above the inputs: what failed and is not about one input. */
  error?: string | null;
  children: ReactNode;
}

/** The form element, validated by us (noValidate), with the error summary above its inputs. */
export function Form({ onSubmit, formRef, error, children }: FormProps) {
  return (
    <form className="form" onSubmit={onSubmit} noValidate ref={formRef}>
      {error && <Alert tone="danger">{error}</Alert>}
      {children}
    </form>
  );
}

interface SubmitButtonProps {
  pending: boolean;
  label: ReactNode;
  pendingLabel: ReactNode;
}

/** The form's one full-width submit button, busy and saying so while the request runs. */
export function SubmitButton({ pending, label, pendingLabel }: SubmitButtonProps) {
  return (
    <Button type="submit" block size="lg" loading={pending}>
      {pending ? pendingLabel : label}
    </Button>
  );
}

type FieldProps = Omit<TextFieldProps, "type" | "required">;

/** The required email input: the email keyboard, and the address the browser knows filled in. */
export function EmailField(props: FieldProps) {
  return <TextField type="email" autoComplete="email" inputMode="email" required {...props} />;
}

/** The required password input; autoComplete says whether it is a new one or the current one. */
export function PasswordField(props: FieldProps & { autoComplete: "new-password" | "current-password" }) {
  return <TextField type="password" required {...props} />;
}
