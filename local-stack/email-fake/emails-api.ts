// POST /emails: Resend's send call, with Resend's answers: {id} on success, otherwise
// {statusCode, name, message}. In the order Resend applies them:
//   the key        401 missing_api_key without `Authorization: Bearer`, 403 invalid_api_key for another
//   the rate limit 429 rate_limit_exceeded beyond 2 requests a second (sliding window, per fake);
//                  every answer carries the ratelimit-* headers so a client can pace itself
//   the body       400 validation_error when it is not JSON; 422 missing_required_field or
//                  validation_error for what Resend would refuse (fields, addresses, 50 recipients)
//   Idempotency-Key 400 invalid_idempotency_key when empty or over 256 characters; the same key
//                  with the same body within 24 h answers the first id again and stores nothing;
//                  with another body 409 invalid_idempotent_request
// A failure a test asked for (POST /_fake/fail) comes after the checks, so a retry of a valid send
// gets through once the failures are used up; a failed send leaves its key unused, as at Resend.
// Any other path answers 404 not_found, any other method on /emails 405 method_not_allowed.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { bareAddress } from "./addresses.ts";
import { ControlError, readBody, sendJson } from "./http.ts";
import type { EmailFakeState, RateWindow, StoredEmail, Tag } from "./state.ts";

export interface ApiContext {
  state: EmailFakeState;
  apiKey: string;
  now: () => number;
  log: (line: string) => void;
}

/** Resend's default limit for a team. */
export const RATE_LIMIT = 2;
const MAX_RECIPIENTS = 50;
const MAX_IDEMPOTENCY_KEY = 256;
const ADDRESS_FORMAT =
  "The email address needs to follow the `email@example.com` or `Name <email@example.com>` format.";

/** A refusal in Resend's shape; `code` becomes the answer's `name`. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const missing = (field: string) => new Refusal(422, "missing_required_field", `Missing \`${field}\` field.`);
const invalid = (field: string, why: string) =>
  new Refusal(422, "validation_error", `Invalid \`${field}\` field. ${why}`);

export async function handleEmailsApi(ctx: ApiContext, req: IncomingMessage, res: ServerResponse, path: string) {
  const now = ctx.now();
  const reply = (status: number, body: unknown, window: RateWindow, extra: Record<string, string> = {}) => {
    res.setHeader("ratelimit-limit", String(RATE_LIMIT));
    res.setHeader("ratelimit-remaining", String(window.remaining));
    res.setHeader("ratelimit-reset", String(window.resetSeconds));
    for (const [name, value] of Object.entries(extra)) res.setHeader(name, value);
    sendJson(res, status, body);
  };
  const refuse = (refusal: Refusal, window = ctx.state.peek(now, RATE_LIMIT)) =>
    reply(
      refusal.status,
      { statusCode: refusal.status, name: refusal.code, message: refusal.message },
      window,
      refusal.status === 429 ? { "retry-after": "1" } : {},
    );

  if (path !== "/emails")
    return refuse(
      new Refusal(404, "not_found", "The requested endpoint does not exist (the fake serves POST /emails)."),
    );
  if (req.method !== "POST") return refuse(new Refusal(405, "method_not_allowed", "Method Not Allowed"));
  let text: string;
  try {
    text = await readBody(req);
  } catch (error) {
    if (error instanceof ControlError) return refuse(new Refusal(413, "validation_error", "The body is over 1 MB."));
    throw error;
  }

  const key = /^Bearer\s+(\S+)\s*$/i.exec(String(req.headers.authorization ?? ""))?.[1];
  if (key === undefined)
    return refuse(
      new Refusal(
        401,
        "missing_api_key",
        "Missing API key in the authorization header. Include the following header in the request: Authorization: Bearer YOUR_API_KEY",
      ),
    );
  if (key !== ctx.apiKey) return refuse(new Refusal(403, "invalid_api_key", "API key is invalid"));
  const window = ctx.state.take(now, RATE_LIMIT);
  if (!window.allowed)
    return refuse(
      new Refusal(
        429,
        "rate_limit_exceeded",
        `Too many requests. You can only make ${RATE_LIMIT} requests per second. See rate limit response headers for more information.`,
      ),
      window,
    );

  try {
    const idempotencyKey = idempotencyKeyOf(req);
    const body = parseBody(text, String(req.headers["content-type"] ?? ""));
    const email = validate(body);
    const failure = ctx.state.takeFailure();
    if (failure === 429) throw new Refusal(429, "rate_limit_exceeded", "Too many requests (asked for by a test).");
    if (failure !== null) throw new Refusal(failure, "application_error", "An unexpected error occurred.");

    const payload = canonical(body);
    if (idempotencyKey !== undefined) {
      const earlier = ctx.state.idempotentSend(idempotencyKey, now);
      if (earlier && earlier.payload !== payload)
        throw new Refusal(
          409,
          "invalid_idempotent_request",
          "Same idempotency key used with a different request payload. Change your idempotency key or payload.",
        );
      if (earlier) {
        ctx.log(`replayed ${earlier.id} for Idempotency-Key ${idempotencyKey}`);
        return reply(200, { id: earlier.id }, window);
      }
    }
    const stored: StoredEmail = { id: randomUUID(), ...email, created_at: now };
    ctx.state.emails.push(stored);
    if (idempotencyKey !== undefined) ctx.state.idempotency.set(idempotencyKey, { payload, id: stored.id, at: now });
    ctx.log(`email to ${stored.to.join(", ")}: ${stored.subject}`);
    reply(200, { id: stored.id }, window);
  } catch (error) {
    if (error instanceof Refusal) return refuse(error, window);
    throw error;
  }
}

function idempotencyKeyOf(req: IncomingMessage): string | undefined {
  const value = req.headers["idempotency-key"];
  if (value === undefined) return undefined;
  const key = Array.isArray(value) ? value.join(", ") : value;
  if (key.trim() === "" || key.length > MAX_IDEMPOTENCY_KEY)
    throw new Refusal(
      400,
      "invalid_idempotency_key",
      `The \`Idempotency-Key\` header must be 1-${MAX_IDEMPOTENCY_KEY} characters.`,
    );
  return key;
}

// Strict about the content type: a client that forgets it would send text/plain, and the real API
// would not read the fields from that.
function parseBody(text: string, contentType: string): Record<string, unknown> {
  if (!/^application\/json\s*(;|$)/i.test(contentType))
    throw new Refusal(400, "validation_error", "The body must be JSON, sent with `Content-Type: application/json`.");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Refusal(400, "validation_error", "The body is not valid JSON.");
  }
  if (!value || typeof value !== "object" || Array.isArray(value))
    throw new Refusal(400, "validation_error", "The body must be a JSON object.");
  return value as Record<string, unknown>;
}

const absent = (value: unknown) =>
  value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0);

/** A field of one address or a list of them, as given; [] when absent and not required. */
function addresses(body: Record<string, unknown>, field: string, required: boolean, listAllowed = true): string[] {
  const value = body[field];
  if (absent(value)) {
    if (required) throw missing(field);
    return [];
  }
  if (Array.isArray(value) && !listAllowed) throw invalid(field, ADDRESS_FORMAT);
  const list: unknown[] = Array.isArray(value) ? value : [value];
  if (field === "to" && list.length > MAX_RECIPIENTS)
    throw invalid(field, `It holds ${list.length} recipients; the maximum is ${MAX_RECIPIENTS}.`);
  for (const item of list) if (typeof item !== "string" || !bareAddress(item)) throw invalid(field, ADDRESS_FORMAT);
  return list as string[];
}

