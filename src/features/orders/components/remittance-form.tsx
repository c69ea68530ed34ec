// Record remittance, in a courier's Cash panel: the cash received (amount, ABA reference, when, in
// Cambodia's time as on the receipt) and the orders it pays, typed a line each or as the courier's
// statement (a CSV file, read here and sent as its text for the server to match). Typed lines fill
// in the amount with their total until the admin types one: a convenience, the server checks the
// orders against the amount. The shared schema checks the form first; a refusal from the server
// shows next to the field it names (an order of the statement, next to the file).
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import type { Courier } from "@contract/couriers.ts";
import { remittanceCreateSchema, type RemittanceCreateInput } from "@contract/remittances.ts";
import { Alert, Button, FilterGroup, TextField, useToast } from "@/components/ui/index.ts";
import { failureMessage } from "@/lib/api-client.ts";
import { tServer } from "@/lib/i18n/index.ts";
import { useFieldErrors } from "@/lib/use-field-errors.ts";
import { t } from "@/features/orders/i18n.ts";
import { useRecordRemittance } from "@/features/orders/api/remittances.ts";
import {
  isBlankLine,
  linesTotal,
  marketDateTimeInput,
  receivedAtIso,
  type TypedLine,
} from "@/features/orders/utils/courier-cash.ts";

const FIELDS = ["amount", "aba_reference", "received_at", "orders", "statement_csv"] as const;

type OrdersFrom = "typed" | "statement";

interface Line extends TypedLine {
  /** React's key: lines are added and removed anywhere. */
  key: number;
}

interface Statement {
  name: string;
  text: string;
}

