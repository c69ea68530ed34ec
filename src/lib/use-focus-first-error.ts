// After a failed submit, moves keyboard focus to the first invalid field of the form so keyboard
// and screen reader users land on what needs fixing.
import { useEffect, type RefObject } from "react";

export function useFocusFirstError(form: RefObject<HTMLFormElement | null>, errors: object) {
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, errors]);
}
