// One campaign on the business dashboard: image, name, description, price, commission (1 decimal),
// status badge and Edit (the campaign screen). An inactive campaign stays listed, dimmed, saying it
// takes no new orders.
import type { Campaign } from "@contract/campaigns.ts";
import { editCampaignPath } from "@/config/paths.ts";
import { formatMoney, formatPercent } from "@/lib/format.ts";
import { t } from "@/features/business-dashboard/i18n.ts";
import { Badge, ProductImage } from "@/components/ui/index.ts";
import { ButtonLink } from "@/components/ui/button-link.tsx";

export function CampaignCard({ campaign }: { campaign: Campaign }) {
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
        {campaign.description && <p className="campaign-card__description">{campaign.description}</p>}
        <dl className="campaign-card__facts">
          <div>
            <dt>{t("campaigns.price")}</dt>
            <dd>{formatMoney(campaign.price_cents)}</dd>
          </div>
          <div>
            <dt>{t("campaigns.commission")}</dt>
            <dd>{formatPercent(campaign.commission_rate, 1)}</dd>
          </div>
        </dl>
        {!active && <p className="campaign-card__notice">{t("campaigns.inactiveNotice")}</p>}
        <div className="campaign-card__actions">
          <ButtonLink to={editCampaignPath(campaign.id)} variant="outline" size="sm">
            {t("campaigns.edit")}
            <span className="visually-hidden"> {campaign.product_name}</span>
          </ButtonLink>
        </div>
      </div>
    </li>
  );
}
