// The rider's page's own entry (rider.html, served at /rider/<token>): what a courier's rider opens
// from the link an admin sent, on a cheap phone and often on a weak signal. No router, no accounts,
// no realtime: only the page, light like the checkout.
import { mountPage } from "./app/mount-page.tsx";
import { RiderApp } from "./app/rider-app.tsx";
import "./styles/khmer-font.css";
import "./styles/global.css";
import "./components/ui/ui.css";

mountPage("rider.html", <RiderApp />);
