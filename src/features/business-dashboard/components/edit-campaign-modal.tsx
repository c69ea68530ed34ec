// Edit a campaign (docs/product.md, "Screens" and "Campaigns"): change its images (1 to 5, by URL
// or upload) or deactivate it after a confirmation. Deactivation is one-way, so an inactive
// campaign offers no deactivate.
import { useEffect, useRef, useState } from "react";
import type { Campaign } from "@contract/campaigns.ts";
import { failureMessage, serverMessage } from "@/lib/api-client.ts";
import { t } from "@/features/business-dashboard/i18n.ts";
import { isHttpUrl } from "@/lib/image-url.ts";
import { ImageListField } from "@/components/forms/image-list-field.tsx";
import { Alert, Button, Modal, useToast } from "@/components/ui/index.ts";
import { useUpdateCampaign } from "@/features/business-dashboard/api/update-campaign.ts";

export const MAX_CAMPAIGN_IMAGES = 5;

/** The problems of an edited image list: a list-wide message and per-row messages. */
export function checkImages(urls: readonly string[]): {
  error: string | null;
  rowErrors: (string | null)[];
  images: string[];
} {
  const images = urls.map((url) => url.trim()).filter(Boolean);
  const rowErrors = urls.map((url) => (url.trim() && !isHttpUrl(url.trim()) ? t("images.invalidUrl") : null));
  let error: string | null = null;
  if (images.length === 0) error = t("images.atLeastOne");
  else if (images.length > MAX_CAMPAIGN_IMAGES) error = t("images.max", { max: MAX_CAMPAIGN_IMAGES });
  else if (rowErrors.some(Boolean)) error = t("images.fixInvalid");
  return { error, rowErrors, images };
}

interface EditCampaignModalProps {
  campaign: Campaign;
  onClose: () => void;
}

/** Saves through useUpdateCampaign, whose answer updates the business's campaign list. */
export function EditCampaignModal({ campaign, onClose }: EditCampaignModalProps) {
  const toast = useToast();
  const { mutateAsync: update, isPending } = useUpdateCampaign();
  const [urls, setUrls] = useState<string[]>(campaign.image_urls.length > 0 ? campaign.image_urls : [""]);
  const [imagesError, setImagesError] = useState<string | null>(null);
  const [rowErrors, setRowErrors] = useState<(string | null)[]>([]);
  const [failure, setFailure] = useState<{ title: string; detail: string | null } | null>(null);
  const [confirming, setConfirming] = useState(false);
  // The confirmation takes focus, so a keyboard user lands on the question just asked.
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);
  const [action, setAction] = useState<"save" | "deactivate" | null>(null);
  const [uploading, setUploading] = useState(false);
  const active = campaign.is_active;

  async function save() {
    setFailure(null);
    const checked = checkImages(urls);
    setImagesError(checked.error);
    setRowErrors(checked.rowErrors);
    if (checked.error) return;
    setAction("save");
    try {
      const answer = await update({ id: campaign.id, update: { image_urls: checked.images } });
      toast.success(answer.message || t("campaigns.updated"));
      onClose();
    } catch (error) {
      setFailure({ title: failureMessage(error, t("campaigns.updateFailed")), detail: null });
    } finally {
      setAction(null);
    }
  }

  async function deactivate() {
    setFailure(null);
    setAction("deactivate");
    try {
      await update({ id: campaign.id, update: { status: "inactive" } });
      toast.success(t("campaigns.deactivated", { name: campaign.product_name }));
      onClose();
    } catch (error) {
      setConfirming(false);
      const detail = serverMessage(error) ?? failureMessage(error, "");
      setFailure({ title: t("campaigns.deactivateFailed"), detail: detail || null });
    } finally {
      setAction(null);
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={t("campaigns.editTitle", { name: campaign.product_name })}
      footer={
        confirming ? null : (
          <>
            <Button variant="ghost" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button onClick={save} loading={action === "save"} disabled={isPending || uploading}>
              {t("campaigns.saveImages")}
            </Button>
          </>
        )
      }
    >
      <div className="stack">
        {failure && (
          <Alert tone="danger" title={failure.title}>
            {failure.detail}
          </Alert>
        )}
        {!active && <Alert tone="info">{t("campaigns.inactiveNotice")}</Alert>}
        <ImageListField
          label={t("campaignForm.images")}
          urls={urls}
          onChange={(next) => {
            setUrls(next);
            setImagesError(null);
          }}
          max={MAX_CAMPAIGN_IMAGES}
          required
          error={imagesError}
          rowErrors={rowErrors}
          onUploadingChange={setUploading}
          disabled={isPending || confirming}
        />
        {active && (
          <section className="danger-zone" aria-labelledby={`deactivate-${campaign.id}`}>
            <h3 className="danger-zone__title" id={`deactivate-${campaign.id}`}>
              {t("campaigns.deactivateTitle")}
            </h3>
            {confirming ? (
              <div role="alertdialog" aria-labelledby={`confirm-${campaign.id}`} className="danger-zone__confirm">
                <p id={`confirm-${campaign.id}`}>
                  <strong>{t("campaigns.deactivateConfirm", { name: campaign.product_name })}</strong>{" "}
                  {t("campaigns.deactivateBody")}
                </p>
                <div className="button-row">
                  <Button variant="danger" onClick={deactivate} loading={action === "deactivate"} ref={confirmButton}>
                    {t("campaigns.deactivateYes")}
                  </Button>
                  <Button variant="ghost" onClick={() => setConfirming(false)} disabled={action === "deactivate"}>
                    {t("common.cancel")}
                  </Button>
                </div>
              </div>
            ) : (
              <>
                <p className="muted-note">{t("campaigns.deactivateBody")}</p>
                <Button variant="danger" onClick={() => setConfirming(true)} disabled={isPending}>
                  {t("campaigns.deactivate")}
                </Button>
              </>
            )}
          </section>
        )}
      </div>
    </Modal>
  );
}
