// What the Telegram fake remembers, in memory: the chats that pressed Start, the messages the bot
// sent, every sendMessage call with its answer, and the refusals a test asked for.

export interface FakeChat {
  id: number;
  type: "private" | "group";
  first_name?: string;
  username?: string;
  title?: string;
  language_code: string;
  blocked: boolean;
}

export interface SentMessage {
  message_id: number;
  chat_id: number;
  text: string;
  /** The link_preview_options the bot sent (null when none): tests check previews are off. */
  link_preview_options: LinkPreviewOptions | null;
  at: number;
}

/** Bot API 7.0's LinkPreviewOptions, as far as the fake reads it. */
export interface LinkPreviewOptions {
  is_disabled?: boolean;
  url?: string;
  prefer_small_media?: boolean;
  prefer_large_media?: boolean;
  show_above_text?: boolean;
}

/** One sendMessage call as the fake answered it (tests check when a retry came). */
export interface Attempt {
  chat_id: unknown;
  status: number;
  description: string | null;
  at: number;
}

export class TelegramFakeState {
  chats = new Map<number, FakeChat>();
  messages: SentMessage[] = [];
  attempts: Attempt[] = [];
  /** Per chat: how many of the next sends answer 429, and with which retry_after. */
  floods = new Map<number, { count: number; retryAfter: number }>();
  private nextMessageId = 1;
  private nextChatId = 700_000_001;
  private waiters: { check: () => boolean; resolve: () => void }[] = [];

  newChatId(): number {
    return this.nextChatId++;
  }

  recordMessage(chatId: number, text: string, linkPreviewOptions: LinkPreviewOptions | null): SentMessage {
    const message = {
      message_id: this.nextMessageId++,
      chat_id: chatId,
      text,
      link_preview_options: linkPreviewOptions,
      at: Date.now(),
    };
    this.messages.push(message);
    this.wake();
    return message;
  }

  recordAttempt(attempt: Attempt) {
    this.attempts.push(attempt);
    this.wake();
  }

  /** Resolves once `check` holds, or after `waitMs` whatever it says. */
  async waitFor(check: () => boolean, waitMs: number): Promise<void> {
    if (check() || waitMs <= 0) return;
    await new Promise<void>((resolve) => {
      const waiter = {
        check,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        resolve();
      }, waitMs);
      this.waiters.push(waiter);
    });
  }

  releaseWaiters() {
    for (const waiter of this.waiters) waiter.resolve();
    this.waiters = [];
  }

  private wake() {
    const ready = this.waiters.filter((w) => w.check());
    this.waiters = this.waiters.filter((w) => !ready.includes(w));
    for (const waiter of ready) waiter.resolve();
  }
}
