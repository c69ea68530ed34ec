// The campaign screen (docs/product.md, "Screens"): one form creates a campaign
// (/business/create-campaign) and edits one (/business/campaigns/{id}/edit). Product name,
// description, price in dollars, commission rate in percent (sent as a fraction), 1 to 5 images
// by URL or upload (PNG, JPG or GIF up to 10MB each), optional start and end dates; both send the
// one payload of POST /campaigns and PUT /campaigns/{id}. Editing also deactivates, one-way, after
// a confirmation. Success says 'Campaign created successfully!' (or updated) and returns to where
// the screen was opened from: Campaign Management, else the dashboard.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { campaignCreateSchema, MAX_CAMPAIGN_IMAGES, type Campaign } from "@contract/campaigns.ts";
import { paths } from "@/config/paths.ts";
import { errorMessage, failureMessage, serverMessage } from "@/lib/api-client.ts";
import { useBusinessCampaigns } from "@/lib/campaigns.ts";
import { useMe } from "@/lib/current-user.ts";
import { t } from "@/features/business-campaigns/i18n.ts";
import { useFieldErrors } from "@/lib/use-field-errors.ts";
import { ImageListField } from "@/components/forms/image-list-field.tsx";
import { PageHeader } from "@/components/layouts/page-header.tsx";
import {
  Alert,
  Button,
  Card,
  LoadingState,
  RetryAlert,
  TextAreaField,
  TextField,
  useToast,
} from "@/components/ui/index.ts";
import { ButtonLink } from "@/components/ui/button-link.tsx";
import { useCreateCampaign } from "@/features/business-campaigns/api/create-campaign.ts";
import { useUpdateCampaign } from "@/features/business-campaigns/api/update-campaign.ts";
import {
  CAMPAIGN_INPUTS,
  campaignValues,
  emptyCampaignValues,
  toCampaignPayload,
  validateCampaignForm,
  type CampaignFormValues,
  type CampaignPayload,
} from "@/features/business-campaigns/utils/campaign-form.ts";

/** Where the screen was opened from (a link's `state.from`): Campaign Management, else the dashboard. */
export interface CampaignScreenState {
  from?: string;
}

function useReturnPath(): string {
  const state = useLocation().state as CampaignScreenState | null;
  return state?.from === paths.businessCampaigns ? paths.businessCampaigns : paths.businessDashboard;
}

interface CampaignScreenProps {
  /** The campaign to edit; none creates a new one. */
  campaignId?: string;
}

export function CampaignScreen({ campaignId }: CampaignScreenProps) {
  return campaignId ? <EditCampaign id={campaignId} /> : <CreateCampaign />;
}

function Frame({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  const back = useReturnPath();
  return (
    <div className="container page page--narrow">
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          <ButtonLink to={back} variant="ghost" size="sm">
            {back === paths.businessCampaigns ? t("manageCampaigns.back") : t("common.backToDashboard")}
          </ButtonLink>
        }
      />
      {children}
    </div>
  );
}

function CreateCampaign() {
  const navigate = useNavigate();
  const back = useReturnPath();
  const toast = useToast();
  const me = useMe();
  const { mutateAsync: create, isPending } = useCreateCampaign();
  const approved = me.data?.status === "approved";

  async function submit(payload: CampaignPayload) {
    await create(payload);
    toast.success(t("campaigns.createdSuccess"));
    navigate(back);
  }

  return (
    <Frame title={t("createCampaign.title")} subtitle={t("createCampaign.subtitle")}>
      {me.isLoading ? (
        <LoadingState />
      ) : (
        <Card>
          {me.error && <Alert tone="danger">{me.error}</Alert>}
          {me.data && !approved && <Alert tone="warning">{t("business.campaigns.disabled")}</Alert>}
          <CampaignForm
            label={t("createCampaign.title")}
            initial={emptyCampaignValues()}
            enabled={approved}
            pending={isPending}
            submitLabel={isPending ? t("campaignForm.creating") : t("campaignForm.create")}
            failure={(message) => t("campaigns.createFailedPage", { message })}
            onSubmit={submit}
          />
        </Card>
      )}
    </Frame>
  );
}

