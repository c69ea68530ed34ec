// Non-blocking notifications in place of window.alert. One live region for the whole app.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { cx } from "@/lib/class-names.ts";
import { t } from "@/lib/i18n/index.ts";

export type ToastTone = "info" | "success" | "danger";

interface ToastItem {
  id: number;
  tone: ToastTone;
  message: string;
}

interface ToastApi {
  show: (message: string, tone?: ToastTone) => void;
  success: (message: string) => void;
  error: (message: string) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

const lifetimeMs: Record<ToastTone, number> = { info: 5000, success: 5000, danger: 9000 };

function Toast({ item, onDismiss }: { item: ToastItem; onDismiss: (id: number) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(item.id), lifetimeMs[item.tone]);
    return () => clearTimeout(timer);
  }, [item, onDismiss]);
  return (
    <li className={cx("toast", `toast--${item.tone}`)}>
      <span className="toast__icon" aria-hidden="true">
        {item.tone === "danger" ? "✕" : item.tone === "success" ? "✓" : "i"}
      </span>
      <p className="toast__message">{item.message}</p>
      <button
        type="button"
        className="toast__close"
        onClick={() => onDismiss(item.id)}
        aria-label={t("common.dismiss")}
      >
        ×
      </button>
    </li>
  );
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setItems((current) => current.filter((item) => item.id !== id)), []);
  const show = useCallback((message: string, tone: ToastTone = "info") => {
    const id = nextId.current++;
    setItems((current) => [...current.slice(-3), { id, tone, message }]);
  }, []);
  const api = useMemo<ToastApi>(
    () => ({ show, success: (message) => show(message, "success"), error: (message) => show(message, "danger") }),
    [show],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section className="toaster" aria-label={t("common.notifications")}>
        <ol className="toaster__list" aria-live="polite" aria-relevant="additions text">
          {items.map((item) => (
            <Toast key={item.id} item={item} onDismiss={dismiss} />
          ))}
        </ol>
      </section>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast must be used inside <ToastProvider>");
  return api;
}
