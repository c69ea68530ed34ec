// A keyword's automatic Instagram reply, on its link card: an on/off switch, and the template
// editor with a live preview (filled with the product name and the comment link), the length
// once filled against Instagram's 1000 characters, and Save. The client checks {link} is there
// and the length; the server decides anyway, and its field message shows under the textarea.
import { useId, useState, type FormEvent } from "react";
import { DM_TEMPLATE_MAX } from "@contract/instagram.ts";
import type { KeywordTrigger } from "@contract/links.ts";
import { ApiError, failureMessage } from "@/lib/api-client.ts";
import { formatCount } from "@/lib/format.ts";
import { tServer } from "@/lib/i18n/index.ts";
import { cx } from "@/lib/class-names.ts";
import { Alert, Button, Switch, TextAreaField, useToast } from "@/components/ui/index.ts";
import { t } from "@/features/influencer-dashboard/i18n.ts";
import { useUpdateTrigger } from "@/features/influencer-dashboard/api/update-trigger.ts";
import { checkTemplate, type TemplateProblem } from "@/features/influencer-dashboard/utils/dm-template.ts";
import "./keyword-reply.css";

const tags = { productTag: "{product}", linkTag: "{link}" };

function problemText(problem: TemplateProblem): string {
  if (problem === "empty") return t("influencer.reply.empty");
  if (problem === "noLink") return t("influencer.reply.needsLink", tags);
  return t("influencer.reply.tooLong", { max: formatCount(DM_TEMPLATE_MAX) });
}

export function KeywordReply({ trigger }: { trigger: KeywordTrigger }) {
  const toast = useToast();
  const previewId = useId();
  const update = useUpdateTrigger();
  const [draft, setDraft] = useState(trigger.dm_template_text);
  // A problem is shown once Save was pressed (or the server refused), then follows the typing.
  const [checking, setChecking] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState<"save" | "toggle" | null>(null);

  const checked = checkTemplate(draft, trigger.campaign_name, trigger.short_url);
  const shownProblem = checking && checked.problem ? problemText(checked.problem) : null;
  const changed = draft !== trigger.dm_template_text;

  async function save(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setFieldError(null);
    setChecking(true);
    if (checked.problem) return;
    setPending("save");
    try {
      const answer = await update.mutateAsync({ id: trigger.id, update: { dm_template_text: draft } });
      setChecking(false);
      toast.success(answer.message ? tServer(answer.message) : t("influencer.reply.saved"));
    } catch (error) {
      if (error instanceof ApiError && error.field === "dm_template_text") setFieldError(error.message);
      else setFailure(failureMessage(error, t("influencer.reply.saveFailed")));
    } finally {
      setPending(null);
    }
  }

  async function toggle(on: boolean) {
    setFailure(null);
    setPending("toggle");
    try {
      const answer = await update.mutateAsync({ id: trigger.id, update: { is_active: on } });
      toast.success(answer.message ? tServer(answer.message) : t("influencer.reply.saved"));
    } catch (error) {
      setFailure(failureMessage(error, t("influencer.reply.toggleFailed")));
    } finally {
      setPending(null);
    }
  }

  return (
    <section className="keyword-reply" aria-label={t("influencer.reply.title", { keyword: trigger.keyword })}>
      <Switch
        checked={trigger.is_active}
        onChange={toggle}
        busy={pending === "toggle"}
        disabled={pending === "save"}
        label={t("influencer.reply.switch", { keyword: trigger.keyword })}
        stateText={trigger.is_active ? t("influencer.reply.on") : t("influencer.reply.off")}
      />
      {!trigger.is_active && (
        <p className="keyword-reply__note">{t("influencer.reply.offNote", { keyword: trigger.keyword })}</p>
      )}
      {failure && <Alert tone="danger">{failure}</Alert>}
      <details className="link-card__dm">
        <summary>{t("influencer.reply.edit")}</summary>
        <form className="keyword-reply__form" onSubmit={save} noValidate>
          <TextAreaField
            name="dm_template_text"
            label={t("influencer.reply.template")}
            hint={t("influencer.reply.help", tags)}
            value={draft}
            rows={6}
            onChange={(event) => {
              setDraft(event.target.value);
              setFieldError(null);
            }}
            error={fieldError ?? shownProblem}
            aria-controls={previewId}
          />
          <div className="keyword-reply__preview" id={previewId}>
            <p className="keyword-reply__preview-label">{t("influencer.reply.preview")}</p>
            <p className="keyword-reply__preview-text break-anywhere">{checked.preview}</p>
            <p className={cx("keyword-reply__count", checked.length > DM_TEMPLATE_MAX && "is-over")}>
              {t("influencer.reply.count", {
                count: formatCount(checked.length),
                max: formatCount(DM_TEMPLATE_MAX),
              })}
            </p>
          </div>
          <div>
            <Button type="submit" size="sm" loading={pending === "save"} disabled={!changed || pending === "toggle"}>
              {t("influencer.reply.save")}
            </Button>
          </div>
        </form>
      </details>
    </section>
  );
}
