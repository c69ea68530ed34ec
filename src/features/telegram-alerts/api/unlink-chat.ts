import { useMutation, useQueryClient } from "@tanstack/react-query";
import { telegramUnlinkedResponseSchema, type TelegramChat } from "@contract/telegram.ts";
import { apiRequest } from "@/lib/api-client.ts";
import { telegramKeys } from "@/features/telegram-alerts/api/query-keys.ts";

// DELETE /notifications/telegram/chats/{id} - unlink: nothing more is sent to that chat
export function unlinkTelegramChat(id: string) {
  return apiRequest(`/notifications/telegram/chats/${id}`, {
    method: "DELETE",
    schema: telegramUnlinkedResponseSchema,
  });
}

export function useUnlinkTelegramChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkTelegramChat,
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<TelegramChat[]>(telegramKeys.chats(), (chats) => chats?.filter((c) => c.id !== id)),
  });
}
