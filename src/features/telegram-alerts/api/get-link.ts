import { useMutation } from "@tanstack/react-query";
import { API } from "@contract/routes.ts";
import type { TelegramLanguage } from "@contract/telegram.ts";
import { apiCall } from "@/lib/api-client.ts";

// GET /notifications/telegram - the single-use t.me link; its chat gets notices in `language`
export function getTelegramLink(language: TelegramLanguage): Promise<string> {
  return apiCall(API.telegramLink, { query: { language } }).then((body) => body.url);
}

/** Asks for a fresh link in the app's current language (each link works once). */
export function useTelegramLink() {
  return useMutation({ mutationFn: getTelegramLink });
}
