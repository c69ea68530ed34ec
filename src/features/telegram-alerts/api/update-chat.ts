import { useMutation, useQueryClient } from "@tanstack/react-query";
import { API } from "@contract/routes.ts";
import type { TelegramChat, TelegramChatUpdateInput } from "@contract/telegram.ts";
import { apiCall } from "@/lib/api-client.ts";
import { telegramKeys } from "@/features/telegram-alerts/api/query-keys.ts";

// PUT /notifications/telegram/chats/{id} - switch a kind of notice, or change the language
export function updateTelegramChat(id: string, changes: TelegramChatUpdateInput) {
  return apiCall(API.updateTelegramChat, { params: { id }, body: changes }).then((body) => body.chat);
}

export function useUpdateTelegramChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: TelegramChatUpdateInput }) => updateTelegramChat(id, changes),
    onSuccess: (chat) =>
      queryClient.setQueryData<TelegramChat[]>(telegramKeys.chats(), (chats) =>
        chats?.map((old) => (old.id === chat.id ? chat : old)),
      ),
  });
}
