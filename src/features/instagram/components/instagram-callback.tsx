// /influencer/instagram/callback: where Instagram sends the influencer back (the shared callback
// page). The code and state are posted once, then the dashboard with a toast; a cancel or a
// failure says why, with Connect Instagram and the way back.
import { useQueryClient } from "@tanstack/react-query";
import { ConnectCallbackPage, useConnectCallback } from "@/components/connect/connect-callback.tsx";
import { t } from "@/features/instagram/i18n.ts";
import { finishInstagramConnectOnce } from "@/features/instagram/api/finish-connect.ts";
import { useStartInstagramConnect } from "@/features/instagram/api/start-connect.ts";
import { instagramKeys } from "@/features/instagram/api/query-keys.ts";

interface InstagramCallbackProps {
  /** Where a new attempt sends the browser (Instagram's authorize page); tests pass a spy. */
  navigateTo?: (url: string) => void;
}

export function InstagramCallback({ navigateTo }: InstagramCallbackProps = {}) {
  const queryClient = useQueryClient();
  const callback = useConnectCallback({
    finish: finishInstagramConnectOnce,
    failedText: t("instagram.callback.connectFailed"),
    onAnswer: (answer, connected) => {
      queryClient.setQueryData(instagramKeys.account(), answer.instagram);
      void queryClient.invalidateQueries({ queryKey: instagramKeys.account() });
      connected(answer.message);
    },
  });

  return (
    <ConnectCallbackPage
      text={(key) => t(`instagram.callback.${key}`)}
      state={callback}
      cancelled={({ reason }) => (
        <>
          {t("instagram.callback.cancelled")}
          {reason && <> {t("instagram.callback.reason", { reason })}</>}
        </>
      )}
      restart={useStartInstagramConnect(navigateTo)}
    />
  );
}
