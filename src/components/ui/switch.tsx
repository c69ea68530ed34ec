// An on/off switch (WAI-ARIA role=switch): a button whose state is aria-checked, with a visible
// label and an optional visible state word ("On"/"Off", hidden from assistive technology, which
// reads the checked state instead).
import type { ReactNode } from "react";
import { cx } from "@/lib/class-names.ts";
import { Spinner } from "./spinner.tsx";

interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ReactNode;
  stateText?: ReactNode;
  /** True while the change is being saved (the switch is then disabled). */
  busy?: boolean;
  disabled?: boolean;
  className?: string;
}

export function Switch({ checked, onChange, label, stateText, busy = false, disabled, className }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-busy={busy || undefined}
      disabled={disabled || busy}
      className={cx("switch", checked && "switch--on", className)}
      onClick={() => onChange(!checked)}
    >
      <span className="switch__track" aria-hidden="true">
        <span className="switch__thumb">{busy && <Spinner size="sm" />}</span>
      </span>
      <span className="switch__label">{label}</span>
      {stateText && (
        <span className="switch__state" aria-hidden="true">
          {stateText}
        </span>
      )}
    </button>
  );
}
