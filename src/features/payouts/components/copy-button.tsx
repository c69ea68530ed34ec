// A small Copy button for one value of a payout card (an account number to paste into the bank
// app): says "Copied" for a moment once the clipboard has it, or "Copy failed".
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/index.ts";
import { t } from "@/features/payouts/i18n.ts";
import { copyText } from "@/lib/clipboard.ts";

const FEEDBACK_MS = 2000;

interface CopyButtonProps {
  text: string;
  /** What is copied, for the accessible name: "Copy account number". */
  label: string;
}

export function CopyButton({ text, label }: CopyButtonProps) {
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
      className="copy-button"
      aria-label={t("payouts.admin.copyLabel", { label })}
      onClick={() => {
        copyText(text).then(
          () => setState("copied"),
          () => setState("failed"),
        );
      }}
    >
      <span aria-live="polite">
        {state === "copied"
          ? t("payouts.admin.copied")
          : state === "failed"
            ? t("payouts.admin.copyFailed")
            : t("payouts.admin.copy")}
      </span>
    </Button>
  );
}
