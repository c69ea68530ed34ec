// The Telegram alerts feature's query keys: linking, switching and unlinking refresh the chats.
export const telegramKeys = {
  all: ["telegram"] as const,
  /** GET /notifications/telegram/chats */
  chats: () => [...telegramKeys.all, "chats"] as const,
};
