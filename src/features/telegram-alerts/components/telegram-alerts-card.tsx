// The Telegram alerts card (business dashboard and admin area): Link Telegram hands out a
// single-use t.me link in the app's current language (the linked chat's notices use it), then the
// card watches for the chat to appear; each linked chat lists its switches and Unlink, asked once
// more before it happens.
import { useEffect, useRef, useState } from "react";
import type { TelegramChat, AccountNoticeKind } from "@contract/telegram.ts";
import { failureMessage } from "@/lib/api-client.ts";
import { formatDate } from "@/lib/format-date.ts";
import { getLocale, tServer } from "@/lib/i18n/index.ts";
import {
  Alert,
  Button,
  Card,
  EmptyState,
  Icon,
  LoadingState,
  RetryAlert,
  Switch,
  useToast,
} from "@/components/ui/index.ts";
import { t, type MessageKey } from "@/features/telegram-alerts/i18n.ts";
import { useTelegramChats } from "@/features/telegram-alerts/api/get-chats.ts";
import { useTelegramLink } from "@/features/telegram-alerts/api/get-link.ts";
import { useUnlinkTelegramChat } from "@/features/telegram-alerts/api/unlink-chat.ts";
import { useUpdateTelegramChat } from "@/features/telegram-alerts/api/update-chat.ts";
import "./telegram-alerts.css";

const KIND_LABELS: Record<AccountNoticeKind, MessageKey> = {
  new_order: "telegram.kind.new_order",
  payout_completed: "telegram.kind.payout_completed",
  new_signup: "telegram.kind.new_signup",
};

interface TelegramAlertsCardProps {
  /** The notices this account can get: a shop's orders and payouts, an admin's orders and sign-ups. */
  kinds: readonly AccountNoticeKind[];
  /** Only approved accounts may link a chat (the server refuses the others anyway). */
  approved: boolean;
  /** Opens the t.me link (a test seam). */
  openUrl?: (url: string) => void;
}

const openInNewTab = (url: string) => void window.open(url, "_blank", "noopener,noreferrer");

export function TelegramAlertsCard({ kinds, approved, openUrl = openInNewTab }: TelegramAlertsCardProps) {
  const toast = useToast();
  const [linkUrl, setLinkUrl] = useState<string | null>(null);
  const chats = useTelegramChats(linkUrl !== null);
  const link = useTelegramLink();
  const count = chats.data?.length;
  const countWhenLinking = useRef<number | undefined>(undefined);

  // A new chat in the list while a link is out: Start was pressed, the link is spent.
  useEffect(() => {
    if (linkUrl === null || count === undefined || countWhenLinking.current === undefined) return;
    if (count > countWhenLinking.current) {
      setLinkUrl(null);
      toast.success(t("telegram.linked"));
    }
  }, [count, linkUrl, toast]);

  async function onLink() {
    try {
      const url = await link.mutateAsync(getLocale());
      countWhenLinking.current = count ?? 0;
      setLinkUrl(url);
      openUrl(url);
    } catch {
      // Shown below from link.error.
    }
  }

  return (
    <Card title={t("telegram.title")} className="telegram-card">
      <p className="telegram-card__intro">{t("telegram.intro")}</p>
      {chats.error &&
        (chats.canRetry ? (
          <RetryAlert onRetry={chats.refetch} retrying={chats.isFetching}>
            {chats.error}
          </RetryAlert>
        ) : (
          <Alert tone="danger">{chats.error}</Alert>
        ))}
      {chats.isLoading ? (
        <LoadingState />
      ) : (
        chats.data &&
        (chats.data.length === 0 ? (
          <EmptyState title={t("telegram.empty")} />
        ) : (
          <ul className="telegram-card__chats">
            {chats.data.map((chat) => (
              <ChatItem key={chat.id} chat={chat} kinds={kinds} />
            ))}
          </ul>
        ))
      )}
      {!approved && (
        <p id="telegram-link-disabled" className="muted-note">
          {t("telegram.notApproved")}
        </p>
      )}
      {link.error && <Alert tone="danger">{failureMessage(link.error, t("telegram.linkFailed"))}</Alert>}
      {linkUrl && (
        <Alert tone="info">
          {t("telegram.waiting")}{" "}
          <a href={linkUrl} target="_blank" rel="noopener noreferrer">
            {t("telegram.openTelegram")}
          </a>
        </Alert>
      )}
      <div>
        <Button
          onClick={onLink}
          loading={link.isPending}
          disabled={!approved}
          aria-describedby={approved ? undefined : "telegram-link-disabled"}
          icon={<Icon name="chat" size={18} />}
        >
          {t("telegram.link")}
        </Button>
      </div>
    </Card>
  );
}

function ChatItem({ chat, kinds }: { chat: TelegramChat; kinds: readonly AccountNoticeKind[] }) {
  const toast = useToast();
  const update = useUpdateTelegramChat();
  const unlink = useUnlinkTelegramChat();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  async function onSwitch(kind: AccountNoticeKind, on: boolean) {
    setError(null);
    try {
      await update.mutateAsync({ id: chat.id, changes: { [kind]: on } });
    } catch (failure) {
      setError(failureMessage(failure, t("telegram.switchFailed")));
    }
  }

  async function onUnlink() {
    setError(null);
    try {
      const answer = await unlink.mutateAsync(chat.id);
      toast.success(tServer(answer.message));
    } catch (failure) {
      setConfirming(false);
      setError(failureMessage(failure, t("telegram.unlinkFailed")));
    }
  }

  const switching = update.isPending ? Object.keys(update.variables?.changes ?? {})[0] : null;
  return (
    <li className="telegram-card__chat">
      <div className="telegram-card__chat-head">
        <span className="telegram-card__chat-title break-anywhere">{chat.title}</span>
        <span className="muted-note">
          {t("telegram.linkedOn", { date: formatDate(chat.linked_at) })} ·{" "}
          {t(chat.language === "km" ? "telegram.language.km" : "telegram.language.en")}
        </span>
      </div>
      <div className="telegram-card__switches">
        {kinds.map((kind) => (
          <Switch
            key={kind}
            checked={chat.notices[kind]}
            onChange={(on) => onSwitch(kind, on)}
            busy={switching === kind}
            label={t(KIND_LABELS[kind])}
            stateText={chat.notices[kind] ? t("telegram.on") : t("telegram.off")}
          />
        ))}
      </div>
      {error && <Alert tone="danger">{error}</Alert>}
      {confirming ? (
        <Alert
          tone="warning"
          action={
            <div className="button-row">
              <Button ref={confirmButton} variant="danger" size="sm" loading={unlink.isPending} onClick={onUnlink}>
                {t("telegram.unlinkYes")}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
                {t("common.cancel")}
              </Button>
            </div>
          }
        >
          {t("telegram.unlinkConfirm", { title: chat.title })}
        </Alert>
      ) : (
        <div>
          <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
            {t("telegram.unlink")}
          </Button>
        </div>
      )}
    </li>
  );
}
