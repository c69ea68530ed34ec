import type { ReactNode } from "react";
import { t } from "@/lib/i18n/index.ts";
import { Alert } from "./alert.tsx";
import { Button } from "./button.tsx";

interface RetryAlertProps {
  title?: ReactNode;
  children?: ReactNode;
  onRetry: () => void;
  /** True while the retry runs (the button shows it is busy). */
  retrying: boolean;
}

/** A failed load, with a Try again button. */
export function RetryAlert({ title, children, onRetry, retrying }: RetryAlertProps) {
  return (
    <Alert
      tone="danger"
      title={title}
      action={
        <Button variant="outline" size="sm" onClick={onRetry} loading={retrying}>
          {t("common.tryAgain")}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
