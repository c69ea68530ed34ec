// One of My Affiliate Links (docs/product.md, "Affiliate links (applications)"): campaign name, the campaign's price and commission as
// they are now (a shop may change them; orders keep theirs), keyword, status (pending, approved,
// rejected, or inactive once the campaign was deactivated). Only an approved link of an active
// campaign shows its short URL (the link to share, which counts clicks) with Copy and Download QR
// Code (the QR code says `?s=qr`, so its scans count apart), and its keyword's Instagram reply.
// A link rejected on its first application offers Apply again (once, while its campaign is active);
// the answer replaces the card, pending again. After a second rejection the card says it is final.
import { useEffect, useRef, useState } from "react";
import type { AffiliateLink, KeywordTrigger } from "@contract/links.ts";
import { formatMoney, formatPercent } from "@/lib/format.ts";
import { formatDateTime } from "@/lib/format-date.ts";
import { t } from "@/features/influencer-dashboard/i18n.ts";
import { Badge, Button, Icon, useToast, type BadgeTone } from "@/components/ui/index.ts";
import { qrFileName } from "@/features/influencer-dashboard/utils/qr-code.ts";
import { KeywordReply } from "./keyword-reply.tsx";
import { ShareUrlField } from "./share-url-field.tsx";
import { useQrDownload } from "./use-qr-download.ts";
import { copyText } from "@/lib/clipboard.ts";
import { failureMessage } from "@/lib/api-client.ts";
import { tServer } from "@/lib/i18n/index.ts";
import { useApplyAgain } from "@/features/influencer-dashboard/api/apply-again.ts";

/** The link to share (the short URL, else the long one) and what its QR code encodes. */
export function shareLinks(link: Pick<AffiliateLink, "short_url" | "affiliate_url">): {
  share: string | null;
  qr: string | null;
} {
  if (link.short_url) return { share: link.short_url, qr: `${link.short_url}?s=qr` };
  return { share: link.affiliate_url, qr: link.affiliate_url };
}

export type LinkState = "pending" | "approved" | "rejected" | "inactive";

/** Whether the card offers Apply again: rejected on the first application, its campaign still active. */
export function offersApplyAgain(link: Pick<AffiliateLink, "can_reapply" | "campaign_status">): boolean {
  return link.can_reapply && link.campaign_status === "active";
}

/** What the card shows: a decided-or-pending link of a deactivated campaign is inactive; rejected stays rejected. */
export function linkState(link: Pick<AffiliateLink, "status" | "campaign_status">): LinkState {
  if (link.status === "rejected") return "rejected";
  return link.campaign_status === "inactive" ? "inactive" : link.status;
}

const stateTone: Record<LinkState, BadgeTone> = {
  pending: "warning",
  approved: "success",
  rejected: "danger",
  inactive: "neutral",
};

interface AffiliateLinkCardProps {
  link: AffiliateLink;
  trigger: KeywordTrigger | undefined;
}

export function AffiliateLinkCard({ link, trigger }: AffiliateLinkCardProps) {
  const toast = useToast();
  const [copied, setCopied] = useState(false);
  const applyAgain = useApplyAgain();
  const qrDownload = useQrDownload();
  const copiedTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (copiedTimer.current) clearTimeout(copiedTimer.current);
    },
    [],
  );

  const state = linkState(link);
  const name = link.campaign_name;
  const { share, qr } = state === "approved" ? shareLinks(link) : { share: null, qr: null };
  const url = share;
  // The keyword works only while the link does (deactivation ends the trigger).
  const keyword = state === "approved" ? (link.keyword ?? trigger?.keyword ?? null) : null;

  async function onCopy() {
    if (!url) return;
    try {
      await copyText(url);
      setCopied(true);
      if (copiedTimer.current) clearTimeout(copiedTimer.current);
      copiedTimer.current = setTimeout(() => setCopied(false), 2500);
    } catch {
      toast.error(t("influencer.links.copyFailed"));
    }
  }

  async function onApplyAgain() {
    try {
      const answer = await applyAgain.mutateAsync(link.campaign_id);
      toast.success(answer.message ? tServer(answer.message) : t("influencer.links.appliedAgainToast"));
    } catch (error) {
      toast.error(failureMessage(error, t("influencer.links.applyAgainFailed")));
    }
  }

  function onDownload() {
    if (qr) void qrDownload.download(qr, qrFileName(name));
  }

  return (
    <li className={`card card--status link-card link-card--${state}`} aria-label={name}>
      <div className="link-card__head">
        <h3 className="link-card__name break-anywhere">{name}</h3>
        <Badge tone={stateTone[state]}>
          <span className="visually-hidden">{t("influencer.links.status")}: </span>
          {t(`influencer.links.state.${state}`)}
        </Badge>
      </div>
      <dl className="details">
        <div className="details__row">
          <dt>{t("campaigns.price")}</dt>
          <dd>{formatMoney(link.campaign_price_cents)}</dd>
        </div>
        <div className="details__row">
          <dt>{t("campaigns.commission")}</dt>
          <dd>{formatPercent(link.campaign_commission_rate, 1)}</dd>
        </div>
        {keyword && (
          <div className="details__row">
            <dt>{t("influencer.links.keyword")}</dt>
            <dd>
              <code className="keyword">{keyword}</code>
            </dd>
          </div>
        )}
        <div className="details__row">
          <dt>{t("influencer.links.applied")}</dt>
          <dd>
            <time dateTime={link.created_at}>{formatDateTime(link.created_at)}</time>
          </dd>
        </div>
        {link.reapplied_at && (
          <div className="details__row">
            <dt>{t("influencer.links.appliedAgain")}</dt>
            <dd>
              <time dateTime={link.reapplied_at}>{formatDateTime(link.reapplied_at)}</time>
            </dd>
          </div>
        )}
        {link.status === "rejected" && link.rejection_reason && (
          <div className="details__row">
            <dt>{t("influencer.links.rejectionReason")}</dt>
            <dd className="break-anywhere">{link.rejection_reason}</dd>
          </div>
        )}
      </dl>
      {url ? (
        <>
          <ShareUrlField label={t("influencer.links.url")} url={url} />
          <div className="link-card__actions">
            <Button
              variant={copied ? "success" : "primary"}
              size="sm"
              onClick={onCopy}
              icon={<Icon name={copied ? "check" : "link"} size={18} />}
            >
              {copied ? t("influencer.links.copied") : t("influencer.links.copy")}
            </Button>
            <Button
              variant="outline"
              size="sm"
              onClick={onDownload}
              loading={qrDownload.downloading}
              icon={<Icon name="qr" size={18} />}
            >
              {t("influencer.links.downloadQr")}
            </Button>
          </div>
          <p className="visually-hidden" role="status">
            {copied ? t("influencer.links.copiedAnnouncement") : ""}
          </p>
          {trigger && <KeywordReply trigger={trigger} />}
        </>
      ) : (
        <>
          <p className="link-card__note">
            {state === "rejected" && link.attempt > 1
              ? t("influencer.links.note.rejectedFinal")
              : t(`influencer.links.note.${state}`)}
          </p>
          {offersApplyAgain(link) && (
            <div className="link-card__actions">
              <Button variant="primary" size="sm" onClick={onApplyAgain} loading={applyAgain.isPending}>
                {t("influencer.links.applyAgain")}
                <span className="visually-hidden"> {name}</span>
              </Button>
            </div>
          )}
        </>
      )}
    </li>
  );
}
