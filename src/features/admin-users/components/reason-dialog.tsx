// Asks the admin to confirm a rejection or a suspension and say why: the person reads the reason
// (on their dashboard, or when a suspended account tries to sign in), so an empty or too long one
// is refused here as the server would refuse it.
import { useState, type FormEvent } from "react";
import { rejectionReason, suspensionReason } from "@contract/auth.ts";
import { t } from "@/features/admin-users/i18n.ts";
import { Button, Modal, TextAreaField } from "@/components/ui/index.ts";

/** The decisions that need a reason, each with its texts (admin.<kind>.*) and the server's rule. */
const reasonRules = { reject: rejectionReason, suspend: suspensionReason } as const;
export type ReasonKind = keyof typeof reasonRules;

interface ReasonDialogProps {
  kind: ReasonKind;
  /** Who or what is being rejected or suspended, as the title names it; null closes the dialog. */
  subject: string | null;
  /** Sends the decision; the dialog closes once it resolves, stays open (to retry) if it throws. */
  onConfirm: (reason: string) => Promise<void>;
  onCancel: () => void;
}

export function ReasonDialog({ kind, subject, onConfirm, onCancel }: ReasonDialogProps) {
  return (
    <Modal open={subject !== null} onClose={onCancel} title={t(`admin.${kind}.title`, { subject: subject ?? "" })}>
      {/* Remounted per subject, so a reason typed for one never carries over to the next. */}
      {subject !== null && <ReasonForm key={subject} kind={kind} onConfirm={onConfirm} onCancel={onCancel} />}
    </Modal>
  );
}

function ReasonForm({ kind, onConfirm, onCancel }: Omit<ReasonDialogProps, "subject">) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = reasonRules[kind].safeParse(reason);
    if (!parsed.success) {
      setError(reason.trim() === "" ? t(`admin.${kind}.reasonRequired`) : t(`admin.${kind}.reasonTooLong`));
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
      <p>{t(`admin.${kind}.body`)}</p>
      <TextAreaField
        label={t(`admin.${kind}.reason`)}
        name="reason"
        required
        maxLength={500}
        hint={t(`admin.${kind}.reasonHint`)}
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
          setError(null);
        }}
        error={error}
      />
      <div className="button-row">
        <Button type="button" variant="secondary" onClick={onCancel} disabled={sending}>
          {t(`admin.${kind}.cancel`)}
        </Button>
        <Button type="submit" variant="danger" loading={sending}>
          {t(`admin.${kind}.confirm`)}
        </Button>
      </div>
    </form>
  );
}