function EditCampaign({ id }: { id: string }) {
  const navigate = useNavigate();
  const back = useReturnPath();
  const toast = useToast();
  const me = useMe();
  const campaigns = useBusinessCampaigns();
  const { mutateAsync: update, isPending } = useUpdateCampaign();
  const campaign = campaigns.data?.find((item) => item.id === id);
  const approved = me.data?.status === "approved";

  async function submit(payload: CampaignPayload) {
    await update({ id, update: payload });
    toast.success(t("campaigns.updated"));
    navigate(back);
  }

  return (
    <Frame title={t("editCampaign.title")} subtitle={t("editCampaign.subtitle")}>
      {campaigns.error && (
        <RetryAlert onRetry={campaigns.refetch} retrying={campaigns.isFetching}>
          {campaigns.error}
        </RetryAlert>
      )}
      {me.isLoading || campaigns.isLoading ? (
        <LoadingState />
      ) : !campaign ? (
        !campaigns.error && <Alert tone="warning">{t("editCampaign.notFound")}</Alert>
      ) : (
        <Card title={campaign.product_name}>
          <div className="stack">
            {me.error && <Alert tone="danger">{me.error}</Alert>}
            {me.data && !approved && <Alert tone="warning">{t("editCampaign.disabled")}</Alert>}
            {!campaign.is_active && <Alert tone="info">{t("campaigns.inactiveNotice")}</Alert>}
            <CampaignForm
              label={t("editCampaign.title")}
              initial={campaignValues(campaign)}
              enabled={approved}
              pending={isPending}
              submitLabel={isPending ? t("campaignForm.saving") : t("campaignForm.save")}
              failure={(message) => t("campaigns.updateFailedPage", { message })}
              onSubmit={submit}
            />
            {campaign.is_active && approved && <DeactivateCampaign campaign={campaign} onDone={() => navigate(back)} />}
          </div>
        </Card>
      )}
    </Frame>
  );
}

interface CampaignFormProps {
  /** The form's accessible name. */
  label: string;
  initial: CampaignFormValues;
  /** Only an approved business may create or edit. */
  enabled: boolean;
  pending: boolean;
  submitLabel: string;
  /** The message above the form for a refused or failed save. */
  failure: (message: string) => string;
  /** Sends the payload; throws when the server refuses it. */
  onSubmit: (payload: CampaignPayload) => Promise<void>;
}

