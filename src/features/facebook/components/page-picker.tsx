// The choice of a Page when the influencer manages several (POST /facebook/connect answered the
// Pages): one radio per Page, the first chosen, and Connect this Page. A Page already connected to
// someone else, or Facebook out of reach, leaves the choice open with the reason; a refusal that
// asking again cannot change (the ten minutes are over, the Page is no longer theirs) is the
// callback's failure, with Connect Facebook again.
import { useId, useState, type FormEvent } from "react";
import type { FacebookConnectedResponse, ManagedPage } from "@contract/facebook.ts";
import { paths } from "@/config/paths.ts";
import { ApiError, failureMessage } from "@/lib/api-client.ts";
import { Alert, Button } from "@/components/ui/index.ts";
import { ButtonLink } from "@/components/ui/button-link.tsx";
import { t } from "@/features/facebook/i18n.ts";
import { usePickFacebookPage } from "@/features/facebook/api/pick-page.ts";
import "./facebook.css";

interface PagePickerProps {
  pages: readonly ManagedPage[];
  onConnected: (answer: FacebookConnectedResponse) => void;
  /** The choice cannot go on: the callback shows why, with a new attempt. */
  onRefused: (error: unknown) => void;
}

/** A refusal the same choice would meet again (400, 403, 404): starting over is the way on. */
function startsOver(error: unknown): boolean {
  return error instanceof ApiError && error.status !== null && [400, 403, 404].includes(error.status);
}

export function PagePicker({ pages, onConnected, onRefused }: PagePickerProps) {
  const hintId = useId();
  const [chosen, setChosen] = useState(pages[0]?.id ?? "");
  const [error, setError] = useState<string | null>(null);
  const pick = usePickFacebookPage();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      onConnected(await pick.mutateAsync({ page_id: chosen }));
    } catch (failure) {
      if (startsOver(failure)) onRefused(failure);
      else setError(failureMessage(failure, t("facebook.callback.pickFailed")));
    }
  }

  return (
    <form className="page-picker" onSubmit={onSubmit}>
      <fieldset className="form-fieldset" aria-describedby={hintId} disabled={pick.isPending || pick.isSuccess}>
        <legend className="form-fieldset__legend">{t("facebook.callback.choose")}</legend>
        <p id={hintId} className="muted-note">
          {t("facebook.callback.chooseHint")}
        </p>
        <div className="page-picker__options">
          {pages.map((page) => (
            <label key={page.id} className="page-picker__option">
              <input
                type="radio"
                name="page_id"
                value={page.id}
                checked={chosen === page.id}
                onChange={() => setChosen(page.id)}
              />
              <span className="break-anywhere">{page.name}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {error && <Alert tone="danger">{error}</Alert>}
      <div className="button-row">
        <Button type="submit" loading={pick.isPending || pick.isSuccess}>
          {t("facebook.callback.connectPage")}
        </Button>
        <ButtonLink to={paths.influencerDashboard} variant="secondary">
          {t("common.backToDashboard")}
        </ButtonLink>
      </div>
    </form>
  );
}
