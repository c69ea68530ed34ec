// Finding a form field by the label a user reads. A required field's label ends in " *", hidden
// from screen readers (src/components/ui/form-field.tsx), so it is no part of the field's name;
// Testing Library matches a label's whole text, so every query would otherwise have to allow it.
import { screen, within } from "@testing-library/react";

const withoutRequiredMark = (text: string) => text.trim().replace(/\s+/g, " ").replace(/ \*$/, "");

/** The field labelled exactly `label` (inside `container` when given); throws when there is none. */
export function fieldByLabel<T extends HTMLElement = HTMLInputElement>(label: string, container?: HTMLElement): T {
  return (container ? within(container) : screen).getByLabelText<T>(label, { normalizer: withoutRequiredMark });
}

/** The field labelled exactly `label`, or null when there is none. */
export function queryFieldByLabel<T extends HTMLElement = HTMLInputElement>(
  label: string,
  container?: HTMLElement,
): T | null {
  return (container ? within(container) : screen).queryByLabelText<T>(label, { normalizer: withoutRequiredMark });
}
