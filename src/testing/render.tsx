// Test helper: renders a tree with Testing Library inside the app's providers (with a fresh query
// cache each time, so no test sees another's data) and a memory router at `path`. Tests query and
// act through @testing-library/react (screen, waitFor, fireEvent); src/testing/setup.ts unmounts
// after each test.
import { act, type ReactNode } from "react";
import { render as renderTree } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import type { QueryClient } from "@tanstack/react-query";
import { AppProvider } from "@/app/provider.tsx";
import { createQueryClient } from "@/lib/query-client.ts";

export interface Rendered {
  container: HTMLElement;
  /** The cache this render uses. */
  queryClient: QueryClient;
  unmount: () => void;
}

/** Renders `ui` at `path`; pass `queryClient` to start from a cache the test filled. */
export async function render(ui: ReactNode, path = "/", queryClient = createQueryClient()): Promise<Rendered> {
  const router = createMemoryRouter([{ path: "*", element: ui }], { initialEntries: [path] });
  const view = renderTree(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  // The first effects (the queries' fetches starting) run before the test goes on.
  await act(async () => undefined);
  return {
    container: view.container,
    queryClient,
    unmount: () => {
      view.unmount();
      queryClient.clear();
    },
  };
}

/** Lets pending promises and timers of 0 ms run, inside act(). */
export async function settle(rounds = 5) {
  for (let i = 0; i < rounds; i++) await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
}

/** Waits until `check` passes (it throws until then), letting React update in between. */
export async function until(check: () => void, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
    }
  }
}

export async function click(element: Element | null | undefined) {
  if (!element) throw new Error("nothing to click");
  await act(async () => {
    (element as HTMLElement).click();
  });
}

export function buttonByText(container: HTMLElement, text: string | RegExp): HTMLButtonElement | undefined {
  return [...container.querySelectorAll("button")].find((button) =>
    typeof text === "string" ? button.textContent?.trim() === text : text.test(button.textContent ?? ""),
  );
}

/** Types `value` into an input or textarea as a user would, so React's onChange sees it. */
export async function typeInto(element: Element | null | undefined, value: string) {
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) {
    throw new Error("nothing to type into");
  }
  const prototype = element instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(prototype, "value")!.set!.call(element, value);
    element.dispatchEvent(new Event("input", { bubbles: true }));
  });
}
