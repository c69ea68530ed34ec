// Campaign Management (docs/product.md, "Screens"): the business's campaigns, newest
// first, with price, commission in percent (two decimals), dates and status, each with Edit, and
// Create Campaign once the account is approved. Both open the one campaign screen, which comes
// back here when done.
import type { Campaign } from "@contract/campaigns.ts";
import { editCampaignPath, paths } from "@/config/paths.ts";
import { useBusinessCampaigns } from "@/lib/campaigns.ts";
import { useMe } from "@/lib/current-user.ts";
import { formatMoney, formatPercent } from "@/lib/format.ts";
import { formatDate, formatDateTime } from "@/lib/format-date.ts";
import { t } from "@/features/business-campaigns/i18n.ts";
import { PageHeader } from "@/components/layouts/page-header.tsx";
import { Badge, Button, Card, EmptyState, LoadingState, ProductImage, RetryAlert } from "@/components/ui/index.ts";
import { ButtonLink } from "@/components/ui/button-link.tsx";
import type { CampaignScreenState } from "./campaign-screen.tsx";

/** The campaign screen comes back to this list. */
const fromHere: CampaignScreenState = { from: paths.businessCampaigns };

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
        <div className="button-row">
          <ButtonLink to={editCampaignPath(campaign.id)} state={fromHere} variant="outline" size="sm">
            {t("campaigns.edit")}
            <span className="visually-hidden"> {campaign.product_name}</span>
          </ButtonLink>
        </div>
      </div>
    </li>
  );
}

export function CampaignManagement() {
  const me = useMe();
  const campaigns = useBusinessCampaigns();
  const list = campaigns.data ?? [];
  const approved = me.data?.status === "approved";

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
      <Card
        title={t("manageCampaigns.listTitle")}
        actions={
          approved ? (
            <ButtonLink to={paths.businessCreateCampaign} state={fromHere}>
              {t("campaignForm.create")}
            </ButtonLink>
          ) : (
            <Button disabled aria-describedby="campaign-creation-disabled">
              {t("campaignForm.create")}
            </Button>
          )
        }
      >
        {me.data && !approved && (
          <p id="campaign-creation-disabled" className="muted-note">
            {t("business.campaigns.disabled")}
          </p>
        )}
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
  );
}
