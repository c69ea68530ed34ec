// An influencer's store's own entry (store.html, served at /store/<handle>, where the address they
// share, /s/<handle>, sends a person): what a follower opens from a bio link on TikTok, Facebook or
// Instagram, on a phone. No router, no accounts, no realtime: only the page, light like the checkout.
import { mountPage } from "./app/mount-page.tsx";
import { StoreApp } from "./app/store-app.tsx";
import "./styles/khmer-font.css";
import "./styles/global.css";
import "./components/ui/ui.css";

mountPage("store.html", <StoreApp />);
