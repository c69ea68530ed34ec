// Campaign management view (docs/product.md, "Screens" and "Campaigns"): a create form (product
// name, price, commission rate, start and end dates, description, up to 3 image URLs of which only
// the first is required; all other fields required) sending the dashboard payload, and the list of
// the business's campaigns with the commission in percent with two decimals.
import { useState, type FormEvent } from "react";
import { campaignCreateSchema, type Campaign } from "@contract/campaigns.ts";
import { paths } from "@/config/paths.ts";
import { errorMessage } from "@/lib/api-client.ts";
import { useBusinessCampaigns } from "@/lib/campaigns.ts";
import { useMe } from "@/lib/current-user.ts";
import { formatDate, formatDateTime, formatMoney, formatPercent } from "@/lib/format.ts";
import { t } from "@/features/business-campaigns/i18n.ts";
import { useFieldErrors } from "@/lib/use-field-errors.ts";
import { PageHeader } from "@/components/layouts/page-header.tsx";
import {
  Alert,
  Badge,
  Button,
  Card,
  EmptyState,
  LoadingState,
  ProductImage,
  RetryAlert,
  TextAreaField,
  TextField,
  useToast,
} from "@/components/ui/index.ts";
import { ButtonLink } from "@/components/ui/button-link.tsx";
import { useCreateCampaign } from "@/features/business-campaigns/api/create-campaign.ts";
import {
  DASHBOARD_ALIASES,
  DASHBOARD_IMAGE_FIELDS,
  DASHBOARD_INPUTS,
  emptyDashboardValues,
  toDashboardPayload,
  validateDashboardForm,
  type CampaignDashboardValues,
} from "@/features/business-campaigns/utils/campaign-form.ts";

/** Creates through useCreateCampaign, whose answer adds the campaign to the list beside it. */
function CreateCampaignForm({ approved }: { approved: boolean }) {
  const toast = useToast();
  const { mutateAsync: create, isPending } = useCreateCampaign();
  const [values, setValues] = useState<CampaignDashboardValues>(emptyDashboardValues);
  const { errors, formRef, ...fieldErrors } = useFieldErrors(DASHBOARD_INPUTS, DASHBOARD_ALIASES);
  const [formError, setFormError] = useState<string | null>(null);

  const field = (name: keyof CampaignDashboardValues) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
    error: errors[name],
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const found = validateDashboardForm(values);
    fieldErrors.show(found);
    if (Object.keys(found).length > 0) return;
    const payload = toDashboardPayload(values);
    // The server's own rules, from the schema it shares, on what the checks above let through.
    const checked = campaignCreateSchema.safeParse(payload);
    if (!checked.success) {
      fieldErrors.fromSchema(checked.error);
      return;
    }
    try {
      await create(payload);
      toast.success(t("campaigns.createdSuccess"));
      setValues(emptyDashboardValues());
    } catch (error) {
      const message = errorMessage(error, t("campaigns.createFailed"));
      setFormError(message);
      fieldErrors.fromServer(error, message);
    }
  }

  return (
    <Card title={t("manageCampaigns.createTitle")}>
      {!approved && <Alert tone="warning">{t("business.campaigns.disabled")}</Alert>}
      <form className="form" onSubmit={onSubmit} noValidate ref={formRef} aria-label={t("manageCampaigns.createTitle")}>
        {formError && <Alert tone="danger">{formError}</Alert>}
        <fieldset className="form-fieldset" disabled={!approved || isPending}>
          <TextField label={t("campaignForm.productName")} required maxLength={200} {...field("product_name")} />
          <div className="form-row">
            <TextField
              label={t("campaignForm.priceDollars")}
              type="number"
              inputMode="decimal"
              min="0.01"
              step="0.01"
              required
              {...field("product_price")}
            />
            <TextField
              label={t("campaignForm.commissionRate")}
              type="number"
              inputMode="decimal"
              min="0.01"
              max="0.99"
              step="0.01"
              required
              hint={t("campaignForm.rateHint")}
              {...field("commission_rate")}
            />
          </div>
          <div className="form-row">
            <TextField label={t("campaignForm.startDate")} type="date" required {...field("start_date")} />
            <TextField
              label={t("campaignForm.endDate")}
              type="date"
              required
              min={values.start_date || undefined}
              {...field("end_date")}
            />
          </div>
          <TextAreaField
            label={t("campaignForm.description")}
            required
            maxLength={5000}
            {...field("product_description")}
          />
          {DASHBOARD_IMAGE_FIELDS.map((name, index) => (
            <TextField
              key={name}
              label={t("images.urlLabel", { n: index + 1 })}
              type="url"
              inputMode="url"
              placeholder="https://"
              required={index === 0}
              hint={index === 0 ? t("manageCampaigns.imagesHint") : undefined}
              {...field(name)}
            />
          ))}
        </fieldset>
        <Button type="submit" block loading={isPending} disabled={!approved}>
          {isPending ? t("campaignForm.creating") : t("campaignForm.create")}
        </Button>
      </form>
    </Card>
  );
}

