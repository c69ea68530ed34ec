// One call to one of Meta's hosts (graph.instagram.com, api.instagram.com, graph.facebook.com, or
// the local fakes at the configured URLs): a plain fetch with a time limit, whose every failure
// becomes a MetaError carrying Meta's code and message, from either of Meta's two error shapes:
//   the Graph hosts       {error: {message, type, code, error_subcode}}
//   api.instagram.com     {error_type, code, error_message}
// Shared by the Instagram and the Facebook automation.

export class MetaError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | null,
    readonly subcode: number | null,
    message: string,
  ) {
    super(message);
  }

  /** Meta's throttling codes (4 app, 17 user, 32 page, 613 calls), or HTTP 429: worth retrying later. */
  get isRateLimit(): boolean {
    return this.status === 429 || [4, 17, 32, 613].includes(this.code ?? -1);
  }

  /**
   * Meta's 190 (OAuthException): the token is no longer valid, whatever the subcode says why (463
   * expired, 460 the password changed, 458 the app removed). Only connecting again mends it.
   */
  get isTokenRefused(): boolean {
    return this.code === 190;
  }
}

/** How long one call to Meta may take before it is given up. */
const CALL_TIMEOUT_MS = 10_000;

/** `platform` names the service in the message when Meta cannot be reached ("Instagram", "Facebook"). */
export async function metaCall<T>(platform: string, url: string, init: RequestInit = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  } catch (error) {
    // No answer at all: retried like a throttle by the caller.
    throw new MetaError(503, null, null, `${platform} could not be reached (${(error as Error).name})`);
  }
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text);
  } catch {
    // An HTML error page or nothing: described by its status below.
  }
  if (res.ok && !("error" in body) && !("error_type" in body)) return body as T;
  const graph = body.error as { message?: string; code?: number; error_subcode?: number } | undefined;
  const code = graph?.code ?? (typeof body.code === "number" ? body.code : null);
  const message = graph?.message ?? (body.error_message as string | undefined) ?? `HTTP ${res.status}`;
  throw new MetaError(res.status, code, graph?.error_subcode ?? null, message);
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
