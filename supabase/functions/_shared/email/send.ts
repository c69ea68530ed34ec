// Sending one email through the Resend-shaped API (POST {EMAIL_API_URL}/emails). Always after the
// answer, never in a request's way. A send the API could not take now (429 rate_limit_exceeded,
// 5xx, no answer) is tried again after its retry-after, else after 1, 2, 4 s, four times in all;
// the Idempotency-Key makes a retry of a send that did arrive a no-op, so nobody gets two. Any
// other refusal (a bad key, an unverified sender, a daily quota) is logged and given up.
import type { EmailConfig } from "./config.ts";

export interface Email {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The same for every try of one email, e.g. password-reset/<id>. */
  idempotencyKey: string;
}

const ATTEMPTS = 4;
const TIMEOUT_MS = 10_000;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Whether the API took the email. */
export async function sendEmail(config: EmailConfig, email: Email, sleep = wait): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    let retryAfterSeconds: number | null = null;
    let why: string;
    try {
      const response = await fetch(`${config.apiUrl}/emails`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${config.apiKey}`,
          "content-type": "application/json",
          "idempotency-key": email.idempotencyKey,
        },
        body: JSON.stringify({
          from: config.from,
          to: [email.to],
          subject: email.subject,
          html: email.html,
          text: email.text,
        }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (response.ok) {
        await response.body?.cancel();
        return true;
      }
      const body = (await response.json().catch(() => null)) as { name?: string; message?: string } | null;
      why = `${response.status} ${body?.name ?? ""}: ${body?.message ?? ""}`;
      const retryable = (response.status === 429 && body?.name === "rate_limit_exceeded") || response.status >= 500;
      if (!retryable) {
        console.error(`[email] refused (${why}); not sent`);
        return false;
      }
      const retryAfter = Number(response.headers.get("retry-after"));
      if (Number.isFinite(retryAfter) && retryAfter >= 0) retryAfterSeconds = retryAfter;
    } catch (error) {
      why = `no answer: ${error instanceof Error ? error.message : error}`;
    }
    if (attempt >= ATTEMPTS) {
      console.error(`[email] gave up after ${ATTEMPTS} tries (${why})`);
      return false;
    }
    await sleep(retryAfterSeconds !== null ? retryAfterSeconds * 1000 : 1000 * 2 ** (attempt - 1));
  }
}