function CampaignRow({ campaign }: { campaign: Campaign }) {
  const active = campaign.status === "active";
  return (
    <li className={`campaign-row${active ? "" : " campaign-row--inactive"}`} aria-label={campaign.product_name}>
      <ProductImage url={campaign.image_urls[0]} alt={campaign.product_name} size="thumb" />
      <div className="campaign-row__main">
        <div className="campaign-row__head">
          <h3 className="campaign-row__name break-anywhere">{campaign.product_name}</h3>
          <Badge tone={active ? "success" : "neutral"}>
            <span className="visually-hidden">{t("campaigns.status")}: </span>
            {t(`campaigns.status.${campaign.status}`)}
          </Badge>
        </div>
        <dl className="details">
          <div className="details__row">
            <dt>{t("campaigns.price")}</dt>
            <dd>{formatMoney(campaign.price_cents)}</dd>
          </div>
          <div className="details__row">
            <dt>{t("campaigns.commission")}</dt>
            <dd>{formatPercent(campaign.commission_rate, 2)}</dd>
          </div>
          <div className="details__row">
            <dt>{t("campaigns.runs")}</dt>
            <dd>
              {campaign.start_date || campaign.end_date
                ? t("campaigns.dateRange", {
                    start: formatDate(campaign.start_date, "UTC"),
                    end: formatDate(campaign.end_date, "UTC"),
                  })
                : t("common.notAvailable")}
            </dd>
          </div>
          <div className="details__row">
            <dt>{t("campaigns.created")}</dt>
            <dd>
              <time dateTime={campaign.created_at}>{formatDateTime(campaign.created_at)}</time>
            </dd>
          </div>
        </dl>
        {!active && <p className="muted-note">{t("campaigns.inactiveNotice")}</p>}
      </div>
    </li>
  );
}

export function CampaignManagement() {
  const me = useMe();
  const campaigns = useBusinessCampaigns();
  const list = campaigns.data ?? [];

  return (
    <div className="container page">
      <PageHeader
        title={t("manageCampaigns.title")}
        subtitle={t("manageCampaigns.subtitle")}
        actions={
          <ButtonLink to={paths.businessDashboard} variant="ghost" size="sm">
            {t("common.backToDashboard")}
          </ButtonLink>
        }
      />
      <div className="manage-layout">
        {me.isLoading ? <LoadingState /> : <CreateCampaignForm approved={me.data?.status === "approved"} />}
        <Card title={t("manageCampaigns.listTitle")}>
          {campaigns.error && (
            <RetryAlert onRetry={campaigns.refetch} retrying={campaigns.isFetching}>
              {campaigns.error}
            </RetryAlert>
          )}
          {campaigns.isLoading ? (
            <LoadingState />
          ) : list.length === 0 ? (
            !campaigns.error && <EmptyState icon="store" title={t("manageCampaigns.empty")} />
          ) : (
            <ul className="campaign-list" aria-label={t("manageCampaigns.listTitle")}>
              {list.map((campaign) => (
                <CampaignRow key={campaign.id} campaign={campaign} />
              ))}
            </ul>
          )}
        </Card>
      </div>
    </div>
  );
}