function CampaignForm({ label, initial, enabled, pending, submitLabel, failure, onSubmit }: CampaignFormProps) {
  const toast = useToast();
  const [values, setValues] = useState<CampaignFormValues>(initial);
  const { errors, formRef, ...fieldErrors } = useFieldErrors(CAMPAIGN_INPUTS);
  const [imageErrors, setImageErrors] = useState<(string | null)[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  const update = (field: Exclude<keyof CampaignFormValues, "image_urls">) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const checked = validateCampaignForm(values);
    setImageErrors(checked.imageErrors);
    fieldErrors.show(checked.errors);
    if (Object.keys(checked.errors).length > 0) return;
    const payload = toCampaignPayload(values);
    // The server's own rules, from the schema it shares, on what the checks above let through.
    const parsed = campaignCreateSchema.safeParse(payload);
    if (!parsed.success) {
      fieldErrors.fromSchema(parsed.error);
      return;
    }
    try {
      await onSubmit(payload);
    } catch (error) {
      const message = failure(errorMessage(error, t("errors.generic")));
      setFormError(message);
      toast.error(message);
      fieldErrors.fromServer(error, errorMessage(error, t("errors.generic")));
    }
  }

  return (
    <form className="form" onSubmit={submit} noValidate ref={formRef} aria-label={label}>
      {formError && <Alert tone="danger">{formError}</Alert>}
      <fieldset className="form-fieldset" disabled={!enabled || pending}>
        <TextField
          label={t("campaignForm.productName")}
          name="product_name"
          required
          maxLength={200}
          value={values.product_name}
          onChange={update("product_name")}
          error={errors.product_name}
        />
        <TextAreaField
          label={t("campaignForm.description")}
          name="description"
          maxLength={5000}
          value={values.description}
          onChange={update("description")}
          error={errors.description}
        />
        <div className="form-row">
          <TextField
            label={t("campaignForm.priceDollars")}
            name="price"
            inputMode="decimal"
            required
            value={values.price}
            onChange={update("price")}
            error={errors.price}
          />
          <TextField
            label={t("campaignForm.commissionPercent")}
            name="commission_rate"
            inputMode="numeric"
            required
            hint={t("campaignForm.percentHint")}
            value={values.commission_rate}
            onChange={update("commission_rate")}
            error={errors.commission_rate}
          />
        </div>
        <ImageListField
          label={t("campaignForm.images")}
          urls={values.image_urls}
          onChange={(image_urls) => setValues((current) => ({ ...current, image_urls }))}
          max={MAX_CAMPAIGN_IMAGES}
          required
          error={errors.image_urls}
          rowErrors={imageErrors}
          onUploadingChange={setUploading}
        />
        <div className="form-row">
          <TextField
            label={t("campaignForm.startDate")}
            name="start_date"
            type="date"
            value={values.start_date}
            onChange={update("start_date")}
            error={errors.start_date}
          />
          <TextField
            label={t("campaignForm.endDate")}
            name="end_date"
            type="date"
            min={values.start_date || undefined}
            value={values.end_date}
            onChange={update("end_date")}
            error={errors.end_date}
          />
        </div>
      </fieldset>
      <Button type="submit" block size="lg" loading={pending} disabled={!enabled || uploading}>
        {submitLabel}
      </Button>
    </form>
  );
}

/** Deactivation is one-way, so it asks first; an inactive campaign is never offered it. */
function DeactivateCampaign({ campaign, onDone }: { campaign: Campaign; onDone: () => void }) {
  const toast = useToast();
  const { mutateAsync: update, isPending } = useUpdateCampaign();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The confirmation takes focus, so a keyboard user lands on the question just asked.
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);
  const headingId = `deactivate-${campaign.id}`;

  async function deactivate() {
    setFailure(null);
    try {
      await update({ id: campaign.id, update: { status: "inactive" } });
      toast.success(t("campaigns.deactivated", { name: campaign.product_name }));
      onDone();
    } catch (error) {
      setConfirming(false);
      setFailure(serverMessage(error) ?? failureMessage(error, ""));
    }
  }

  return (
    <section className="danger-zone" aria-labelledby={headingId}>
      <h3 className="danger-zone__title" id={headingId}>
        {t("campaigns.deactivateTitle")}
      </h3>
      {failure !== null && (
        <Alert tone="danger" title={t("campaigns.deactivateFailed")}>
          {failure || null}
        </Alert>
      )}
      {confirming ? (
        <div role="alertdialog" aria-labelledby={`confirm-${campaign.id}`} className="danger-zone__confirm">
          <p id={`confirm-${campaign.id}`}>
            <strong>{t("campaigns.deactivateConfirm", { name: campaign.product_name })}</strong>{" "}
            {t("campaigns.deactivateBody")}
          </p>
          <div className="button-row">
            <Button variant="danger" onClick={deactivate} loading={isPending} ref={confirmButton}>
              {t("campaigns.deactivateYes")}
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(false)} disabled={isPending}>
              {t("common.cancel")}
            </Button>
          </div>
        </div>
      ) : (
        <>
          <p className="muted-note">{t("campaigns.deactivateBody")}</p>
          <Button variant="danger" onClick={() => setConfirming(true)}>
            {t("campaigns.deactivate")}
          </Button>
        </>
      )}
    </section>
  );
}
