// The admin's delivery fees by province (docs/product.md, "Delivery fees"): each province's fee and
// its delivery estimate in hours, in the interface's script, saved one province at a time. Phnom
// Penh is priced by sangkat, so only its estimate is here. The shared schema checks the values
// first; a refusal from the server shows next to the field it names.
import { useState, type FormEvent } from "react";
import { provinceFeeUpdateSchema, PHNOM_PENH, type ProvinceFee } from "@contract/delivery-fees.ts";
import { asciiDigits } from "@contract/khmer-digits.ts";
import { Alert, Button, Card, LoadingState, RetryAlert, TextField, useToast } from "@/components/ui/index.ts";
import { failureMessage } from "@/lib/api-client.ts";
import { useLocale } from "@/lib/i18n/index.ts";
import { useFieldErrors } from "@/lib/use-field-errors.ts";
import { t } from "@/features/admin-settings/i18n.ts";
import { useProvinceFees, useUpdateProvinceFee } from "@/features/admin-settings/api/province-fees.ts";
import "./province-fees.css";

const FIELDS = ["delivery_fee", "estimate_hours_min", "estimate_hours_max"] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const valuesOf = (saved: ProvinceFee): Values => ({
  delivery_fee: saved.delivery_fee === null ? "" : saved.delivery_fee.toFixed(2),
  estimate_hours_min: String(saved.estimate_hours_min),
  estimate_hours_max: String(saved.estimate_hours_max),
});

export function ProvinceFees() {
  const fees = useProvinceFees();
  return (
    <Card title={t("fees.title")}>
      <p className="muted-note">{t("fees.hint")}</p>
      {fees.isLoading ? (
        <LoadingState label={t("fees.loading")} />
      ) : fees.data ? (
        <ul className="province-fees">
          {fees.data.map((province) => (
            <li key={`${province.code}-${province.updated_at}`}>
              <ProvinceFeeForm saved={province} />
            </li>
          ))}
        </ul>
      ) : fees.canRetry ? (
        <RetryAlert title={t("fees.loadFailed")} onRetry={fees.refetch} retrying={fees.isFetching} />
      ) : (
        <Alert tone="info">{fees.error}</Alert>
      )}
    </Card>
  );
}

function ProvinceFeeForm({ saved }: { saved: ProvinceFee }) {
  const locale = useLocale();
  const toast = useToast();
  const { mutateAsync: save, isPending } = useUpdateProvinceFee();
  const [values, setValues] = useState<Values>(() => valuesOf(saved));
  const [failure, setFailure] = useState<string | null>(null);
  const { errors, formRef, ...fieldErrors } = useFieldErrors(FIELDS);
  const byCommune = saved.code === PHNOM_PENH;
  const initial = valuesOf(saved);
  const changed = FIELDS.filter((field) => values[field].trim() !== initial[field]);
  const name = locale === "km" ? saved.name_km : saved.name_en;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (changed.length === 0 || isPending) return;
    setFailure(null);
    const parsed = provinceFeeUpdateSchema.safeParse(
      Object.fromEntries(changed.map((field) => [field, Number(asciiDigits(values[field].trim()))])),
    );
    if (!parsed.success) {
      fieldErrors.fromSchema(parsed.error);
      return;
    }
    fieldErrors.show();
    try {
      await save({ code: saved.code, input: parsed.data });
      toast.success(t("fees.saved", { province: name }));
    } catch (error) {
      if (!fieldErrors.fromServer(error)) setFailure(failureMessage(error, t("fees.saveFailed")));
    }
  }

  const field = (field: Field, label: string, inputMode: "numeric" | "decimal") => (
    <TextField
      label={label}
      name={field}
      inputMode={inputMode}
      value={values[field]}
      onChange={(event) => {
        const value = event.target.value;
        setValues((current) => ({ ...current, [field]: value }));
        fieldErrors.clear(field);
      }}
      error={errors[field]}
    />
  );

  return (
    <form className="form province-fees__form" onSubmit={onSubmit} noValidate ref={formRef} aria-label={name}>
      <h3 className="province-fees__name">{name}</h3>
      {byCommune ? (
        <p className="muted-note">{t("fees.byCommune")}</p>
      ) : (
        field("delivery_fee", t("fees.fee"), "decimal")
      )}
      <div className="province-fees__hours">
        {field("estimate_hours_min", t("fees.hoursMin"), "numeric")}
        {field("estimate_hours_max", t("fees.hoursMax"), "numeric")}
      </div>
      {failure && <Alert tone="danger">{failure}</Alert>}
      <Button type="submit" size="sm" loading={isPending} disabled={changed.length === 0}>
        {t("fees.save")}
      </Button>
    </form>
  );
}
