// The rider's page's own entry (rider.html, served at /rider/<token>): what a courier's rider opens
// from the link an admin sent, on a cheap phone and often on a weak signal. No router, no accounts,
// no realtime: only the page, light like the checkout.
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RiderApp } from "./app/rider-app.tsx";
import "./styles/khmer-font.css";
import "./styles/global.css";
import "./components/ui/ui.css";

const root = document.getElementById("root");
if (!root) throw new Error("rider.html has no #root element");

createRoot(root).render(
  <StrictMode>
    <RiderApp />
  </StrictMode>,
);
