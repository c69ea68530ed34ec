import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { cx } from "@/lib/class-names.ts";

interface FieldShellProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  required?: boolean;
  children: ReactNode;
}

function FieldShell({ id, label, hint, error, required, children }: FieldShellProps) {
  return (
    <div className={cx("field", error && "field--invalid")}>
      <label className="field__label" htmlFor={id}>
        {label}
        {required && (
          <span className="field__required" aria-hidden="true">
            {" *"}
          </span>
        )}
      </label>
      {children}
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "prefix"> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  id?: string;
  /** Text shown fixed before the input (an address the value completes: "shop.example.com/s/"). */
  prefix?: string;
}

/** A labelled input with an optional hint and an error linked for assistive technology. */
export function TextField({ label, hint, error, id, required, className, prefix, ...input }: TextFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  const control = (
    <input
      {...input}
      id={fieldId}
      required={required}
      className={cx("field__control", className)}
      aria-invalid={error ? true : undefined}
      aria-describedby={cx(prefix && `${fieldId}-prefix`, describedBy(fieldId, hint, error)) || undefined}
    />
  );
  return (
    <FieldShell id={fieldId} label={label} hint={hint} error={error} required={required}>
      {prefix ? (
        <div className="field__group">
          <span className="field__prefix" id={`${fieldId}-prefix`}>
            {prefix}
          </span>
          {control}
        </div>
      ) : (
        control
      )}
    </FieldShell>
  );
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  id?: string;
  options: readonly { value: string; label: string }[];
}

export function SelectField({ label, hint, error, id, required, options, className, ...select }: SelectFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldShell id={fieldId} label={label} hint={hint} error={error} required={required}>
      <select
        {...select}
        id={fieldId}
        required={required}
        className={cx("field__control", "field__control--select", className)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, hint, error)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  id?: string;
}

/** A labelled multi-line input, like TextField. */
export function TextAreaField({
  label,
  hint,
  error,
  id,
  required,
  className,
  rows = 4,
  ...textarea
}: TextAreaFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldShell id={fieldId} label={label} hint={hint} error={error} required={required}>
      <textarea
        {...textarea}
        id={fieldId}
        rows={rows}
        required={required}
        className={cx("field__control", "field__control--textarea", className)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, hint, error)}
      />
    </FieldShell>
  );
}
