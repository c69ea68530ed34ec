// /influencer/facebook/callback: where Facebook Login sends the influencer back (the shared callback
// page). The code and state are posted once: the one Page they manage is connected and they are
// back on the dashboard with a toast; when they manage several, they choose one here (the server
// keeps the choice open ten minutes). A cancel or a failure says why, with Connect Facebook again
// and the way back.
import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { FacebookConnectedResponse, ManagedPage } from "@contract/facebook.ts";
import { ConnectCallbackPage, useConnectCallback } from "@/components/connect/connect-callback.tsx";
import { t } from "@/features/facebook/i18n.ts";
import { finishFacebookConnectOnce } from "@/features/facebook/api/finish-connect.ts";
import { useStartFacebookConnect } from "@/features/facebook/api/start-connect.ts";
import { facebookKeys } from "@/features/facebook/api/query-keys.ts";
import { PagePicker } from "./page-picker.tsx";

interface FacebookCallbackProps {
  /** Where a new attempt sends the browser (Facebook Login); tests pass a spy. */
  navigateTo?: (url: string) => void;
}

export function FacebookCallback({ navigateTo }: FacebookCallbackProps = {}) {
  const queryClient = useQueryClient();
  const [pages, setPages] = useState<ManagedPage[] | null>(null);
  const restart = useStartFacebookConnect(navigateTo);

  /** The Page is connected: the card shows it, read again from the server, and the dashboard says so. */
  function onConnected(answer: FacebookConnectedResponse, connected: (message: string) => void) {
    queryClient.setQueryData(facebookKeys.page(), answer.facebook);
    void queryClient.invalidateQueries({ queryKey: facebookKeys.page() });
    connected(answer.message);
  }

  const callback = useConnectCallback({
    finish: finishFacebookConnectOnce,
    failedText: t("facebook.callback.connectFailed"),
    onAnswer: (answer, connected) => {
      if (answer.facebook) onConnected(answer, connected);
      else if (answer.pages?.length) setPages(answer.pages);
      else callback.fail(null, t("facebook.callback.connectFailed"));
    },
  });

  return (
    <ConnectCallbackPage
      text={(key) => t(`facebook.callback.${key}`)}
      state={callback}
      cancelled={({ error, reason }) =>
        error === "access_denied" || !reason
          ? t("facebook.callback.cancelled")
          : t("facebook.callback.refused", { reason })
      }
      restart={restart}
    >
      {pages && (
        <PagePicker
          pages={pages}
          onConnected={(answer) => onConnected(answer, callback.connected)}
          onRefused={(error) => callback.fail(error, t("facebook.callback.pickFailed"))}
        />
      )}
    </ConnectCallbackPage>
  );
}
