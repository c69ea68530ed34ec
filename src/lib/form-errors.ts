// The signup forms' first check (docs/product.md, "When something fails"): any required field left
// empty gives the one message 'All fields are required.' before anything else is checked.

/** True when any of the values is empty after trimming. */
export function hasEmptyField(values: Record<string, string>, fields: readonly string[]): boolean {
  return fields.some((field) => !values[field]?.trim());
}
