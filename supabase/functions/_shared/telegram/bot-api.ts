// The one Bot API method the marketplace calls: sendMessage. Telegram answers
// {ok: true, result} or {ok: false, error_code, description, parameters?: {retry_after}}; a refusal
// becomes a TelegramError carrying what the caller needs to decide: wait, unlink or give up.
// Every message goes out with link previews disabled (Bot API 7.0 link_preview_options; the older
// disable_web_page_preview is deprecated): a notice quotes what users typed, such as a sign-up's
// name, and a URL typed there must not unfold into a preview card in an admin's chat.
import type { TelegramConfig } from "./config.ts";

/** How long one call may take before it counts as a network failure (retried later). */
const TIMEOUT_MS = 10_000;

export class TelegramError extends Error {
  constructor(
    /** Telegram's error_code (the HTTP status), or 0 when Telegram could not be reached. */
    readonly errorCode: number,
    readonly description: string,
    /** Seconds to wait before the next call, from parameters.retry_after of a 429. */
    readonly retryAfter: number | null = null,
  ) {
    super(description);
  }

  /** 403: the user blocked the bot, the account was deleted, or the bot left the group. */
  get chatIsGone(): boolean {
    return this.errorCode === 403;
  }

  /** Worth trying again later: flood control, Telegram's own failures, or no answer at all. */
  get isTemporary(): boolean {
    return this.errorCode === 429 || this.errorCode === 0 || this.errorCode >= 500;
  }
}

interface BotApiAnswer {
  ok?: boolean;
  result?: { message_id?: number };
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
}

export async function sendMessage(
  config: TelegramConfig,
  chatId: number,
  text: string,
): Promise<{ messageId: number }> {
  let response: Response;
  try {
    response = await fetch(`${config.apiUrl}/bot${config.botToken}/sendMessage`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ chat_id: chatId, text, link_preview_options: { is_disabled: true } }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new TelegramError(0, `Telegram could not be reached: ${error instanceof Error ? error.message : error}`);
  }
  let answer: BotApiAnswer;
  try {
    answer = (await response.json()) as BotApiAnswer;
  } catch {
    throw new TelegramError(response.ok ? 502 : response.status, `Telegram answered ${response.status} without JSON`);
  }
  if (response.ok && answer.ok) return { messageId: Number(answer.result?.message_id ?? 0) };
  const retryAfter = answer.parameters?.retry_after;
  throw new TelegramError(
    answer.error_code ?? response.status,
    answer.description ?? `Telegram answered ${response.status}`,
    typeof retryAfter === "number" && retryAfter >= 0 ? retryAfter : null,
  );
}