function optionalText(body: Record<string, unknown>, field: string): string | null {
  const value = body[field];
  if (value === undefined || value === null) return null;
  if (typeof value !== "string") throw invalid(field, "It must be a string.");
  return value === "" ? null : value;
}

function validate(body: Record<string, unknown>): Omit<StoredEmail, "id" | "created_at"> {
  const from = addresses(body, "from", true, false)[0];
  const to = addresses(body, "to", true);
  if (absent(body.subject)) throw missing("subject");
  if (typeof body.subject !== "string") throw invalid("subject", "It must be a string.");
  const html = optionalText(body, "html");
  const text = optionalText(body, "text");
  if (html === null && text === null)
    throw new Refusal(422, "missing_required_field", "Missing `html` or `text` field.");
  return {
    from,
    to,
    cc: addresses(body, "cc", false),
    bcc: addresses(body, "bcc", false),
    reply_to: addresses(body, "reply_to", false),
    subject: body.subject,
    html,
    text,
    headers: headers(body.headers),
    tags: tags(body.tags),
  };
}

function headers(value: unknown): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (typeof value !== "object" || Array.isArray(value) || Object.values(value).some((v) => typeof v !== "string"))
    throw invalid("headers", "It must be an object of header names to string values.");
  return value as Record<string, string>;
}

// Resend allows only ASCII letters, digits, underscores and dashes in tags, up to 256 characters.
function tags(value: unknown): Tag[] {
  if (value === undefined || value === null) return [];
  const valid = (part: unknown) => typeof part === "string" && /^[A-Za-z0-9_-]{1,256}$/.test(part);
  if (
    !Array.isArray(value) ||
    !value.every((tag: { name?: unknown; value?: unknown } | null) => tag && valid(tag.name) && valid(tag.value))
  )
    throw invalid(
      "tags",
      "It must be a list of {name, value}, each of ASCII letters, digits, underscores and dashes (at most 256).",
    );
  return value as Tag[];
}

/** The body with its keys sorted, so the same payload compares equal however it was spelt. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}
