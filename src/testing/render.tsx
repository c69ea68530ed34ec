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
