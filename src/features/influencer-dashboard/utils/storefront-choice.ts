// The storefront's products as the influencer edits them before saving: which of their approved
// links it shows, in what order. PUT /affiliate-links/storefront takes exactly this list of ids.
import type { AffiliateLink } from "@contract/links.ts";

/** The links a storefront may show: the approved ones (one of a closed campaign stays, hidden while closed). */
export function choosableLinks(links: readonly AffiliateLink[]): AffiliateLink[] {
  return links.filter((link) => link.status === "approved");
}

/** The ids among `ids` that are still choosable, in their order (a link no longer approved drops out). */
export function keepChoosable(ids: readonly string[], links: readonly AffiliateLink[]): string[] {
  const known = new Set(links.map((link) => link.id));
  return ids.filter((id) => known.has(id));
}

/** `ids` with `id` shown (added last) or hidden (taken out). */
export function toggleChosen(ids: readonly string[], id: string, shown: boolean): string[] {
  const rest = ids.filter((other) => other !== id);
  return shown ? [...rest, id] : rest;
}

/** `ids` with `id` one place earlier (-1) or later (+1); unchanged at either end. */
export function moveChosen(ids: readonly string[], id: string, step: -1 | 1): string[] {
  const from = ids.indexOf(id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= ids.length) return [...ids];
  const moved = [...ids];
  [moved[from], moved[to]] = [moved[to], moved[from]];
  return moved;
}

/** Whether two lists hold the same ids in the same order. */
export function sameOrder(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}
