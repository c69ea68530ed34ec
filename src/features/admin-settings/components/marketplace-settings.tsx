// The admin's Settings tab: the riel exchange rate (riel per US dollar) the checkout shows riel
// beside dollars with, and the commission holding period (days after delivery before earnings can
// be requested). Prices and every amount stay in dollars (docs/money.md). The shared schema checks
// the values first; a refusal from the server shows next to the field it names.
import { useState, type FormEvent } from "react";
import { settingsUpdateSchema, type Settings } from "@contract/settings.ts";
import { Alert, Button, Card, LoadingState, RetryAlert, TextField, useToast } from "@/components/ui/index.ts";
import { failureMessage } from "@/lib/api-client.ts";
import { formatDateTime, formatRiel } from "@/lib/format.ts";
import { useFieldErrors } from "@/lib/use-field-errors.ts";
import { t } from "@/features/admin-settings/i18n.ts";
import { useSettings } from "@/features/admin-settings/api/get-settings.ts";
import { useUpdateSettings } from "@/features/admin-settings/api/update-settings.ts";

const FIELDS = ["riel_per_usd", "commission_hold_days"] as const;

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
  const [rate, setRate] = useState(String(saved.riel_per_usd));
  const [holdDays, setHoldDays] = useState(String(saved.commission_hold_days));
  const [failure, setFailure] = useState<string | null>(null);
  const { errors, formRef, ...fieldErrors } = useFieldErrors(FIELDS);
  const rateChanged = rate.trim() !== String(saved.riel_per_usd);
  const holdChanged = holdDays.trim() !== String(saved.commission_hold_days);
  const dirty = rateChanged || holdChanged;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!dirty || isPending) return;
    setFailure(null);
    // Only what changed is sent: the other setting is left as it is.
    const parsed = settingsUpdateSchema.safeParse({
      ...(rateChanged ? { riel_per_usd: Number(rate.trim()) } : {}),
      ...(holdChanged ? { commission_hold_days: Number(holdDays.trim()) } : {}),
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

  return (
    <form className="form" onSubmit={onSubmit} noValidate ref={formRef} aria-label={t("settings.title")}>
      <TextField
        label={t("settings.rielPerUsd")}
        name="riel_per_usd"
        inputMode="numeric"
        required
        hint={t("settings.rielPerUsdHint", { example: formatRiel(100, Number(rate) || saved.riel_per_usd) })}
        value={rate}
        onChange={(event) => {
          setRate(event.target.value);
          fieldErrors.clear("riel_per_usd");
        }}
        error={errors.riel_per_usd}
      />
      <TextField
        label={t("settings.commissionHoldDays")}
        name="commission_hold_days"
        inputMode="numeric"
        required
        hint={t("settings.commissionHoldDaysHint")}
        value={holdDays}
        onChange={(event) => {
          setHoldDays(event.target.value);
          fieldErrors.clear("commission_hold_days");
        }}
        error={errors.commission_hold_days}
      />
      {failure && <Alert tone="danger">{failure}</Alert>}
      <p className="muted-note">{t("settings.updated", { when: formatDateTime(saved.updated_at) })}</p>
      <Button type="submit" loading={isPending} disabled={!dirty}>
        {t("settings.save")}
      </Button>
    </form>
  );
}
