// A linked Telegram chat as its owner sees it: Telegram's own chat id stays in the database.
import type { TelegramChat } from "../../_shared/contract/telegram.ts";
import type { Tables } from "../../_shared/database.types.ts";
import type { Fragment, Tx } from "../../_shared/db.ts";

export type TelegramChatRow = Pick<
  Tables<"telegram_chats">,
  "id" | "title" | "language" | "notify_new_orders" | "notify_payouts" | "notify_signups" | "linked_at"
>;

export function telegramChatColumns(tx: Tx): Fragment {
  return tx`id, title, language, notify_new_orders, notify_payouts, notify_signups, linked_at`;
}

export function toTelegramChatJson(row: TelegramChatRow): TelegramChat {
  return {
    id: row.id,
    title: row.title,
    language: row.language,
    notices: {
      new_order: row.notify_new_orders,
      payout_completed: row.notify_payouts,
      new_signup: row.notify_signups,
    },
    linked_at: row.linked_at,
  };
}
