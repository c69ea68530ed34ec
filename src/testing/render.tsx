// Test helper: renders a tree into jsdom with React's act(), inside the app's providers and a
// memory router, and lets tests wait for async updates.
import { act, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { AppProvider } from "@/app/provider.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface Rendered {
  container: HTMLElement;
  unmount: () => void;
}

export async function render(ui: ReactNode, path = "/"): Promise<Rendered> {
  const container = document.createElement("div");
  document.body.append(container);
  let root: Root | null = null;
  const router = createMemoryRouter([{ path: "*", element: ui }], { initialEntries: [path] });
  await act(async () => {
    root = createRoot(container);
    root.render(
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>,
    );
  });
  return {
    container,
    unmount: () => {
      act(() => root?.unmount());
      container.remove();
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
