// Asks the admin to confirm a rejection and say why: the person rejected reads the reason on their
// dashboard, so an empty or too long one is refused here as the server would refuse it.
import { useState, type FormEvent } from "react";
import { rejectionReason } from "@contract/auth.ts";
import { t } from "@/features/admin-users/i18n.ts";
import { Button, Modal, TextAreaField } from "@/components/ui/index.ts";

interface RejectDialogProps {
  /** Who or what is being rejected, as the title names it; null closes the dialog. */
  subject: string | null;
  /** Sends the rejection; the dialog closes once it resolves, stays open (to retry) if it throws. */
  onConfirm: (reason: string) => Promise<void>;
  onCancel: () => void;
}

export function RejectDialog({ subject, onConfirm, onCancel }: RejectDialogProps) {
  return (
    <Modal open={subject !== null} onClose={onCancel} title={t("admin.reject.title", { subject: subject ?? "" })}>
      {/* Remounted per subject, so a reason typed for one never carries over to the next. */}
      {subject !== null && <RejectForm key={subject} onConfirm={onConfirm} onCancel={onCancel} />}
    </Modal>
  );
}

function RejectForm({ onConfirm, onCancel }: Omit<RejectDialogProps, "subject">) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = rejectionReason.safeParse(reason);
    if (!parsed.success) {
      setError(reason.trim() === "" ? t("admin.reject.reasonRequired") : t("admin.reject.reasonTooLong"));
      return;
    }
    setError(null);
    setSending(true);
    try {
      await onConfirm(parsed.data);
    } catch {
      // The caller reports the failure; the reason stays for another try.
    } finally {
      setSending(false);
    }
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <p>{t("admin.reject.body")}</p>
      <TextAreaField
        label={t("admin.reject.reason")}
        name="reason"
        required
        maxLength={500}
        hint={t("admin.reject.reasonHint")}
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
          setError(null);
        }}
        error={error}
      />
      <div className="button-row">
        <Button type="button" variant="secondary" onClick={onCancel} disabled={sending}>
          {t("admin.reject.cancel")}
        </Button>
        <Button type="submit" variant="danger" loading={sending}>
          {t("admin.reject.confirm")}
        </Button>
      </div>
    </form>
  );
}
