// An audit entry's details as lines a person reads: each changed column as "before → after", then
// the reason, then what names the target (an email, an order number). Pure, so the table stays thin.
import type { AuditEntry } from "@contract/audit.ts";

export interface Change {
  field: string;
  before: unknown;
  after: unknown;
}

export interface Fact {
  key: string;
  value: unknown;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** Every column in before or after, in the order the entry lists them. */
export function changesOf(details: AuditEntry["details"]): Change[] {
  const before = record(details.before);
  const after = record(details.after);
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.map((field) => ({ field, before: before[field] ?? null, after: after[field] ?? null }));
}

/** What else the entry holds besides the change and the reason. */
export function factsOf(details: AuditEntry["details"]): Fact[] {
  return Object.entries(details)
    .filter(([key, value]) => !["before", "after", "reason"].includes(key) && value !== null && value !== undefined)
    .map(([key, value]) => ({ key, value }));
}

/** Columns holding cents, shown as dollars. */
export const CENTS_FIELDS = new Set(["fee_cents", "amount_cents"]);
