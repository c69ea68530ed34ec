// One user's pending payout on the admin tab (docs/product.md, "Screens" and "Payout requests"):
// email, user ID, type, amount, oldest request time, the transactions and products it covers, and
// for a business the gross, fee and net. Where to pay: the bank details as they were when
// requested, each with a Copy button, and the payable KHQR to scan when the user saved one. The ABA
// reference of the transfer is required (trimmed, checked here with the schema the server uses);
// Complete Payout then asks once more, naming the amount, the payee and the reference, before it
// calls the server: a completed payout moves money out of the user's balance for good. Reject
// request asks for the reason the user reads, and gives the amount back to their balance.
import { useState, type FormEvent } from "react";
import { payoutCompletionSchema, payoutRejectionSchema, type PendingPayout } from "@contract/payouts.ts";
import { Button, CopyButton, TextAreaField, TextField, DetailsList, type Detail } from "@/components/ui/index.ts";
import { PLATFORM_FEE_RATE } from "@/config/app.ts";
import { useFieldErrors } from "@/lib/use-field-errors.ts";
import { formatCount, formatMoney, formatPercent } from "@/lib/format.ts";
import { formatDateTime } from "@/lib/format-date.ts";
import { t } from "@/features/payouts/i18n.ts";
import { PayableKhqr } from "./payable-khqr.tsx";
import { UserTypeBadge } from "./user-type-badge.tsx";

interface PayoutRequestCardProps {
  request: PendingPayout;
  completing: boolean;
  /** Sends the completion; resolves true when it succeeded. */
  onComplete: (request: PendingPayout, abaReference: string) => Promise<boolean>;
  /** Sends the rejection with its reason; resolves true when it succeeded. */
  onReject: (request: PendingPayout, reason: string) => Promise<boolean>;
}

