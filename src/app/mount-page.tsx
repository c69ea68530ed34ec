// How a page of its own (checkout.html, rider.html, store.html) starts: its app in the page's
// #root, in React's strict mode.
import { StrictMode, type ReactNode } from "react";
import { createRoot } from "react-dom/client";

/** Renders `app` into the #root of `page` (named in the error when the page has none). */
export function mountPage(page: string, app: ReactNode): void {
  const root = document.getElementById("root");
  if (!root) throw new Error(`${page} has no #root element`);
  createRoot(root).render(<StrictMode>{app}</StrictMode>);
}
