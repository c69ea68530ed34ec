// My Affiliate Links (docs/product.md, "Screens"). Live: an UPDATE of one of the influencer's
// links (an admin's decision) refreshes the links and their keywords, one of a campaign (a
// deactivation, a new price or commission rate) the links, so a card turns approved within a
// second of the admin's click and shows a shop's new price as soon as it is saved.
import { useMemo } from "react";
import type { KeywordTrigger } from "@contract/links.ts";
import { paths } from "@/config/paths.ts";
import { t } from "@/features/influencer-dashboard/i18n.ts";
import { useTableInvalidation } from "@/lib/realtime-invalidation.ts";
import { liveTopics } from "@/lib/live-topics.ts";
import { Alert, Card, EmptyState, LoadingState, RetryAlert } from "@/components/ui/index.ts";
import { ButtonLink } from "@/components/ui/button-link.tsx";
import { useMyLinks } from "@/features/influencer-dashboard/api/get-my-links.ts";
import { useMyTriggers } from "@/features/influencer-dashboard/api/get-my-triggers.ts";
import { influencerKeys } from "@/features/influencer-dashboard/api/query-keys.ts";
import { AffiliateLinkCard } from "./affiliate-link-card.tsx";

interface MyAffiliateLinksProps {
  userId: string;
  /** Whether the influencer may browse and apply (not while rejected). */
  canApply: boolean;
}

export function MyAffiliateLinks({ userId, canApply }: MyAffiliateLinksProps) {
  const links = useMyLinks();
  const triggers = useMyTriggers();
  const refetch = () => {
    links.refetch();
    triggers.refetch();
  };
  const topic = liveTopics.influencer(userId);
  // Its links' decisions, and applications made elsewhere (another tab, another phone).
  useTableInvalidation({
    topic,
    table: "affiliate_links",
    event: "*",
    invalidates: [influencerKeys.links(), influencerKeys.triggers()],
  });
  // A change to a campaign the influencer has a link to refreshes the links, so a card shows its
  // campaign's new price or rate as soon as the shop saves it.
  useTableInvalidation({ topic, table: "campaigns", event: "UPDATE", invalidates: [influencerKeys.links()] });
  useTableInvalidation({ topic, table: "keyword_triggers", event: "*", invalidates: [influencerKeys.triggers()] });

  const triggerByLink = useMemo(() => {
    const map = new Map<string, KeywordTrigger>();
    for (const trigger of triggers.data ?? [])
      if (trigger.is_active || !map.has(trigger.affiliate_link_id)) map.set(trigger.affiliate_link_id, trigger);
    return map;
  }, [triggers.data]);

  const list = links.data ?? [];
  const browse = canApply && (
    <ButtonLink
      to={paths.influencerAvailableCampaigns}
      variant={list.length > 0 ? "outline" : "primary"}
      size={list.length > 0 ? "sm" : "md"}
    >
      {t("influencer.links.browse")}
    </ButtonLink>
  );

  return (
    <Card title={t("influencer.links.title")} actions={list.length > 0 ? browse : undefined}>
      {links.error && (
        <RetryAlert onRetry={refetch} retrying={links.isFetching}>
          {links.error}
        </RetryAlert>
      )}
      {triggers.error && !links.error && list.some((link) => link.status === "approved") && (
        <Alert tone="warning">{triggers.error}</Alert>
      )}
      {links.isLoading ? (
        <LoadingState />
      ) : list.length === 0 ? (
        !links.error && <EmptyState icon="link" title={t("influencer.links.empty")} action={browse} />
      ) : (
        <ul className="card-grid" aria-label={t("influencer.links.title")}>
          {list.map((link) => (
            <AffiliateLinkCard key={link.id} link={link} trigger={triggerByLink.get(link.id)} />
          ))}
        </ul>
      )}
    </Card>
  );
}
