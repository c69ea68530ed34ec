// /influencer/instagram/callback: where Instagram sends the influencer back. It posts the code and
// state once (both are single-use), then goes to the dashboard with a toast. On a failure it shows
// the server's message with Connect Instagram (a new attempt: the spent code and state cannot be
// sent again, whatever went wrong) and the way back.
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
import { finishInstagramConnectOnce } from "@/features/instagram/api/finish-connect.ts";
import { useStartInstagramConnect } from "@/features/instagram/api/start-connect.ts";
import { instagramKeys } from "@/features/instagram/api/query-keys.ts";
import { readCallbackParams } from "@/features/instagram/utils/callback-params.ts";

interface InstagramCallbackProps {
  /** Where a new attempt sends the browser (Instagram's authorize page); tests pass a spy. */
  navigateTo?: (url: string) => void;
}

export function InstagramCallback({ navigateTo }: InstagramCallbackProps = {}) {
  const [search] = useSearchParams();
  const params = useMemo(() => readCallbackParams(search), [search]);
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const reconnect = useStartInstagramConnect(navigateTo);

  useEffect(() => {
    if (params.kind !== "code") return;
    let active = true;
    // Every run of this effect (strict mode runs it twice) shares the one request of this code.
    finishInstagramConnectOnce({ code: params.code, state: params.state }).then(
      (connected) => {
        if (!active) return;
        queryClient.setQueryData(instagramKeys.account(), connected.instagram);
        toast.success(connected.message ? tServer(connected.message) : t("instagram.callback.connected"));
        navigate(paths.influencerDashboard, { replace: true });
      },
      (error: unknown) => {
        if (!active) return;
        setFailure(failureMessage(error, t("instagram.callback.connectFailed")));
      },
    );
    return () => {
      active = false;
    };
  }, [params, navigate, queryClient, toast]);

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
      <Alert tone="danger" title={t("instagram.callback.failed")}>
        {failure}
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
        {(params.kind !== "code" || failure) && (
          <div className="button-row">
            <Button
              onClick={() => reconnect.mutate(undefined, { onError: () => toast.error(t("instagram.connectFailed")) })}
              disabled={reconnect.isPending}
            >
              {t("instagram.connect")}
            </Button>
            {back}
          </div>
        )}
      </Card>
    </div>
  );
}
