// A small Copy button for one value (an account number to paste into the bank app, a link to
// share): says "Copied" for a moment once the clipboard has it, or "Copy failed".
import { useEffect, useState } from "react";
import { cx } from "@/lib/class-names.ts";
import { copyText } from "@/lib/clipboard.ts";
import { t } from "@/lib/i18n/index.ts";
import { Button } from "./button.tsx";

const FEEDBACK_MS = 2000;

interface CopyButtonProps {
  text: string;
  /** What is copied, for the accessible name: "Copy account number". */
  label: string;
  className?: string;
}

export function CopyButton({ text, label, className }: CopyButtonProps) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [state]);

  return (
    <Button
      variant="outline"
      size="sm"
      className={cx("copy-button", className)}
      aria-label={t("common.copyLabel", { label })}
      onClick={() => {
        copyText(text).then(
          () => setState("copied"),
          () => setState("failed"),
        );
      }}
    >
      <span aria-live="polite">
        {state === "copied" ? t("common.copied") : state === "failed" ? t("common.copyFailed") : t("common.copy")}
      </span>
    </Button>
  );
}
