// What the email fake remembers, in memory: the emails it accepted, the Idempotency-Keys of the
// last 24 hours with what they answered, when recent requests came (the rate limit), and the
// failures a test asked for.

/** Resend keeps an Idempotency-Key for 24 hours; after that the key is free again. */
export const IDEMPOTENCY_MS = 24 * 60 * 60 * 1000;
/** The rate limit's sliding window. */
const WINDOW_MS = 1000;

export interface Tag {
  name: string;
  value: string;
}

export interface StoredEmail {
  id: string;
  from: string;
  /** As the sender wrote them ("Name <addr>" included), always a list. */
  to: string[];
  cc: string[];
  bcc: string[];
  reply_to: string[];
  subject: string;
  html: string | null;
  text: string | null;
  headers: Record<string, string>;
  tags: Tag[];
  created_at: number;
}

/** What an Idempotency-Key answered: replayed for the same payload, refused for another. */
export interface IdempotentSend {
  payload: string;
  id: string;
  at: number;
}

/** What the ratelimit-* headers say after a request. */
export interface RateWindow {
  allowed: boolean;
  remaining: number;
  resetSeconds: number;
}

export class EmailFakeState {
  emails: StoredEmail[] = [];
  idempotency = new Map<string, IdempotentSend>();
  /** How many of the next sends fail, and with which status (POST /_fake/fail). */
  failures = { status: 500, times: 0 };
  /** When the requests of the current window were let through. */
  private recent: number[] = [];

  /** Counts a request against the limit, unless it is over it (a refused request is not counted). */
  take(now: number, limit: number): RateWindow {
    const window = this.peek(now, limit);
    if (!window.allowed) return window;
    this.recent.push(now);
    return this.peek(now, limit, true);
  }

  /** The window as it stands, for answers that are not counted (unknown paths, refused keys). */
  peek(now: number, limit: number, counted = false): RateWindow {
    this.recent = this.recent.filter((at) => at > now - WINDOW_MS);
    const oldest = this.recent[0];
    return {
      allowed: counted || this.recent.length < limit,
      remaining: Math.max(0, limit - this.recent.length),
      resetSeconds: oldest === undefined ? 0 : Math.ceil((oldest + WINDOW_MS - now) / 1000),
    };
  }

  /** The status the next send must fail with, if a test asked for one; uses it up. */
  takeFailure(): number | null {
    if (this.failures.times <= 0) return null;
    this.failures.times -= 1;
    return this.failures.status;
  }

  /** The send an Idempotency-Key made within the last 24 hours, if any. */
  idempotentSend(key: string, now: number): IdempotentSend | undefined {
    const send = this.idempotency.get(key);
    if (send && send.at <= now - IDEMPOTENCY_MS) {
      this.idempotency.delete(key);
      return undefined;
    }
    return send;
  }

  reset() {
    this.emails = [];
    this.idempotency.clear();
    this.failures = { status: 500, times: 0 };
    this.recent = [];
  }
}
