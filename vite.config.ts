import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { linguiCatalogs } from "./tooling/vite-lingui-catalogs.ts";

// The SPA. `npm start` builds it into dist/ and serves it on the same origin as the API,
// Realtime and Storage. `npm run dev` proxies those paths to a running stack (VITE_DEV_PROXY,
// default http://127.0.0.1:54321) so the dev server behaves like the single origin.
const stack = process.env.VITE_DEV_PROXY ?? "http://127.0.0.1:54321";

export default defineConfig({
  plugins: [react(), linguiCatalogs()],
  // The same aliases as tsconfig.json: @/ is src/, @contract/ the API's request and response
  // schemas, which the api function shares with the SPA.
  resolve: {
    alias: {
      "@/": fileURLToPath(new URL("./src/", import.meta.url)),
      "@contract/": fileURLToPath(new URL("./supabase/functions/_shared/contract/", import.meta.url)),
    },
  },
  build: {
    outDir: "dist",
    // dist/ is what a static host serves: no source maps in it (they would publish the source).
    sourcemap: false,
    // Four pages: the app (index.html, every route), the customer checkout (checkout.html, served
    // at /checkout and /o/*), the rider's page (rider.html, served at /rider/*) and an influencer's
    // store (store.html, served at /store/*); the last three load none of the app's router, account
    // or realtime code.
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL("./index.html", import.meta.url)),
        checkout: fileURLToPath(new URL("./checkout.html", import.meta.url)),
        rider: fileURLToPath(new URL("./rider.html", import.meta.url)),
        store: fileURLToPath(new URL("./store.html", import.meta.url)),
      },
      output: {
        // React, TanStack Query and Lingui, which every page runs, in one file: a phone on mobile
        // data pays a round trip and a few hundred bytes of headers per file.
        codeSplitting: {
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|@lingui|@babel[\\/]runtime)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      "/functions/v1": { target: stack, changeOrigin: true },
      "/storage/v1": { target: stack, changeOrigin: true },
      "/realtime/v1": { target: stack, changeOrigin: true, ws: true },
    },
  },
});