export function PayoutRequestCard({ request, completing, onComplete, onReject }: PayoutRequestCardProps) {
  // The rejection form, open or not.
  const [rejecting, setRejecting] = useState(false);
  const [reference, setReference] = useState("");
  // The checked reference waiting for the admin's yes.
  const [confirming, setConfirming] = useState<string | null>(null);
  const { errors, formRef, ...fieldErrors } = useFieldErrors(["aba_reference"]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = payoutCompletionSchema.safeParse({ aba_reference: reference });
    if (!parsed.success) {
      fieldErrors.fromSchema(parsed.error);
      return;
    }
    fieldErrors.show();
    setConfirming(parsed.data.aba_reference);
  }

  async function onConfirm(abaReference: string) {
    setConfirming(null);
    if (await onComplete(request, abaReference)) setReference("");
  }

  const none = t("common.notAvailable");
  const details: Detail[] = [
    {
      label: t("payouts.admin.userId"),
      value: <code className="payout-card__id break-anywhere">{request.user_id}</code>,
    },
    { label: t("payouts.admin.amount"), value: <strong>{formatMoney(request.total_amount_cents)}</strong> },
    {
      label: t("payouts.admin.requestedAt"),
      value: <time dateTime={request.oldest_request}>{formatDateTime(request.oldest_request)}</time>,
    },
  ];
  if (request.request_count > 1)
    details.push({ label: t("payouts.admin.requestCount"), value: formatCount(request.request_count) });
  details.push(
    { label: t("payouts.admin.transactions"), value: formatCount(request.transaction_count) },
    {
      label: t("payouts.admin.products"),
      value: (
        <span className="break-anywhere">
          {request.product_names.length > 0 ? request.product_names.join(", ") : none}
        </span>
      ),
    },
  );
  const bankRows: { label: string; value: string | null }[] = [
    { label: t("payouts.admin.bankName"), value: request.bank_name },
    { label: t("payouts.admin.accountName"), value: request.account_name },
    { label: t("payouts.admin.accountNumber"), value: request.account_number },
  ];
  for (const row of bankRows) {
    details.push({
      label: row.label,
      value: row.value ? (
        <span className="payout-card__copyable">
          <span className="break-anywhere">{row.value}</span>
          <CopyButton text={row.value} label={row.label} />
        </span>
      ) : (
        none
      ),
    });
  }
  if (request.user_type === "business" && request.gross_amount_cents !== null) {
    details.push(
      { label: t("payouts.admin.gross"), value: formatMoney(request.gross_amount_cents) },
      {
        label: t("payouts.admin.fee", { rate: formatPercent(PLATFORM_FEE_RATE, 0) }),
        value: request.fee_amount_cents === null ? none : formatMoney(request.fee_amount_cents),
      },
      {
        label: t("payouts.admin.net"),
        value: <strong>{formatMoney(request.net_amount_cents ?? request.total_amount_cents)}</strong>,
      },
    );
  }

  return (
    <li
      className={`card card--status payout-card payout-card--pending payout-card--${request.user_type}`}
      aria-label={request.email}
      aria-busy={completing || undefined}
    >
      <div className="payout-card__head">
        {/* A shop by its name, its email beneath. */}
        <h3 className="payout-card__email break-anywhere">
          {request.business_name ?? request.email}
          {request.business_name && <span className="secondary-email">{request.email}</span>}
        </h3>
        <UserTypeBadge type={request.user_type} />
      </div>
      <DetailsList details={details} />
      <p className="muted-note payout-card__snapshot-note">{t("payouts.admin.snapshotNote")}</p>
      {request.khqr ? (
        <PayableKhqr khqr={request.khqr} amountCents={request.total_amount_cents} />
      ) : (
        <p className="muted-note payout-card__no-khqr">{t("payouts.admin.noKhqr")}</p>
      )}
      <form className="payout-card__form" onSubmit={onSubmit} noValidate ref={formRef}>
        <TextField
          label={t("payouts.admin.referenceField")}
          hint={t("payouts.admin.referenceHint")}
          value={reference}
          onChange={(event) => {
            setReference(event.target.value);
            fieldErrors.clear("aba_reference");
          }}
          error={errors.aba_reference}
          required
          autoComplete="off"
          spellCheck={false}
          disabled={completing}
        />
        {confirming === null ? (
          <Button type="submit" variant="success" block loading={completing}>
            {completing ? t("payouts.admin.processing") : t("payouts.admin.complete")}
          </Button>
        ) : (
          <div className="payout-card__confirm" role="group" aria-label={t("payouts.admin.confirmTitle")}>
            <p>
              {t("payouts.admin.confirmComplete", {
                amount: formatMoney(request.total_amount_cents),
                payee: request.business_name ?? request.email,
                reference: confirming,
              })}
            </p>
            <div className="button-row">
              <Button variant="success" size="sm" onClick={() => void onConfirm(confirming)}>
                {t("payouts.admin.confirmYes")}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setConfirming(null)}>
                {t("payouts.admin.confirmBack")}
              </Button>
            </div>
          </div>
        )}
      </form>
      {rejecting ? (
        <RejectForm
          amount={formatMoney(request.total_amount_cents)}
          busy={completing}
          onReject={async (reason) => {
            if (await onReject(request, reason)) setRejecting(false);
          }}
          onBack={() => setRejecting(false)}
        />
      ) : (
        <Button variant="ghost" size="sm" onClick={() => setRejecting(true)} disabled={completing}>
          {t("payouts.admin.reject")}
        </Button>
      )}
    </li>
  );
}

interface RejectFormProps {
  amount: string;
  busy: boolean;
  onReject: (reason: string) => Promise<void>;
  onBack: () => void;
}

/** The reason for a rejection, checked with the server's schema, then sent. */
function RejectForm({ amount, busy, onReject, onBack }: RejectFormProps) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = payoutRejectionSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(reason.trim() === "" ? t("payouts.admin.rejectReasonRequired") : t("payouts.admin.rejectReasonTooLong"));
      return;
    }
    void onReject(parsed.data.reason);
  }

  return (
    <form className="payout-card__reject" onSubmit={onSubmit} noValidate aria-label={t("payouts.admin.rejectTitle")}>
      <TextAreaField
        label={t("payouts.admin.rejectReason")}
        hint={t("payouts.admin.rejectHint", { amount })}
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
          setError(null);
        }}
        error={error}
        required
        maxLength={500}
      />
      <div className="button-row">
        <Button type="submit" variant="danger" size="sm" loading={busy}>
          {t("payouts.admin.rejectConfirm", { amount })}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onBack} disabled={busy}>
          {t("payouts.admin.confirmBack")}
        </Button>
      </div>
    </form>
  );
}
