import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/index.tsx";
import { loadServerMessages } from "./lib/i18n/index.ts";
import "./styles/khmer-font.css";
import "./styles/global.css";
import "./components/ui/ui.css";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

// The app's forms show the shared schemas' messages at once, and those are English like the
// server's: their Khmer comes with the server-messages catalog (nothing to fetch in English).
void loadServerMessages().catch(() => undefined);

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
