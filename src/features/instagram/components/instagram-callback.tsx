// /influencer/instagram/callback: where Instagram sends the influencer back. It posts the code and
// state once (a code is single-use), then goes to the dashboard with a toast; on a refusal it
// shows the server's message with the way back, and "Try again" only when trying can help.
import { useEffect, useMemo, useState } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { useQueryClient } from "@tanstack/react-query";
import { paths } from "@/config/paths.ts";
import { failureMessage } from "@/lib/api-client.ts";
import { tServer } from "@/lib/i18n/index.ts";
import { PageHeader } from "@/components/layouts/page-header.tsx";
import { Alert, Button, Card, LoadingState, useToast } from "@/components/ui/index.ts";
import { ButtonLink } from "@/components/ui/button-link.tsx";
import { t } from "@/features/instagram/i18n.ts";
import { canSendAgain, finishInstagramConnectOnce } from "@/features/instagram/api/finish-connect.ts";
import { instagramKeys } from "@/features/instagram/api/query-keys.ts";
import { readCallbackParams } from "@/features/instagram/utils/callback-params.ts";

interface Failure {
  message: string;
  /** Whether "Try again" can help (never after a 4xx refusal). */
  canRetry: boolean;
}

export function InstagramCallback() {
  const [search] = useSearchParams();
  const params = useMemo(() => readCallbackParams(search), [search]);
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (params.kind !== "code") return;
    let active = true;
    // Every run of this effect shares one request per code; "Try again" (never offered after a
    // refusal) bumps `attempt`, and the code is then sent anew.
    finishInstagramConnectOnce({ code: params.code, state: params.state }).then(
      (connected) => {
        if (!active) return;
        queryClient.setQueryData(instagramKeys.account(), connected.instagram);
        toast.success(connected.message ? tServer(connected.message) : t("instagram.callback.connected"));
        navigate(paths.influencerDashboard, { replace: true });
      },
      (error: unknown) => {
        if (!active) return;
        setFailure({
          message: failureMessage(error, t("instagram.callback.connectFailed")),
          canRetry: canSendAgain(error),
        });
      },
    );
    return () => {
      active = false;
    };
  }, [params, attempt, navigate, queryClient, toast]);

  const back = (
    <ButtonLink to={paths.influencerDashboard} variant="secondary">
      {t("common.backToDashboard")}
    </ButtonLink>
  );

  let body;
  if (params.kind === "cancelled") {
    body = (
      <Alert tone="warning" title={t("instagram.callback.failed")}>
        {t("instagram.callback.cancelled")}
        {params.reason && <> {t("instagram.callback.reason", { reason: params.reason })}</>}
      </Alert>
    );
  } else if (params.kind === "invalid") {
    body = <Alert tone="warning">{t("instagram.callback.invalid")}</Alert>;
  } else if (failure) {
    body = (
      <Alert
        tone="danger"
        title={t("instagram.callback.failed")}
        action={
          failure.canRetry && (
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                setFailure(null);
                setAttempt((n) => n + 1);
              }}
            >
              {t("common.tryAgain")}
            </Button>
          )
        }
      >
        {failure.message}
      </Alert>
    );
  } else {
    body = (
      <div role="status">
        <LoadingState />
        <p className="instagram-callback__working">{t("instagram.callback.working")}</p>
      </div>
    );
  }

  return (
    <div className="container page page--narrow">
      <PageHeader title={t("instagram.callback.title")} />
      <Card>
        {body}
        {(params.kind !== "code" || failure) && <div className="button-row">{back}</div>}
      </Card>
    </div>
  );
}
