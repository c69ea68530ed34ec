// Available campaigns (docs/product.md, "Screens" and "When something fails"): the active campaigns
// as a grid, sorted Newest or Highest Commission, each with Apply for Link (or the status of the
// influencer's application to it). Success says the application is pending and goes to the
// influencer dashboard; a failure shows the server's message, 'Failed to apply for the affiliate
// link.' or 'An unexpected error occurred.'
import { useMemo, useState } from "react";
import { useNavigate } from "react-router-dom";
import type { AvailableCampaign } from "@contract/campaigns.ts";
import { paths } from "@/config/paths.ts";
import { ApiError, serverMessage } from "@/lib/api-client.ts";
import { t } from "@/features/available-campaigns/i18n.ts";
import { PageHeader } from "@/components/layouts/page-header.tsx";
import { Alert, EmptyState, FilterGroup, LoadingState, RetryAlert, useToast } from "@/components/ui/index.ts";
import { ButtonLink } from "@/components/ui/button-link.tsx";
import { useActiveCampaigns } from "@/features/available-campaigns/api/get-active-campaigns.ts";
import { useApplyForLink } from "@/features/available-campaigns/api/apply-for-link.ts";
import { sortCampaigns, type CampaignSort } from "@/features/available-campaigns/utils/sort-campaigns.ts";
import { AvailableCampaignCard } from "./available-campaign-card.tsx";

/** The text for a failed application: the server's, else the original app's fixed ones. */
export function applyFailureMessage(error: unknown): string {
  const fromServer = serverMessage(error);
  if (fromServer) return fromServer;
  if (error instanceof ApiError && error.kind === "timeout") return error.message;
  if (error instanceof ApiError && error.kind === "http") return t("available.applyFailed");
  return t("errors.unexpected");
}

export function AvailableCampaigns() {
  const navigate = useNavigate();
  const toast = useToast();
  const campaigns = useActiveCampaigns();
  const apply = useApplyForLink();
  const [sort, setSort] = useState<CampaignSort>("newest");
  const [applyingId, setApplyingId] = useState<string | null>(null);
  const [applyError, setApplyError] = useState<string | null>(null);
  const sorted = useMemo(() => sortCampaigns(campaigns.data ?? [], sort), [campaigns.data, sort]);

  async function onApply(campaign: AvailableCampaign) {
    setApplyError(null);
    setApplyingId(campaign.id);
    try {
      const answer = await apply.mutateAsync(campaign.id);
      toast.success(answer.message || t("available.applied"));
      navigate(paths.influencerDashboard);
    } catch (error) {
      const message = applyFailureMessage(error);
      setApplyError(message);
      toast.error(message);
      setApplyingId(null);
    }
  }

  const back = (
    <ButtonLink to={paths.influencerDashboard} variant="outline" size="sm">
      {t("common.backToDashboard")}
    </ButtonLink>
  );

  return (
    <div className="container page">
      <PageHeader title={t("available.title")} subtitle={t("available.subtitle")} actions={back} />
      <div className="stack">
        <FilterGroup<CampaignSort>
          label={t("available.sortLabel")}
          value={sort}
          onChange={setSort}
          options={[
            { value: "newest", label: t("available.sort.newest") },
            { value: "commission", label: t("available.sort.commission") },
          ]}
        />
        {applyError && <Alert tone="danger">{applyError}</Alert>}
        {campaigns.error && !campaigns.canRetry && <Alert tone="info">{campaigns.error}</Alert>}
        {campaigns.error && campaigns.canRetry && (
          <RetryAlert title={t("available.loadFailed")} onRetry={campaigns.refetch} retrying={campaigns.isFetching}>
            {campaigns.error !== t("available.loadFailed") ? campaigns.error : null}
          </RetryAlert>
        )}
        {campaigns.isLoading ? (
          <LoadingState label={t("available.loading")} />
        ) : sorted.length === 0 ? (
          !campaigns.error && <EmptyState icon="megaphone" title={t("available.empty")} />
        ) : (
          <ul className="card-grid campaign-grid" aria-label={t("available.title")}>
            {sorted.map((campaign) => (
              <AvailableCampaignCard
                key={campaign.id}
                campaign={campaign}
                applying={applyingId === campaign.id}
                disabled={applyingId !== null}
                onApply={onApply}
              />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
