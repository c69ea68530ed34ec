// The admin's Settings tab: the riel exchange rate (riel per US dollar) the checkout shows riel
// beside dollars with, the commission holding period (days after delivery before earnings can
// be requested), the ceiling on campaigns' commission rates, the hours after which orders left
// unconfirmed are cancelled, the fraud-flag thresholds, and the couriers' cash: whether earnings
// wait for it and how long a courier may hold it before the admins are reminded. Prices and every amount stay in
// dollars (docs/money.md). The shared schema checks the values first; a refusal from the server
// shows next to the field it names.
import { useState, type FormEvent } from "react";
import { asciiDigits } from "@contract/khmer-digits.ts";
import { settingsUpdateSchema, type Settings } from "@contract/settings.ts";
import { Alert, Button, Card, LoadingState, RetryAlert, Switch, TextField, useToast } from "@/components/ui/index.ts";
import { failureMessage } from "@/lib/api-client.ts";
import { formatRiel } from "@/lib/format.ts";
import { formatDateTime } from "@/lib/format-date.ts";
import { useFieldErrors } from "@/lib/use-field-errors.ts";
import { t } from "@/features/admin-settings/i18n.ts";
import { useSettings } from "@/features/admin-settings/api/get-settings.ts";
import { useUpdateSettings } from "@/features/admin-settings/api/update-settings.ts";

const FIELDS = [
  "riel_per_usd",
  "commission_hold_days",
  "repeat_phone_orders",
  "repeat_phone_hours",
  "refusal_flag_percent",
  "refusal_flag_min_finished",
  "max_commission_rate",
  "unconfirmed_cancel_hours",
  "courier_remit_days",
] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

/** The fraud-flag thresholds, grouped on the form under their own legend. */
const FLAG_FIELDS = [
  "repeat_phone_orders",
  "repeat_phone_hours",
  "refusal_flag_percent",
  "refusal_flag_min_finished",
] as const satisfies readonly Field[];

const valuesOf = (saved: Settings): Values =>
  Object.fromEntries(FIELDS.map((field) => [field, String(saved[field])])) as Values;

export function MarketplaceSettings() {
  const settings = useSettings();
  return (
    <Card title={t("settings.title")}>
      {settings.isLoading ? (
        <LoadingState label={t("settings.loading")} />
      ) : settings.data ? (
        <SettingsForm key={settings.data.updated_at} saved={settings.data} />
      ) : settings.canRetry ? (
        <RetryAlert title={t("settings.loadFailed")} onRetry={settings.refetch} retrying={settings.isFetching} />
      ) : (
        <Alert tone="info">{settings.error}</Alert>
      )}
    </Card>
  );
}

function SettingsForm({ saved }: { saved: Settings }) {
  const toast = useToast();
  const { mutateAsync: save, isPending } = useUpdateSettings();
  const [values, setValues] = useState<Values>(() => valuesOf(saved));
  const [releaseAfterRemittance, setReleaseAfterRemittance] = useState(saved.release_after_remittance);
  const [failure, setFailure] = useState<string | null>(null);
  const { errors, formRef, ...fieldErrors } = useFieldErrors(FIELDS);
  const changed = FIELDS.filter((field) => values[field].trim() !== String(saved[field]));
  const releaseChanged = releaseAfterRemittance !== saved.release_after_remittance;
  const dirty = changed.length > 0 || releaseChanged;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!dirty || isPending) return;
    setFailure(null);
    // Only what changed is sent: the other settings are left as they are.
    const parsed = settingsUpdateSchema.safeParse({
      // Typed in Khmer digits too (០-៩): sent as the number they are.
      ...Object.fromEntries(changed.map((field) => [field, Number(asciiDigits(values[field]).trim())])),
      ...(releaseChanged ? { release_after_remittance: releaseAfterRemittance } : {}),
    });
    if (!parsed.success) {
      fieldErrors.fromSchema(parsed.error);
      return;
    }
    fieldErrors.show();
    try {
      await save(parsed.data);
      toast.success(t("settings.saved"));
    } catch (error) {
      if (!fieldErrors.fromServer(error)) setFailure(failureMessage(error, t("settings.saveFailed")));
    }
  }

  const field = (name: Field, hint: string, inputMode: "numeric" | "decimal" = "numeric") => (
    <TextField
      key={name}
      label={t(`settings.${name}`)}
      name={name}
      inputMode={inputMode}
      required
      hint={hint}
      value={values[name]}
      onChange={(event) => {
        const value = event.target.value;
        setValues((current) => ({ ...current, [name]: value }));
        fieldErrors.clear(name);
      }}
      error={errors[name]}
    />
  );

  return (
    <form className="form" onSubmit={onSubmit} noValidate ref={formRef} aria-label={t("settings.title")}>
      {field(
        "riel_per_usd",
        t("settings.riel_per_usdHint", {
          example: formatRiel(100, Number(asciiDigits(values.riel_per_usd)) || saved.riel_per_usd),
        }),
      )}
      {field("commission_hold_days", t("settings.commission_hold_daysHint"))}
      {field("max_commission_rate", t("settings.max_commission_rateHint"), "decimal")}
      {field("unconfirmed_cancel_hours", t("settings.unconfirmed_cancel_hoursHint"))}
      <fieldset className="form-fieldset">
        <legend className="form-fieldset__legend">{t("settings.flagsLegend")}</legend>
        <p className="muted-note form-fieldset__hint">{t("settings.flagsHint")}</p>
        {FLAG_FIELDS.map((name) => field(name, t(`settings.${name}Hint`)))}
      </fieldset>
      <fieldset className="form-fieldset">
        <legend className="form-fieldset__legend">{t("settings.cashLegend")}</legend>
        <Switch
          checked={releaseAfterRemittance}
          onChange={setReleaseAfterRemittance}
          label={t("settings.release_after_remittance")}
          stateText={releaseAfterRemittance ? t("settings.on") : t("settings.off")}
        />
        <p className="muted-note form-fieldset__hint">{t("settings.release_after_remittanceHint")}</p>
        {field("courier_remit_days", t("settings.courier_remit_daysHint"))}
      </fieldset>
      {failure && <Alert tone="danger">{failure}</Alert>}
      <p className="muted-note">{t("settings.updated", { when: formatDateTime(saved.updated_at) })}</p>
      <Button type="submit" loading={isPending} disabled={!dirty}>
        {t("settings.save")}
      </Button>
    </form>
  );
}
