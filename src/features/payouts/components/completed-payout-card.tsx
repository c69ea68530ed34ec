// One completed payout on the admin tab (the admin dashboard of docs/product.md, "Screens"): email,
// user ID, type, amount, completed date and the ABA reference of the transfer, with each earlier
// reference it was corrected from. Correct reference takes the right one and why (a typo, a
// transfer redone); the audit log keeps both values.
import { useState, type FormEvent } from "react";
import { payoutReferenceCorrectionSchema, type PayoutItem } from "@contract/payouts.ts";
import { Button, TextAreaField, TextField } from "@/components/ui/index.ts";
import { useFieldErrors } from "@/lib/use-field-errors.ts";
import { formatMoney } from "@/lib/format.ts";
import { formatDateTime } from "@/lib/format-date.ts";
import { t } from "@/features/payouts/i18n.ts";
import { UserTypeBadge } from "./user-type-badge.tsx";

interface CompletedPayoutCardProps {
  payout: PayoutItem;
  /** Sends a correction; resolves true when it succeeded. */
  onCorrect: (payout: PayoutItem, abaReference: string, reason: string) => Promise<boolean>;
}

export function CompletedPayoutCard({ payout, onCorrect }: CompletedPayoutCardProps) {
  const completedAt = payout.completed_at;
  const [correcting, setCorrecting] = useState(false);
  return (
    <li
      className={`card card--status payout-card payout-card--completed payout-card--${payout.user_type}`}
      aria-label={payout.email}
    >
      <div className="payout-card__head">
        {/* A shop by its name, its email beneath. */}
        <h3 className="payout-card__email break-anywhere">
          {payout.business_name ?? payout.email}
          {payout.business_name && <span className="secondary-email">{payout.email}</span>}
        </h3>
        <UserTypeBadge type={payout.user_type} />
      </div>
      <dl className="details">
        <div className="details__row">
          <dt>{t("payouts.admin.userId")}</dt>
          <dd>
            <code className="payout-card__id break-anywhere">{payout.user_id}</code>
          </dd>
        </div>
        <div className="details__row">
          <dt>{t("payouts.admin.amount")}</dt>
          <dd>
            <strong>{formatMoney(payout.total_amount_cents)}</strong>
          </dd>
        </div>
        <div className="details__row">
          <dt>{t("payouts.admin.completedAt")}</dt>
          <dd>
            {completedAt ? <time dateTime={completedAt}>{formatDateTime(completedAt)}</time> : t("common.notAvailable")}
          </dd>
        </div>
        <div className="details__row">
          <dt>{t("payouts.admin.reference")}</dt>
          <dd className="payout-reference break-anywhere">{payout.aba_reference ?? t("common.notAvailable")}</dd>
        </div>
        {payout.reference_corrections.map((correction) => (
          <div className="details__row" key={correction.corrected_at}>
            <dt>{t("payouts.admin.corrected")}</dt>
            <dd className="break-anywhere">
              {t("payouts.admin.correctedFrom", { previous: correction.previous_reference, reason: correction.reason })}
            </dd>
          </div>
        ))}
      </dl>
      {correcting ? (
        <CorrectionForm
          onSave={async (reference, reason) => {
            if (await onCorrect(payout, reference, reason)) setCorrecting(false);
          }}
          onBack={() => setCorrecting(false)}
        />
      ) : (
        <Button variant="ghost" size="sm" onClick={() => setCorrecting(true)}>
          {t("payouts.admin.correct")}
        </Button>
      )}
    </li>
  );
}

interface CorrectionFormProps {
  onSave: (abaReference: string, reason: string) => Promise<void>;
  onBack: () => void;
}

/** The right reference and why, checked with the server's schema, then sent. */
function CorrectionForm({ onSave, onBack }: CorrectionFormProps) {
  const [reference, setReference] = useState("");
  const [reason, setReason] = useState("");
  const [saving, setSaving] = useState(false);
  const { errors, formRef, ...fieldErrors } = useFieldErrors(["aba_reference", "reason"]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = payoutReferenceCorrectionSchema.safeParse({ aba_reference: reference, reason });
    if (!parsed.success) {
      fieldErrors.fromSchema(parsed.error);
      return;
    }
    fieldErrors.show();
    setSaving(true);
    try {
      await onSave(parsed.data.aba_reference, parsed.data.reason);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      className="payout-card__form"
      onSubmit={onSubmit}
      noValidate
      ref={formRef}
      aria-label={t("payouts.admin.correctTitle")}
    >
      <TextField
        label={t("payouts.admin.correctField")}
        value={reference}
        onChange={(event) => {
          setReference(event.target.value);
          fieldErrors.clear("aba_reference");
        }}
        error={errors.aba_reference}
        required
        autoComplete="off"
        spellCheck={false}
      />
      <TextAreaField
        label={t("payouts.admin.correctReason")}
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
          fieldErrors.clear("reason");
        }}
        error={errors.reason}
        required
        maxLength={500}
      />
      <div className="button-row">
        <Button type="submit" variant="primary" size="sm" loading={saving}>
          {t("payouts.admin.correctSave")}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onBack} disabled={saving}>
          {t("payouts.admin.confirmBack")}
        </Button>
      </div>
    </form>
  );
}
