// Sending what the outbox holds. Notices are claimed under a lease (two drains never send the same
// one), sent one by one, and then:
//   sent                     marked sent
//   429 Too Many Requests    tried again after Telegram's retry_after
//   403 (blocked, deleted)   the chat is unlinked, for every account that linked it and every
//                            order it followed
//   no answer, 5xx           tried again after 2, 4, 8 ... s (at most 5 minutes apart)
//   any other refusal        given up, with Telegram's description kept
// A drain keeps going while notices are due within `maxWaitMs` (a short retry_after is honoured
// by waiting in the same run); later ones are left to the next drain or the scheduled one.
import { asService, type Sql } from "../db.ts";
import { sendMessage, TelegramError } from "./bot-api.ts";
import type { TelegramConfig } from "./config.ts";
import { noticeText, type ChatLanguage, type Notice } from "./messages.ts";

/** After this many attempts a notice is given up. */
export const MAX_ATTEMPTS = 8;
const BATCH = 20;
const MAX_BACKOFF_SECONDS = 300;

export interface DrainReport {
  sent: number;
  retrying: number;
  unlinked: number;
  failed: number;
}

interface Claimed {
  id: number;
  kind: Notice["kind"];
  payload: Notice["payload"];
  attempts: number;
  chat_id: number;
  language: ChatLanguage;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Seconds to wait after the `attempts`-th failed try that Telegram gave no time for. */
export function backoffSeconds(attempts: number): number {
  return Math.min(2 ** attempts, MAX_BACKOFF_SECONDS);
}

export async function drainOutbox(
  sql: Sql,
  config: TelegramConfig,
  { maxWaitMs = 30_000 }: { maxWaitMs?: number } = {},
): Promise<DrainReport> {
  const report: DrainReport = { sent: 0, retrying: 0, unlinked: 0, failed: 0 };
  for (;;) {
    const claimed = await asService(sql, (tx) => tx<Claimed[]>`select * from private.claim_telegram_outbox(${BATCH})`);
    for (const notice of claimed) await sendOne(sql, config, notice, report);
    if (claimed.length === BATCH) continue;

    const [{ wait_ms }] = await asService(
      sql,
      (tx) => tx<{ wait_ms: number | null }[]>`
        select (extract(epoch from min(next_attempt_at) - now()) * 1000)::float8 as wait_ms
        from private.telegram_outbox where sent_at is null and failed_at is null`,
    );
    // Nothing left, or nothing due soon enough to wait for here.
    if (wait_ms === null || wait_ms > maxWaitMs) break;
    // Due but claimed by nobody: another drain's claim is committing; give it a moment.
    await sleep(Math.max(wait_ms, claimed.length === 0 ? 100 : 0));
  }
  return report;
}

async function sendOne(sql: Sql, config: TelegramConfig, notice: Claimed, report: DrainReport) {
  const text = noticeText({ kind: notice.kind, payload: notice.payload } as Notice, notice.language);
  try {
    await sendMessage(config, Number(notice.chat_id), text);
    report.sent += 1;
    await asService(sql, (tx) => tx`update private.telegram_outbox set sent_at = now() where id = ${notice.id}`);
  } catch (error) {
    if (!(error instanceof TelegramError)) throw error;
    if (error.chatIsGone) {
      report.unlinked += 1;
      // Its pending notices go with it (on delete cascade).
      await asService(sql, async (tx) => {
        await tx`delete from public.telegram_chats where chat_id = ${notice.chat_id}`;
        await tx`delete from private.order_followers where chat_id = ${notice.chat_id}`;
      });
      return;
    }
    if (error.isTemporary && notice.attempts < MAX_ATTEMPTS) {
      report.retrying += 1;
      const seconds = error.retryAfter ?? backoffSeconds(notice.attempts);
      await asService(
        sql,
        (tx) => tx`update private.telegram_outbox
                   set next_attempt_at = now() + make_interval(secs => ${seconds}), last_error = ${error.description}
                   where id = ${notice.id}`,
      );
      return;
    }
    report.failed += 1;
    console.error(`[telegram] notice ${notice.id} given up: ${error.errorCode} ${error.description}`);
    await asService(
      sql,
      (tx) => tx`update private.telegram_outbox set failed_at = now(), last_error = ${error.description}
                 where id = ${notice.id}`,
    );
  }
}
