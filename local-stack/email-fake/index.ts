// A fake of Resend's email API for the local stack and tests: development infrastructure, never
// product code. One HTTP server:
//   /emails       the send call (EMAIL_API_URL points at the server's root): POST only
//   /_fake/...    control calls: read what was sent, make sends fail, reset (control.ts)
// It refuses what Resend would refuse (the key, the fields, the rate limit, Idempotency-Keys), with
// Resend's error shapes, and keeps every accepted email for tests and `npm run email:messages`.
// State lives in memory.
import { startFakeServer } from "../fake-server.ts";
import { handleControl } from "./control.ts";
import { handleEmailsApi } from "./emails-api.ts";
import { sendJson } from "./http.ts";
import { EmailFakeState } from "./state.ts";

export interface EmailFakeOptions {
  port: number;
  /** The only key the fake takes as `Authorization: Bearer <key>`. */
  apiKey: string;
  log?: (line: string) => void;
  /** The fake's clock (Date.now by default): tests move it instead of waiting out the rate limit. */
  now?: () => number;
}

export interface EmailFake {
  url: string;
  close(): Promise<void>;
}

export async function startEmailFake(opts: EmailFakeOptions): Promise<EmailFake> {
  const log = (line: string) => opts.log?.(`[email-fake] ${line}`);
  const state = new EmailFakeState();
  const api = { state, apiKey: opts.apiKey, now: opts.now ?? Date.now, log };

  const server = await startFakeServer({
    name: "Email fake",
    port: opts.port,
    sendJson,
    serves: "/emails and /_fake/*",
    route(req, res, url) {
      const path = url.pathname;
      if (path.startsWith("/_fake/")) return handleControl({ state, log }, req, res, path, url.searchParams);
      // Every other path is Resend's to answer, in Resend's shape (404 not_found included).
      return handleEmailsApi(api, req, res, path);
    },
  });
  log(`listening on ${server.url}`);
  return { url: server.url, close: () => server.close() };
}
