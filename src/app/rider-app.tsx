// The rider's page as an app of its own (see src/rider-main.tsx): the server-state cache and the
// page for /rider/<token>. A language switch re-renders the page in place (useLocale here).
import { useEffect, useState } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { Alert } from "@/components/ui/alert.tsx";
import { createQueryClient } from "@/lib/query-client.ts";
import { useLocale } from "@/lib/i18n/index.ts";
import { t } from "@/features/rider/i18n.ts";
import { RiderPage } from "@/features/rider/components/rider-page.tsx";

/**
 * The token of a rider page's path (/rider/<token>), or null. The contract's RIDER_TOKEN written
 * out: importing contract/rider.ts would bring zod onto the rider's phone.
 */
function riderToken(path: string): string | null {
  return /^\/rider\/([A-Za-z0-9_-]{32})\/?$/.exec(path)?.[1] ?? null;
}

export function RiderApp() {
  const [client] = useState(createQueryClient);
  const locale = useLocale();
  const token = riderToken(window.location.pathname);
  useEffect(() => {
    document.title = `${t("rider.title")} · ${t("rider.brand")}`;
  }, [locale]);
  return (
    <QueryClientProvider client={client}>
      {token ? (
        <RiderPage token={token} />
      ) : (
        <main className="page-column">
          <Alert tone="warning" title={t("rider.deadLink")}>
            {t("rider.deadLinkBody")}
          </Alert>
        </main>
      )}
    </QueryClientProvider>
  );
}
