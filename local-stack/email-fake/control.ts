// /_fake/*: what tests and `npm run email:messages` use to read what the app sent and to make
// Resend fail. JSON in, JSON out; a refusal is {error} naming what is wrong.
//   GET  /_fake/emails   the emails the fake accepted, oldest first (?to=<address>: only those
//                        with that recipient in to, cc or bcc, compared case-insensitively)
//   POST /_fake/fail     the next `times` sends (default 1) answer `status`: 500 application_error
//                        or 429 rate_limit_exceeded, to test the app's retries
//   POST /_fake/reset    forgets the emails, Idempotency-Keys, rate window and pending failures
import type { IncomingMessage, ServerResponse } from "node:http";
import { answerControl } from "../fake-server.ts";
import { bareAddress } from "./addresses.ts";
import { ControlError, readJsonObject, sendJson } from "./http.ts";
import type { EmailFakeState, StoredEmail } from "./state.ts";

export interface ControlContext {
  state: EmailFakeState;
  log: (line: string) => void;
}

export async function handleControl(
  ctx: ControlContext,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  query: URLSearchParams,
) {
  await answerControl(res, sendJson, () => route(ctx, req, path, query));
}

function received(email: StoredEmail, address: string): boolean {
  return [...email.to, ...email.cc, ...email.bcc].some((recipient) => bareAddress(recipient) === address);
}

async function route(
  ctx: ControlContext,
  req: IncomingMessage,
  path: string,
  query: URLSearchParams,
): Promise<unknown> {
  const key = `${req.method ?? "GET"} ${path}`;
  switch (key) {
    case "GET /_fake/emails": {
      const to = query.get("to");
      const address = to === null ? null : bareAddress(to);
      if (to !== null && address === null) throw new ControlError(400, `to must be an email address, not "${to}"`);
      return {
        emails: ctx.state.emails
          .filter((email) => address === null || received(email, address))
          .map((email) => ({ ...email, created_at: new Date(email.created_at).toISOString() })),
      };
    }

    case "POST /_fake/fail": {
      const body = await readJsonObject(req);
      if (body.status !== 500 && body.status !== 429) throw new ControlError(400, "status must be 500 or 429");
      const times = body.times ?? 1;
      if (typeof times !== "number" || !Number.isInteger(times) || times < 0 || times > 1000)
        throw new ControlError(400, "times must be an integer from 0 to 1000");
      ctx.state.failures = { status: body.status, times };
      ctx.log(`the next ${times} send(s) answer ${body.status}`);
      return { status: body.status, times };
    }

    case "POST /_fake/reset":
      ctx.state.reset();
      return { reset: true };
  }
  throw new ControlError(404, `no control route ${key}: the fake has GET emails; POST fail, reset (under /_fake/)`);
}
