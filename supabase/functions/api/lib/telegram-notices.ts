// Middleware: after a request that queued Telegram notices (the database's triggers fill the
// outbox in the same transaction as a new order, a completed payout or a sign-up), the outbox is
// drained once the answer is out, so the caller never waits for Telegram. Whatever this misses
// (the worker stopped, Telegram said later) the scheduled drain of telegram-webhook sends.
import type { MiddlewareHandler } from "hono";
import type { AppDeps } from "../../_shared/context.ts";
import { drainOutbox } from "../../_shared/telegram/drain.ts";
import type { AppEnv } from "./app-env.ts";

const EVENT_PATHS = [/^\/api\/checkout\/order\/?$/, /^\/api\/auth\/register\//, /^\/api\/payouts\/admin\/complete\//];

export function sendTelegramNoticesAfterEvents(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const config = deps.telegram;
    if (!config || !deps.runAfterResponse || c.req.method === "GET" || c.res.status >= 300) return;
    if (!EVENT_PATHS.some((path) => path.test(c.req.path))) return;
    deps.runAfterResponse(
      drainOutbox(deps.sql, config).catch((error) => console.error("[telegram] draining the outbox failed:", error)),
    );
  };
}
