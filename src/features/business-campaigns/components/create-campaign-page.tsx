// Create campaign page (docs/product.md, "Screens" and "Campaigns"): product name, description,
// price in dollars, commission rate as a fraction (hint 'e.g. 0.15 for 15%', step 0.01), up to 5
// images by URL and/or upload, optional start and end dates (empty -> null). Success: 'Campaign
// created successfully!' and back to the business dashboard; failure: 'Failed to create campaign:
// {message}'.
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { paths } from "@/config/paths.ts";
import { campaignCreateSchema } from "@contract/campaigns.ts";
import { errorMessage } from "@/lib/api-client.ts";
import { useMe } from "@/lib/current-user.ts";
import { t } from "@/features/business-campaigns/i18n.ts";
import { useFieldErrors } from "@/lib/use-field-errors.ts";
import { ImageListField } from "@/components/forms/image-list-field.tsx";
import { PageHeader } from "@/components/layouts/page-header.tsx";
import { Alert, Button, Card, LoadingState, TextAreaField, TextField, useToast } from "@/components/ui/index.ts";
import { ButtonLink } from "@/components/ui/button-link.tsx";
import { useCreateCampaign } from "@/features/business-campaigns/api/create-campaign.ts";
import {
  emptyPageValues,
  PAGE_ALIASES,
  PAGE_INPUTS,
  PAGE_MAX_IMAGES,
  toPagePayload,
  validatePageForm,
  type CampaignPageValues,
} from "@/features/business-campaigns/utils/campaign-form.ts";

type TextKey = Exclude<keyof CampaignPageValues, "image_urls">;

export function CreateCampaignPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const me = useMe();
  const { mutateAsync: create, isPending } = useCreateCampaign();
  const [values, setValues] = useState<CampaignPageValues>(emptyPageValues);
  const { errors, formRef, ...fieldErrors } = useFieldErrors(PAGE_INPUTS, PAGE_ALIASES);
  const [imageErrors, setImageErrors] = useState<(string | null)[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  const approved = me.data?.status === "approved";
  const update = (field: TextKey) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const checked = validatePageForm(values);
    setImageErrors(checked.imageErrors);
    fieldErrors.show(checked.errors);
    if (Object.keys(checked.errors).length > 0) return;
    const payload = toPagePayload(values);
    // The server's own rules, from the schema it shares, on what the checks above let through.
    const parsed = campaignCreateSchema.safeParse(payload);
    if (!parsed.success) {
      fieldErrors.fromSchema(parsed.error);
      return;
    }
    try {
      await create(payload);
      toast.success(t("campaigns.createdSuccess"));
      navigate(paths.businessDashboard);
    } catch (error) {
      const message = t("campaigns.createFailedPage", { message: errorMessage(error, t("errors.generic")) });
      setFormError(message);
      toast.error(message);
      fieldErrors.fromServer(error, errorMessage(error, t("errors.generic")));
    }
  }

  const back = (
    <ButtonLink to={paths.businessDashboard} variant="ghost" size="sm">
      {t("common.backToDashboard")}
    </ButtonLink>
  );

  return (
    <div className="container page page--narrow">
      <PageHeader title={t("createCampaign.title")} subtitle={t("createCampaign.subtitle")} actions={back} />
      {me.isLoading ? (
        <LoadingState />
      ) : (
        <Card>
          {me.error && <Alert tone="danger">{me.error}</Alert>}
          {me.data && !approved && <Alert tone="warning">{t("business.campaigns.disabled")}</Alert>}
          <form className="form" onSubmit={onSubmit} noValidate ref={formRef} aria-label={t("createCampaign.title")}>
            {formError && <Alert tone="danger">{formError}</Alert>}
            <fieldset className="form-fieldset" disabled={!approved || isPending}>
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
                  type="number"
                  inputMode="decimal"
                  min="0.01"
                  step="0.01"
                  required
                  value={values.price}
                  onChange={update("price")}
                  error={errors.price}
                />
                <TextField
                  label={t("campaignForm.commissionRate")}
                  name="commission_rate"
                  type="number"
                  inputMode="decimal"
                  min="0.01"
                  max="0.99"
                  step="0.01"
                  required
                  hint={t("campaignForm.rateHint")}
                  value={values.commission_rate}
                  onChange={update("commission_rate")}
                  error={errors.commission_rate}
                />
              </div>
              <ImageListField
                label={t("campaignForm.images")}
                urls={values.image_urls}
                onChange={(image_urls) => setValues((current) => ({ ...current, image_urls }))}
                max={PAGE_MAX_IMAGES}
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
            <Button type="submit" block size="lg" loading={isPending} disabled={!approved || uploading}>
              {isPending ? t("campaignForm.creating") : t("campaignForm.create")}
            </Button>
          </form>
        </Card>
      )}
    </div>
  );
}