/** `onRecorded`: saved; the panel then shows a new, empty form (a file input cannot be emptied otherwise). */
export function RemittanceForm({ courier, onRecorded }: { courier: Courier; onRecorded: () => void }) {
  const toast = useToast();
  const record = useRecordRemittance();
  const [amount, setAmount] = useState("");
  // True until the admin types an amount: the typed lines' total fills it in meanwhile.
  const [amountFollows, setAmountFollows] = useState(true);
  const [reference, setReference] = useState("");
  const [receivedAt, setReceivedAt] = useState(() => marketDateTimeInput(Date.now()));
  const [from, setFrom] = useState<OrdersFrom>("typed");
  const nextKey = useRef(1);
  const [lines, setLines] = useState<Line[]>(() => [{ key: 0, order_number: "", amount: "" }]);
  const [statement, setStatement] = useState<Statement | null>(null);
  // The file being read: a slower read of a file chosen before must not replace it.
  const reading = useRef<File | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The server names `orders` for an order of a statement too: its message goes next to the file.
  const { errors, formRef, ...fieldErrors } = useFieldErrors(
    FIELDS,
    from === "statement" ? { orders: "statement_csv" } : {},
  );
  const headingId = useId();
  const linesErrorId = useId();

  function changeLines(next: Line[]) {
    setLines(next);
    fieldErrors.clear("orders");
    const total = linesTotal(next);
    if (amountFollows && total !== null) setAmount(total);
  }

  function changeLine(key: number, change: Partial<TypedLine>) {
    changeLines(lines.map((line) => (line.key === key ? { ...line, ...change } : line)));
  }

  function addLine() {
    setLines([...lines, { key: nextKey.current++, order_number: "", amount: "" }]);
  }

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    fieldErrors.clear("statement_csv");
    const file = event.target.files?.[0] ?? null;
    reading.current = file;
    if (!file) return setStatement(null);
    file.text().then(
      (text) => {
        if (reading.current === file) setStatement({ name: file.name, text });
      },
      () => {
        if (reading.current !== file) return;
        setStatement(null);
        fieldErrors.show({ statement_csv: t("couriers.cash.fileUnreadable") });
      },
    );
  }

  /** The orders part of the request: the typed lines (none: all over-remitted) or the statement. */
  function ordersInput(): Pick<RemittanceCreateInput, "orders" | "statement_csv"> {
    if (from === "statement") return { statement_csv: statement?.text };
    const typed = lines.filter((line) => !isBlankLine(line));
    if (typed.length === 0) return {};
    return { orders: typed.map((line) => ({ order_number: line.order_number.trim(), amount: line.amount.trim() })) };
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (from === "statement" && !statement) {
      fieldErrors.show({ statement_csv: t("couriers.cash.fileMissing") });
      return;
    }
    // The amounts go as typed, in dollars: the schema's parse (to cents) only checks them.
    const input: RemittanceCreateInput = {
      amount: amount.trim(),
      aba_reference: reference,
      received_at: receivedAtIso(receivedAt) ?? receivedAt,
      ...ordersInput(),
    };
    const parsed = remittanceCreateSchema.safeParse(input);
    if (!parsed.success) {
      fieldErrors.fromSchema(parsed.error);
      return;
    }
    fieldErrors.show();
    try {
      const answer = await record.mutateAsync({ courierId: courier.id, input });
      toast.success(tServer(answer.message));
      onRecorded();
    } catch (error) {
      if (!fieldErrors.fromServer(error)) setFailure(failureMessage(error, t("couriers.cash.recordFailed")));
    }
  }

  const linesInvalid = errors.orders ? true : undefined;
  return (
    <form className="form remittance-form" onSubmit={onSubmit} noValidate ref={formRef} aria-labelledby={headingId}>
      <h4 id={headingId} className="courier-cash__heading">
        {t("couriers.cash.record")}
      </h4>
      <TextField
        label={t("couriers.cash.amount")}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        required
        value={amount}
        onChange={(event) => {
          setAmount(event.target.value);
          setAmountFollows(event.target.value.trim() === "");
          fieldErrors.clear("amount");
        }}
        error={errors.amount}
      />
      <TextField
        label={t("couriers.cash.abaReference")}
        name="aba_reference"
        autoComplete="off"
        required
        value={reference}
        onChange={(event) => {
          setReference(event.target.value);
          fieldErrors.clear("aba_reference");
        }}
        error={errors.aba_reference}
      />
      <TextField
        label={t("couriers.cash.receivedAt")}
        name="received_at"
        type="datetime-local"
        required
        hint={t("couriers.cash.receivedAtHint")}
        value={receivedAt}
        onChange={(event) => {
          setReceivedAt(event.target.value);
          fieldErrors.clear("received_at");
        }}
        error={errors.received_at}
      />
      <fieldset className="form-fieldset remittance-form__orders">
        <legend className="form-fieldset__legend">{t("couriers.cash.orders")}</legend>
        <FilterGroup
          label={t("couriers.cash.ordersFrom")}
          value={from}
          onChange={(value) => {
            setFrom(value);
            fieldErrors.show();
          }}
          options={[
            { value: "typed", label: t("couriers.cash.typed") },
            { value: "statement", label: t("couriers.cash.statement") },
          ]}
        />
        {from === "typed" ? (
          <>
            <ul className="remittance-form__lines">
              {lines.map((line, index) => (
                <li key={line.key} className={`remittance-form__line${linesInvalid ? " field--invalid" : ""}`}>
                  <label className="field">
                    <span className="field__label">{t("couriers.cash.orderNumber")}</span>
                    <input
                      className="field__control"
                      name="order_number"
                      autoComplete="off"
                      placeholder="SL-000123"
                      value={line.order_number}
                      onChange={(event) => changeLine(line.key, { order_number: event.target.value })}
                      aria-invalid={linesInvalid}
                      aria-describedby={linesInvalid && linesErrorId}
                    />
                  </label>
                  <label className="field">
                    <span className="field__label">{t("couriers.cash.lineAmount")}</span>
                    <input
                      className="field__control"
                      name="line_amount"
                      inputMode="decimal"
                      autoComplete="off"
                      value={line.amount}
                      onChange={(event) => changeLine(line.key, { amount: event.target.value })}
                      aria-invalid={linesInvalid}
                      aria-describedby={linesInvalid && linesErrorId}
                    />
                  </label>
                  {lines.length > 1 && (
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={t("couriers.cash.removeLine", { number: index + 1 })}
                      onClick={() => changeLines(lines.filter((other) => other.key !== line.key))}
                    >
                      {t("couriers.cash.remove")}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
            {errors.orders && (
              <p className="field__error" id={linesErrorId}>
                {errors.orders}
              </p>
            )}
            <div>
              <Button variant="outline" size="sm" onClick={addLine}>
                {t("couriers.cash.addLine")}
              </Button>
            </div>
          </>
        ) : (
          <>
            <TextField
              label={t("couriers.cash.statementFile")}
              name="statement_csv"
              type="file"
              accept=".csv,text/csv"
              hint={t("couriers.cash.statementHint")}
              onChange={onFile}
              error={errors.statement_csv}
            />
            {statement && (
              <p className="couriers__meta break-anywhere">{t("couriers.cash.fileChosen", { name: statement.name })}</p>
            )}
          </>
        )}
      </fieldset>
      {failure && <Alert tone="danger">{failure}</Alert>}
      <div className="button-row">
        <Button type="submit" loading={record.isPending}>
          {t("couriers.cash.record")}
        </Button>
      </div>
    </form>
  );
}
