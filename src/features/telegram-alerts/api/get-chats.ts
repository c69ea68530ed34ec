import { queryOptions, useQuery } from "@tanstack/react-query";
import { API } from "@contract/routes.ts";
import type { TelegramChat } from "@contract/telegram.ts";
import { apiCall } from "@/lib/api-client.ts";
import { screenState } from "@/lib/screen-state.ts";
import { t } from "@/features/telegram-alerts/i18n.ts";
import { telegramKeys } from "@/features/telegram-alerts/api/query-keys.ts";

// GET /notifications/telegram/chats - the caller's linked chats and their switches
export function getTelegramChats(signal?: AbortSignal): Promise<TelegramChat[]> {
  return apiCall(API.telegramChats, { signal }).then((body) => body.chats);
}

export const telegramChatsQuery = () =>
  queryOptions({ queryKey: telegramKeys.chats(), queryFn: ({ signal }) => getTelegramChats(signal) });

/**
 * The linked chats. While a link was handed out and not yet used, they are asked for every few
 * seconds, so the chat shows up soon after Start is pressed in Telegram (the bot links it there).
 */
export function useTelegramChats(waitingForLink: boolean) {
  return screenState(
    useQuery({ ...telegramChatsQuery(), refetchInterval: waitingForLink ? 3000 : false }),
    t("telegram.loadFailed"),
  );
}
