// App-wide providers: toasts, and a re-render of the whole tree when the language changes.
import { Fragment, useEffect, type ReactNode } from "react";
import { ToastProvider } from "@/components/ui/index.ts";
import { t, useLocale } from "@/lib/i18n/index.ts";

export function AppProvider({ children }: { children: ReactNode }) {
  const locale = useLocale();
  useEffect(() => {
    document.documentElement.lang = locale;
    document.title = t("app.documentTitle");
  }, [locale]);
  return (
    <ToastProvider>
      <Fragment key={locale}>{children}</Fragment>
    </ToastProvider>
  );
}
