import type { ComponentProps, ReactNode } from "react";
import { cx } from "@/lib/class-names.ts";
import { Spinner } from "./spinner.tsx";

export type ButtonVariant =
  "primary" | "secondary" | "outline" | "outline-light" | "ghost" | "danger" | "success" | "accent";
export type ButtonSize = "sm" | "md" | "lg";

export interface StyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
}

export function buttonClass({ variant = "primary", size = "md", block }: StyleProps, className?: string) {
  return cx("btn", `btn--${variant}`, `btn--${size}`, block && "btn--block", className);
}

interface ButtonProps extends ComponentProps<"button">, StyleProps {
  /** Shows a spinner and disables the button while an action runs. */
  loading?: boolean;
  icon?: ReactNode;
}

export function Button({
  variant,
  size,
  block,
  loading = false,
  icon,
  className,
  children,
  disabled,
  type = "button",
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={buttonClass({ variant, size, block }, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading ? <Spinner size="sm" /> : icon}
      {children}
    </button>
  );
}
