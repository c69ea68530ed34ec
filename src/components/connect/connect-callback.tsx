// The page Meta sends the influencer back to after its authorize step (Instagram's or Facebook
// Login), shared by both: the code and state are posted once (both are single-use), and the
// answer is the platform's to act on (connected: the dashboard with a toast; more to ask: the
// platform's own content, such as Facebook's choice of a Page). A cancel, a visit without Meta's
// answer, or a failure shows why, with a new attempt (the spent code and state cannot be sent
// again, whatever went wrong) and the way back.
import { useEffect, useEffectEvent, useMemo, useState, type ReactNode } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router-dom";
import type { UseMutationResult } from "@tanstack/react-query";
import { paths } from "@/config/paths.ts";
import { failureMessage } from "@/lib/api-client.ts";
import { t, tServer } from "@/lib/i18n/index.ts";
import { isMetaHash, readCallbackParams, type CallbackParams } from "@/lib/social-connect.ts";
import { PageHeader } from "@/components/layouts/page-header.tsx";
import { Alert, Button, Card, LoadingState, useToast } from "@/components/ui/index.ts";
import { ButtonLink } from "@/components/ui/button-link.tsx";
import "./connect.css";

export type CancelledParams = Extract<CallbackParams, { kind: "cancelled" }>;

interface UseConnectCallbackOptions<T> {
  /** Posts the code and state, at most once per code (oncePerCode). */
  finish: (input: { code: string; state: string }) => Promise<T>;
  /** The answer: the platform connects and calls `connected`, or shows what it asks next. */
  onAnswer: (answer: T, connected: (message: string) => void) => void;
  /** Shown when finishing fails without the server's words. */
  failedText: string;
}

/** The callback's state: what the URL held, and the failure to show, if any. */
export function useConnectCallback<T>({ finish, onAnswer, failedText }: UseConnectCallbackOptions<T>) {
  const [search] = useSearchParams();
  const params = useMemo(() => readCallbackParams(search), [search]);
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  /** Connected: back to the dashboard, saying so in the server's words. */
  const connected = (message: string) => {
    toast.success(tServer(message));
    navigate(paths.influencerDashboard, { replace: true });
  };
  const answered = useEffectEvent((answer: T) => onAnswer(answer, connected));
  const failed = useEffectEvent((error: unknown) => setFailure(failureMessage(error, failedText)));

  // Meta's "#_=_" is no part of the page: the address bar shows the callback without it.
  useEffect(() => {
    if (isMetaHash(location.hash))
      navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [location, navigate]);

  useEffect(() => {
    if (params.kind !== "code") return;
    let active = true;
    // Every run of this effect (strict mode runs it twice) shares the one request of this code.
    finish({ code: params.code, state: params.state }).then(
      (answer) => active && answered(answer),
      (error: unknown) => active && failed(error),
    );
    return () => {
      active = false;
    };
  }, [params, finish]);

  return {
    params,
    failure,
    /** Shows a later step's failure (the server's words, else `fallback`) with the new attempt. */
    fail: (error: unknown, fallback: string) => setFailure(failureMessage(error, fallback)),
    connected,
  };
}

/**
 * The page's texts, each platform's own under the same names: "title" (the heading), "working"
 * (while the code is sent), "failed" (the heading of a cancel or a failure), "invalid" (opened
 * without Meta's answer), "again" (the new attempt's button) and "connectFailed" (a failure
 * without the server's words).
 */
export type CallbackTextKey = "title" | "working" | "failed" | "invalid" | "again" | "connectFailed";

interface ConnectCallbackPageProps {
  text: (key: CallbackTextKey) => string;
  state: { params: CallbackParams; failure: string | null };
  /** What a cancel or a refusal on Meta's page says. */
  cancelled: (params: CancelledParams) => ReactNode;
  /** The authorize URL and the way there (useStartConnect). */
  restart: UseMutationResult<string, Error, void>;
  /** Shown instead of the waiting state once the answer asks for more (Facebook's choice of a Page). */
  children?: ReactNode;
}

export function ConnectCallbackPage({ text, state, cancelled, restart, children }: ConnectCallbackPageProps) {
  const toast = useToast();
  const { params, failure } = state;

  let body;
  if (params.kind === "cancelled") {
    body = (
      <Alert tone="warning" title={text("failed")}>
        {cancelled(params)}
      </Alert>
    );
  } else if (params.kind === "invalid") {
    body = <Alert tone="warning">{text("invalid")}</Alert>;
  } else if (failure) {
    body = (
      <Alert tone="danger" title={text("failed")}>
        {failure}
      </Alert>
    );
  } else {
    body = children ?? (
      <div role="status">
        <LoadingState />
        <p className="connect-callback__working">{text("working")}</p>
      </div>
    );
  }

  return (
    <div className="container page page--narrow">
      <PageHeader title={text("title")} />
      <Card>
        {body}
        {(params.kind !== "code" || failure) && (
          <div className="button-row">
            <Button
              onClick={() =>
                restart.mutate(undefined, {
                  onError: (error) => toast.error(failureMessage(error, text("connectFailed"))),
                })
              }
              loading={restart.isPending || restart.isSuccess}
            >
              {text("again")}
            </Button>
            <ButtonLink to={paths.influencerDashboard} variant="secondary">
              {t("common.backToDashboard")}
            </ButtonLink>
          </div>
        )}
      </Card>
    </div>
  );
}
