// The admin's Cancel dialog (issue 14): why the order is cancelled (required, one of the
// reasons) and optional notes for the history. It asks; the board sends the change and closes it
// when done, so a refusal (409: delivered meanwhile) keeps the admin's choice on screen.
import { useState, type FormEvent } from "react";
import type { Order } from "@contract/orders.ts";
import { Button, Modal, SelectField, TextAreaField } from "@/components/ui/index.ts";
import { t } from "@/features/orders/i18n.ts";
import type { Cancellation } from "@/features/orders/api/update-order-status.ts";
import { CANCELLATION_REASONS, reasonLabel, type CancellationReason } from "@/features/orders/utils/order-status.ts";

/** The notes the API takes at most (orderStatusChangeSchema). */
const NOTES_MAX = 500;

interface CancelOrderDialogProps {
  /** The order to cancel; null keeps the dialog closed. */
  order: Order | null;
  /** True while the cancellation is being sent. */
  busy: boolean;
  onCancel: (order: Order, cancellation: Cancellation) => void;
  onClose: () => void;
}

export function CancelOrderDialog({ order, busy, onCancel, onClose }: CancelOrderDialogProps) {
  // A fresh form per order: the key remounts it.
  return order ? (
    <CancelOrderForm key={order.id} order={order} busy={busy} onCancel={onCancel} onClose={onClose} />
  ) : null;
}

function CancelOrderForm({ order, busy, onCancel, onClose }: CancelOrderDialogProps & { order: Order }) {
  const [reason, setReason] = useState<CancellationReason | "">("");
  const [notes, setNotes] = useState("");
  const [error, setError] = useState<string | null>(null);
  const formId = `cancel-order-${order.id}`;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason) {
      setError(t("orders.cancel.reasonRequired"));
      return;
    }
    onCancel(order, { reason, notes: notes.trim() || undefined });
  }

  return (
    <Modal
      open
      onClose={busy ? () => {} : onClose}
      title={t("orders.cancel.title", { product: order.product_name, number: order.order_number })}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            {t("orders.cancel.keep")}
          </Button>
          <Button variant="danger" type="submit" form={formId} loading={busy}>
            {t("orders.cancel.confirm")}
          </Button>
        </>
      }
    >
      <form id={formId} className="stack" onSubmit={submit} noValidate>
        <SelectField
          label={t("orders.cancel.reason")}
          required
          value={reason}
          error={error}
          onChange={(event) => {
            setReason(event.target.value as CancellationReason | "");
            setError(null);
          }}
          options={[
            { value: "", label: t("orders.cancel.choose") },
            ...CANCELLATION_REASONS.map((value) => ({ value, label: reasonLabel(value) })),
          ]}
        />
        <TextAreaField
          label={t("orders.cancel.notes")}
          hint={t("orders.cancel.notesHint")}
          rows={3}
          maxLength={NOTES_MAX}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
        />
      </form>
    </Modal>
  );
}
