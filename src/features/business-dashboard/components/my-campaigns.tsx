// My Campaigns (docs/product.md, "Screens"): the business's campaigns as a grid with Edit, and
// Create Campaign only once the account is approved; both open the campaign screen.
import { paths } from "@/config/paths.ts";
import { useBusinessCampaigns } from "@/lib/campaigns.ts";
import { t } from "@/features/business-dashboard/i18n.ts";
import { Button, Card, EmptyState, LoadingState, RetryAlert } from "@/components/ui/index.ts";
import { ButtonLink } from "@/components/ui/button-link.tsx";
import { CampaignCard } from "./campaign-card.tsx";

export function MyCampaigns({ approved }: { approved: boolean }) {
  const campaigns = useBusinessCampaigns();
  const list = campaigns.data ?? [];

  return (
    <Card
      title={t("business.campaigns.title")}
      actions={
        <>
          {list.length > 0 && (
            <ButtonLink to={paths.businessCampaigns} variant="ghost" size="sm">
              {t("business.campaigns.manage")}
            </ButtonLink>
          )}
          {approved ? (
            <ButtonLink to={paths.businessCreateCampaign}>{t("business.campaigns.create")}</ButtonLink>
          ) : (
            <Button disabled aria-describedby="campaign-creation-disabled">
              {t("business.campaigns.create")}
            </Button>
          )}
        </>
      }
    >
      {!approved && (
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
        !campaigns.error && (
          <EmptyState icon="store" title={t("business.campaigns.empty")} body={t("business.campaigns.emptyHint")} />
        )
      ) : (
        <ul className="card-grid campaign-grid" aria-label={t("business.campaigns.title")}>
          {list.map((campaign) => (
            <CampaignCard key={campaign.id} campaign={campaign} />
          ))}
        </ul>
      )}
    </Card>
  );
}
