// App-wide providers: the server-state cache, toasts, the session kept fresh, and a re-render of
// the whole tree when the language changes (setLocale has loaded every catalog in the new language
// by then).
import { Fragment, useEffect, useState, type ReactNode } from "react";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { ToastProvider } from "@/components/ui/index.ts";
import { t, useLocale } from "@/lib/i18n/index.ts";
import { clearCacheOnUserChange, createQueryClient } from "@/lib/query-client.ts";
import { keepSessionFresh } from "@/lib/session-refresh.ts";

interface AppProviderProps {
  children: ReactNode;
  /** The cache to use; the app makes its own (tests pass a fresh one per render). */
  queryClient?: QueryClient;
}

export function AppProvider({ children, queryClient }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const locale = useLocale();
  useEffect(() => {
    document.title = t("app.documentTitle");
  }, [locale]);
  useEffect(() => clearCacheOnUserChange(client), [client]);
  useEffect(keepSessionFresh, []);
  return (
    <QueryClientProvider client={client}>
      <ToastProvider>
        <Fragment key={locale}>{children}</Fragment>
      </ToastProvider>
    </QueryClientProvider>
  );
}
