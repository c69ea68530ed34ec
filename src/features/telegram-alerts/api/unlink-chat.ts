import { useMutation, useQueryClient } from "@tanstack/react-query";
import { API } from "@contract/routes.ts";
import type { TelegramChat } from "@contract/telegram.ts";
import { apiCall } from "@/lib/api-client.ts";
import { telegramKeys } from "@/features/telegram-alerts/api/query-keys.ts";

// DELETE /notifications/telegram/chats/{id} - unlink: nothing more is sent to that chat
export function unlinkTelegramChat(id: string) {
  return apiCall(API.unlinkTelegramChat, { params: { id } });
}

export function useUnlinkTelegramChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkTelegramChat,
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<TelegramChat[]>(telegramKeys.chats(), (chats) => chats?.filter((c) => c.id !== id)),
  });
}
