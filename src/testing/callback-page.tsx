// Test helper for the pages Meta sends the influencer back to (Instagram's, Facebook's): the page
// under React's strict mode, as the app runs it (effects run twice), at its path beside a dashboard
// to land on, with the address it shows (hash included) read out.
import { StrictMode, type ReactNode } from "react";
import { Route, Routes, useLocation } from "react-router-dom";
import { render, type Rendered } from "./render.tsx";

/** Where the browser is, hash included: `screen.getByRole("status", { name: "address" })`. */
function Address() {
  const location = useLocation();
  return <output aria-label="address">{`${location.pathname}${location.search}${location.hash}`}</output>;
}

/** Opens `page` at `path` + `search`; the dashboard says "The dashboard". */
export function renderCallbackPage(path: string, search: string, page: ReactNode): Promise<Rendered> {
  return render(
    <Routes>
      <Route
        path={path}
        element={
          <StrictMode>
            {page}
            <Address />
          </StrictMode>
        }
      />
      <Route path="/influencer/dashboard" element={<p>The dashboard</p>} />
    </Routes>,
    `${path}${search}`,
  );
}
