// One active campaign for an influencer: image, product name, price, commission (1 decimal),
// status, end date or N/A, and Apply for Link, or, once the influencer applied, the application's
// status (Pending, Approved, Rejected) instead: the server refuses a second application.
import type { AvailableCampaign } from "@contract/campaigns.ts";
import type { LinkStatus } from "@contract/links.ts";
import { formatMoney, formatPercent } from "@/lib/format.ts";
import { formatDate } from "@/lib/format-date.ts";
import { t } from "@/features/available-campaigns/i18n.ts";
import { Badge, Button, ProductImage, type BadgeTone } from "@/components/ui/index.ts";

const applicationTone: Record<LinkStatus, BadgeTone> = {
  pending: "warning",
  approved: "success",
  rejected: "danger",
};

interface AvailableCampaignCardProps {
  campaign: AvailableCampaign;
  applying: boolean;
  disabled: boolean;
  onApply: (campaign: AvailableCampaign) => void;
}

export function AvailableCampaignCard({ campaign, applying, disabled, onApply }: AvailableCampaignCardProps) {
  const active = campaign.is_active;
  return (
    <li className={`card campaign-card${active ? "" : " campaign-card--inactive"}`} aria-label={campaign.product_name}>
      <ProductImage url={campaign.image_urls[0]} alt={campaign.product_name} />
      <div className="campaign-card__body">
        <div className="campaign-card__head">
          <h3 className="campaign-card__name break-anywhere">{campaign.product_name}</h3>
          <Badge tone={active ? "success" : "neutral"}>
            <span className="visually-hidden">{t("campaigns.status")}: </span>
            {t(`campaigns.status.${campaign.status}`)}
          </Badge>
        </div>
        <dl className="campaign-card__facts">
          <div>
            <dt>{t("campaigns.price")}</dt>
            <dd>{formatMoney(campaign.price_cents)}</dd>
          </div>
          <div>
            <dt>{t("campaigns.commission")}</dt>
            <dd>{formatPercent(campaign.commission_rate, 1)}</dd>
          </div>
          <div>
            <dt>{t("campaigns.endDate")}</dt>
            <dd>{formatDate(campaign.end_date, "UTC")}</dd>
          </div>
        </dl>
        <div className="campaign-card__actions">
          {campaign.application_status ? (
            <p className="campaign-card__applied">
              {t("available.appliedLabel")}{" "}
              <Badge tone={applicationTone[campaign.application_status]}>
                {t(`available.application.${campaign.application_status}`)}
              </Badge>
            </p>
          ) : (
            <Button block onClick={() => onApply(campaign)} loading={applying} disabled={disabled || !active}>
              {t("available.apply")}
              <span className="visually-hidden"> {campaign.product_name}</span>
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}
