// A courier's Cash panel on the Couriers tab: Record remittance, then the remittances newest
// received first, each with its ABA reference, who recorded it, the orders it pays and what it
// pays beyond them (over-remitted). A remittance is never edited: a wrong one is reversed, with a
// reason for the audit log, and stays in the list struck through, saying when, by whom and why.
import { useEffect, useId, useState, type FormEvent } from "react";
import type { Courier } from "@contract/couriers.ts";
import { remittanceReverseSchema, type Remittance } from "@contract/remittances.ts";
import { Alert, Button, LoadingState, RetryAlert, TextAreaField, useToast } from "@/components/ui/index.ts";
import { failureMessage } from "@/lib/api-client.ts";
import { formatMoney } from "@/lib/format.ts";
import { formatDate, formatDateTime } from "@/lib/format-date.ts";
import { tServer } from "@/lib/i18n/index.ts";
import { useFieldErrors } from "@/lib/use-field-errors.ts";
import { t } from "@/features/orders/i18n.ts";
import { useRemittances, useReverseRemittance } from "@/features/orders/api/remittances.ts";
import { ExportOrdersButton } from "./export-orders-button.tsx";
import { RemittanceForm } from "./remittance-form.tsx";

const REVERSE_FIELDS = ["reason"] as const;

export function CourierCash({ id, courier }: { id: string; courier: Courier }) {
  const remittances = useRemittances(courier.id);
  const headingId = useId();
  // A new form after each remittance recorded: every field empty again, the time received now.
  const [formKey, setFormKey] = useState(0);
  return (
    <section id={id} className="courier-cash" aria-label={t("couriers.cash.title", { name: courier.name })}>
      {courier.unremitted_orders > 0 && (
        <ExportOrdersButton
          path={`/admin/couriers/${courier.id}/statement`}
          name="courier-cash"
          label={t("couriers.cash.download")}
        />
      )}
      <RemittanceForm key={formKey} courier={courier} onRecorded={() => setFormKey((key) => key + 1)} />
      <h4 id={headingId} className="courier-cash__heading">
        {t("couriers.cash.remittances")}
      </h4>
      {remittances.isLoading ? (
        <LoadingState label={t("couriers.cash.remittances")} />
      ) : remittances.data ? (
        remittances.data.length === 0 ? (
          <p className="couriers__meta">{t("couriers.cash.empty")}</p>
        ) : (
          <ul className="courier-cash__list" aria-labelledby={headingId}>
            {remittances.data.map((remittance) => (
              <RemittanceItem key={remittance.id} courierId={courier.id} remittance={remittance} />
            ))}
          </ul>
        )
      ) : remittances.canRetry ? (
        <RetryAlert
          title={t("couriers.cash.loadFailed")}
          onRetry={remittances.refetch}
          retrying={remittances.isFetching}
        />
      ) : (
        <Alert tone="info">{remittances.error}</Alert>
      )}
    </section>
  );
}

/** One remittance: what was received and when, what it pays, and Reverse while it stands. */
function RemittanceItem({ courierId, remittance }: { courierId: string; remittance: Remittance }) {
  const [reversing, setReversing] = useState(false);
  const none = t("common.notAvailable");
  const reversed = remittance.reversed_at !== null;
  return (
    <li className={`courier-cash__item${reversed ? " courier-cash__item--reversed" : ""}`}>
      <p className="courier-cash__received">
        <strong>{formatMoney(remittance.amount_cents)}</strong>{" "}
        {t("couriers.cash.receivedOn", { time: formatDateTime(remittance.received_at) })}
      </p>
      <p className="couriers__meta break-anywhere">
        {t("couriers.cash.reference", { reference: remittance.aba_reference })}
      </p>
      <p className="couriers__meta break-anywhere">
        {t("couriers.cash.recordedBy", {
          time: formatDateTime(remittance.recorded_at),
          email: remittance.recorded_by_email,
        })}
      </p>
      {remittance.orders.length > 0 ? (
        <ul className="courier-cash__orders" aria-label={t("couriers.cash.orders")}>
          {remittance.orders.map((line) => (
            <li key={line.order_id}>
              <span className="courier-cash__number">{line.order_number}</span> {formatMoney(line.amount_cents)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="couriers__meta">{t("couriers.cash.paysNoOrder")}</p>
      )}
      {remittance.over_remitted_cents > 0 && (
        <p className="courier-cash__over">
          {t("couriers.cash.overRemitted", { amount: formatMoney(remittance.over_remitted_cents) })}
        </p>
      )}
      {reversed ? (
        <p className="couriers__meta break-anywhere">
          {t("couriers.cash.reversed", {
            date: formatDate(remittance.reversed_at),
            email: remittance.reversed_by_email ?? none,
            reason: remittance.reversal_reason ?? none,
          })}
        </p>
      ) : reversing ? (
        <ReverseForm courierId={courierId} remittance={remittance} onDone={() => setReversing(false)} />
      ) : (
        <div>
          <Button variant="outline" size="sm" onClick={() => setReversing(true)}>
            {t("couriers.cash.reverse")}
          </Button>
        </div>
      )}
    </li>
  );
}

/** Asks why before reversing: the reason goes to the audit log with the reversal. */
function ReverseForm({
  courierId,
  remittance,
  onDone,
}: {
  courierId: string;
  remittance: Remittance;
  onDone: () => void;
}) {
  const toast = useToast();
  const reverse = useReverseRemittance();
  const [reason, setReason] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const { errors, formRef, ...fieldErrors } = useFieldErrors(REVERSE_FIELDS);
  // The reason takes focus, so a keyboard user lands on what was just asked.
  useEffect(() => {
    formRef.current?.querySelector("textarea")?.focus();
  }, [formRef]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const parsed = remittanceReverseSchema.safeParse({ reason });
    if (!parsed.success) {
      fieldErrors.fromSchema(parsed.error);
      return;
    }
    fieldErrors.show();
    try {
      const answer = await reverse.mutateAsync({ courierId, remittanceId: remittance.id, reason: parsed.data.reason });
      toast.success(tServer(answer.message));
      onDone();
    } catch (error) {
      if (!fieldErrors.fromServer(error)) setFailure(failureMessage(error, t("couriers.cash.reverseFailed")));
    }
  }

  return (
    <form
      className="form courier-cash__reverse"
      onSubmit={onSubmit}
      noValidate
      ref={formRef}
      aria-label={t("couriers.cash.reverseTitle")}
    >
      <p className="couriers__meta">{t("couriers.cash.reverseNote")}</p>
      <TextAreaField
        label={t("couriers.cash.reason")}
        name="reason"
        required
        rows={2}
        maxLength={500}
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
          fieldErrors.clear("reason");
        }}
        error={errors.reason}
      />
      {failure && <Alert tone="danger">{failure}</Alert>}
      <div className="button-row">
        <Button type="submit" variant="danger" size="sm" loading={reverse.isPending}>
          {t("couriers.cash.reverseYes")}
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone}>
          {t("couriers.cancel")}
        </Button>
      </div>
    </form>
  );
}
