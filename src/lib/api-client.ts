// The one way the SPA talks to the api function: JSON over fetch, bearer token when stored, a 60 s
// timeout and its message on timeout or abort (docs/product.md, "When something fails"). Responses
// are parsed with the endpoint's zod schema; errors become ApiError carrying the server's `message`
// and `field`. Fetchers call apiCall with an entry of the route table (@contract/routes.ts), which
// gives the method, the path and the schemas. The public checkout alone reads answers unparsed
// (apiRequestUnparsed) and writes its paths out, to keep zod (which the table brings) off a
// customer's phone; tests/api/contract.test.ts holds the server to those schemas.
import type { z } from "zod";
import { fillPath, type PathParams } from "@contract/route-path.ts";
import type { JsonRoute } from "@contract/routes.ts";
import { env } from "@/config/env.ts";
import { REQUEST_TIMEOUT_MS } from "@/config/app.ts";
import { loadServerMessages, t } from "./i18n/index.ts";
import { translateServerError } from "./server-error-text.ts";
import { freshToken, refreshSession } from "./session-refresh.ts";
import { removeToken } from "./token.ts";

export type ApiErrorKind = "http" | "timeout" | "network" | "invalid-response";

export class ApiError extends Error {
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    readonly status: number | null = null,
    readonly code: string | null = null,
    readonly field: string | null = null,
    /** True when `message` is the server's own text (its `message` field), not a fallback. */
    readonly fromServer: boolean = false,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

interface SendOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  /** Sent as JSON, or as multipart when it is FormData (file uploads). */
  body?: unknown;
  /** Aborts the request early (e.g. the screen was left). */
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Extra request headers (the checkout's Idempotency-Key). */
  headers?: Record<string, string>;
  /** The bearer token to send instead of the stored one; null sends none. */
  token?: string | null;
  /** Told the share of a multipart body sent so far (0 to 1), as the upload goes (XMLHttpRequest). */
  onUploadProgress?: (sent: number) => void;
  /** The same request, already sent without a token (the checkout's early call): its answer is read instead. */
  started?: Promise<Response>;
}

export interface RequestOptions<S extends z.ZodType> extends SendOptions {
  schema: S;
}

interface ErrorBody {
  error?: unknown;
  message?: unknown;
  field?: unknown;
}

export async function apiRequest<S extends z.ZodType>(path: string, options: RequestOptions<S>): Promise<z.infer<S>> {
  const { status, json } = await send(path, options);
  const parsed = options.schema.safeParse(json);
  if (!parsed.success) throw new ApiError(t("errors.invalidResponse"), "invalid-response", status);
  return parsed.data;
}

/** The path parameters of a route: none, or each `{name}` of its path. */
type ParamsOption<P extends string> = [PathParams<P>] extends [never]
  ? { params?: undefined }
  : { params: Readonly<Record<PathParams<P>, string>> };

/** The body a route takes: its body schema's input, a form of files, or none. */
type BodyOption<Request> = Request extends { body: infer S extends z.ZodType }
  ? { body: z.input<S> }
  : Request extends { files: object }
    ? { body: FormData }
    : { body?: undefined };

/** The query parameters a route reads (text; null, undefined and "" are left out). */
type QueryOption<Request> = Request extends { query: infer S extends z.ZodType }
  ? { query?: { readonly [K in keyof z.input<S>]?: Extract<z.input<S>[K], string> | null } }
  : { query?: undefined };

export type CallOptions<R extends JsonRoute> = ParamsOption<R["path"]> &
  BodyOption<R["request"]> &
  QueryOption<R["request"]> &
  Omit<SendOptions, "method" | "body">;

/** The route's path with its parameters filled in and the query's non-empty values appended, in order. */
export function routeUrl(path: string, params?: Readonly<Record<string, string>>, query?: object): string {
  const filled = fillPath(path, params ?? {});
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (typeof value === "string" && value !== "") search.set(name, value);
  }
  return search.size > 0 ? `${filled}?${search}` : filled;
}

/**
 * Calls a route of the table (`API.<name>` of @contract/routes.ts) with its path parameters, query
 * and body, and parses the answer with the route's response schema. A route open to anyone is
 * called without the stored token, unless `token` says otherwise.
 */
export function apiCall<R extends JsonRoute>(
  route: R,
  ...[options]: object extends CallOptions<R> ? [options?: CallOptions<R>] : [options: CallOptions<R>]
): Promise<z.output<R["response"]["schema"]>> {
  const { params, query, ...rest } = (options ?? {}) as SendOptions & {
    params?: Readonly<Record<string, string>>;
    query?: object;
  };
  return apiRequest(routeUrl(route.path, params, query), {
    token: route.role.kind === "anyone" ? null : undefined,
    ...rest,
    method: route.method,
    schema: route.response.schema,
  }) as Promise<z.output<R["response"]["schema"]>>;
}

