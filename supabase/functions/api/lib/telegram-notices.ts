// The routes whose transaction queues Telegram notices (the database's triggers fill the outbox in
// the same transaction as a new order, a completed payout or a sign-up) call this once it has
// committed: the outbox is drained after the answer, so the caller never waits for Telegram.
// Whatever this misses (the worker stopped, Telegram said later) the scheduled drain of
// telegram-webhook sends.
import type { AppDeps } from "../../_shared/context.ts";
import { drainOutbox } from "../../_shared/telegram/drain.ts";

export function sendTelegramNoticesAfterResponse(deps: AppDeps): void {
  const config = deps.telegram;
  if (!config || !deps.runAfterResponse) return;
  deps.runAfterResponse(
    drainOutbox(deps.sql, config).catch((error) => console.error("[telegram] draining the outbox failed:", error)),
  );
}
