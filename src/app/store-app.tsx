// An influencer's store as an app of its own (see src/store-main.tsx): the server-state cache and
// the page for /store/<handle>. A language switch re-renders the page in place (useLocale here).
import { useState } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { createQueryClient } from "@/lib/query-client.ts";
import { useLocale } from "@/lib/i18n/index.ts";
import { StorePage } from "@/features/storefront/components/store-page.tsx";
import { storeHandle } from "@/features/storefront/utils/store-handle.ts";

export function StoreApp() {
  const [client] = useState(createQueryClient);
  useLocale();
  return (
    <QueryClientProvider client={client}>
      <StorePage handle={storeHandle(window.location.pathname)} />
    </QueryClientProvider>
  );
}
