// The checkout's own entry (checkout.html, served at /checkout): what a customer on a phone loads
// from an influencer's link. No router, no accounts, no realtime: only the checkout, so the first
// visit stays under 100 KB of JavaScript.
// First: it starts the product's API call and photo while the rest loads its texts.
import "./features/checkout/api/early-checkout-info.ts";
import { mountPage } from "./app/mount-page.tsx";
import { CheckoutApp } from "./app/checkout-app.tsx";
import "./styles/khmer-font.css";
import "./styles/global.css";
import "./components/ui/ui.css";

mountPage("checkout.html", <CheckoutApp />);