/** The answer as the contract types it, not parsed: only for the public checkout (see above). */
export async function apiRequestUnparsed<T>(path: string, options: SendOptions): Promise<T> {
  const { status, json } = await send(path, options);
  if (typeof json !== "object" || json === null)
    throw new ApiError(t("errors.invalidResponse"), "invalid-response", status);
  return json as T;
}

async function send(path: string, options: SendOptions, retried = false): Promise<{ status: number; json: unknown }> {
  const { method = "GET", body, signal, timeoutMs = REQUEST_TIMEOUT_MS } = options;
  // The stored token, renewed first when it is about to expire (session-refresh.ts).
  const token = options.token === undefined ? await freshToken() : options.token;

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const onOuterAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  else signal?.addEventListener("abort", onOuterAbort, { once: true });

  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  const multipart = typeof FormData !== "undefined" && body instanceof FormData;
  if (body !== undefined && !multipart) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: { ok: boolean; status: number };
  let text: string;
  try {
    const init = {
      method,
      headers,
      body: body === undefined ? undefined : multipart ? (body as FormData) : JSON.stringify(body),
      signal: controller.signal,
    };
    if (multipart && options.onUploadProgress) {
      ({ response, text } = await sendWithProgress(`${env.apiBaseUrl}${path}`, init, options.onUploadProgress));
    } else {
      const fetched = await (options.started ?? fetch(`${env.apiBaseUrl}${path}`, init));
      response = fetched;
      text = await fetched.text();
    }
  } catch (error) {
    if (controller.signal.aborted || (error as { name?: string })?.name === "AbortError") {
      throw new ApiError(t("errors.timeout"), "timeout");
    }
    throw new ApiError(t("errors.network"), "network");
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onOuterAbort);
  }

  let json: unknown = undefined;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }

  if (!response.ok) {
    const errorBody = (json ?? {}) as ErrorBody;
    const serverText = typeof errorBody.message === "string" && errorBody.message ? errorBody.message : null;
    // The stored token refused: the session is renewed once and the call made again. When it
    // cannot be renewed, the session is over and its tokens are gone, so the guards send the user
    // to /login.
    // The server's text is English; its translation may not have loaded yet (it loads when needed).
    if (serverText) await loadServerMessages().catch(() => undefined);
    const shownText = serverText ? translateServerError(errorBody.error, serverText) : t("errors.generic");
    if (response.status === 401 && token && options.token === undefined) {
      if (!retried && (await refreshSession(token)) === "refreshed") return send(path, options, true);
      // Refused again with a token just renewed: the account itself is gone.
      if (retried) removeToken(serverText ? shownText : undefined);
    }
    // An admin suspended the account (an open screen learns it on its next call): signed out here,
    // with the reason for the sign-in page.
    if (errorBody.error === "account_suspended" && token && options.token === undefined) removeToken(shownText);
    throw new ApiError(
      shownText,
      "http",
      response.status,
      typeof errorBody.error === "string" ? errorBody.error : null,
      typeof errorBody.field === "string" ? errorBody.field : null,
      serverText !== null,
    );
  }

  return { status: response.status, json };
}

/**
 * fetch cannot tell how much of a body has gone (Chromium streams request bodies only over HTTP/2,
 * without progress), so a file upload that shows its progress goes by XMLHttpRequest. It answers
 * and fails as fetch would (an AbortError on abort, a TypeError on a network failure).
 */
function sendWithProgress(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: FormData | string; signal: AbortSignal },
  onProgress: (sent: number) => void,
): Promise<{ response: { ok: boolean; status: number }; text: string }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(init.method, url);
    for (const [name, value] of Object.entries(init.headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onloadend = () => init.signal.removeEventListener("abort", abort);
    request.onload = () => {
      resolve({
        response: { ok: request.status >= 200 && request.status < 300, status: request.status },
        text: request.responseText,
      });
    };
    request.onerror = () => reject(new TypeError("Network request failed"));
    request.onabort = () => reject(new DOMException("Aborted", "AbortError"));
    const abort = () => request.abort();
    if (init.signal.aborted) return reject(new DOMException("Aborted", "AbortError"));
    init.signal.addEventListener("abort", abort, { once: true });
    request.send(init.body ?? null);
  });
}

/** The text to show for a failure: the server's or client's message, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/** The server's own message for a failed call, or null (no answer, or an answer without one). */
export function serverMessage(error: unknown): string | null {
  return error instanceof ApiError && error.fromServer ? error.message : null;
}

/**
 * The server could not be reached or said it is briefly unavailable (503: restarting, database
 * down): worth trying again by itself in a few seconds.
 */
export function isUnavailable(error: unknown): boolean {
  return error instanceof ApiError && (error.kind === "network" || error.status === 503);
}

/** For a failed action: the server's message, else a timeout or network message, else `fallback`. */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && (error.fromServer || error.kind === "timeout" || error.kind === "network"))
    return error.message;
  return fallback;
}
