// The api function as the SPA's unit tests meet it: one fake behind `fetch` for every test file
// (installed by src/testing/setup.ts), instead of a fetch stub written in each file. It finds the
// route of each request in the route table (@contract/routes.ts) as the function does, and answers
// with the handler the test gave for that route: the route's JSON answer, typed by the route's
// response schema and parsed with it before it is sent, or an error made by `fail`. A request
// for a route no test handles, and an answer the contract does not parse, fail the test: a fake
// that drifted from the contract would let a screen pass against answers the server never gives.
import type { z } from "zod";
import { errorStatus, type ErrorBody, type ErrorCode } from "@contract/error-codes.ts";
import { findRoute, type PathParams } from "@contract/route-path.ts";
import { API_ROUTES, type ApiRoute } from "@contract/routes.ts";
import { env } from "@/config/env.ts";

/** The body a route's handler is given: the JSON the SPA sent, the form of files, or nothing. */
type RequestBody<R extends ApiRoute> = R["request"] extends { body: infer S extends z.ZodType }
  ? z.input<S>
  : R["request"] extends { files: object }
    ? FormData
    : undefined;

/** A request as a handler sees it. */
export interface FakeRequest<R extends ApiRoute = ApiRoute> {
  route: R;
  url: URL;
  method: string;
  /** The path parameters, `{id}` of "/campaigns/{id}" and so on. */
  params: Readonly<Record<PathParams<R["path"]>, string>>;
  query: URLSearchParams;
  body: RequestBody<R>;
  headers: Headers;
}

/** What a handler answers: the route's JSON answer, or a Response (an error, a CSV file). */
type Answer<R extends ApiRoute> = R["response"] extends { kind: "json"; schema: infer S extends z.ZodType }
  ? z.input<S> | Response
  : Response;

export type Handler<R extends ApiRoute> = (request: FakeRequest<R>) => Answer<R> | Promise<Answer<R>>;

/** The error envelope the function answers with: `fail("conflict", "User is already approved")`. */
export function fail(code: ErrorCode, message: string, field?: string): Response {
  const body: ErrorBody = field ? { error: code, message, field } : { error: code, message };
  return jsonResponse(errorStatus[code], body);
}

/** A JSON response with any status and body, for answers outside the contract (a broken server). */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

/** Thrown by a handler: the request never reaches the server, as when the phone has no signal. */
export function networkDown(): never {
  throw new TypeError("Failed to fetch");
}

/** A promise the test settles when it wants the answer to arrive (a slow server, a pending state). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const pathOf = (url: URL) => url.pathname.slice(new URL(env.apiBaseUrl, url).pathname.length) || "/";

class FakeApi {
  private readonly handlers = new Map<ApiRoute, Handler<ApiRoute>>();
  private readonly received: FakeRequest[] = [];
  private problems: string[] = [];

  /** Answers `route` with `handler` (or always with `answer`), replacing what it answered before. */
  on<R extends ApiRoute>(route: R, handler: Handler<NoInfer<R>> | Answer<NoInfer<R>>): this {
    // A Response's body reads once: each request gets its own copy.
    const answer =
      typeof handler === "function" ? handler : () => (handler instanceof Response ? handler.clone() : handler);
    this.handlers.set(route, answer as Handler<ApiRoute>);
    return this;
  }

  /** The requests made to `route` so far (to any route without one), oldest first. */
  calls<R extends ApiRoute>(route?: R): FakeRequest<R>[] {
    return this.received.filter((request) => !route || request.route === route) as FakeRequest<R>[];
  }

  /** Forgets every handler, request and problem (before each test). */
  reset() {
    this.handlers.clear();
    this.received.length = 0;
    this.problems = [];
  }

  /** What went wrong since the last call: unhandled routes, answers outside the contract. */
  takeProblems(): string[] {
    const problems = this.problems;
    this.problems = [];
    return problems;
  }

  /** The `fetch` the SPA calls. */
  readonly fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    const method = (init.method ?? "GET").toUpperCase();
    const path = pathOf(url);
    const route = url.href.startsWith(env.apiBaseUrl) ? findRoute(API_ROUTES, method, path) : undefined;
    const handler = route && this.handlers.get(route);
    if (!route || !handler) {
      const problem = route
        ? `${method} ${route.path}: no test answers this route (fakeApi.on(API.…))`
        : `${method} ${url.href}: not a route of the api function`;
      this.problems.push(problem);
      return fail("not_found", problem);
    }
    const request: FakeRequest = {
      route,
      url,
      method,
      params: paramsOf(route.path, path),
      query: url.searchParams,
      body: bodyOf(init.body) as never,
      headers: new Headers(init.headers),
    };
    this.received.push(request);
    const answer = await untilAborted(
      Promise.resolve().then(() => handler(request)),
      init.signal,
    );
    if (answer instanceof Response) return answer;
    if (route.response.kind !== "json") {
      this.problems.push(`${method} ${route.path}: answers ${route.response.kind}, give a Response`);
      return fail("internal", "not JSON");
    }
    const parsed = route.response.schema.safeParse(answer);
    if (!parsed.success) {
      this.problems.push(`${method} ${route.path}: the answer does not match the contract: ${parsed.error.message}`);
    }
    return jsonResponse(route.response.status, answer);
  };
}

/** The one fake every unit test talks to. */
export const fakeApi = new FakeApi();

/**
 * The XMLHttpRequest the SPA's uploads with progress use (api-client.ts), over the same fake: the
 * whole body counts as sent at once, then the fake answers.
 */
export class FakeXMLHttpRequest {
  readonly upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  onloadend: (() => void) | null = null;
  status = 0;
  responseText = "";
  private method = "GET";
  private url = "";
  private readonly headers: Record<string, string> = {};
  private readonly controller = new AbortController();

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: FormData | string | null) {
    this.upload.onprogress?.(new ProgressEvent("progress", { lengthComputable: true, loaded: 1, total: 1 }));
    fakeApi
      .fetch(this.url, { method: this.method, headers: this.headers, body, signal: this.controller.signal })
      .then(async (response) => {
        this.status = response.status;
        this.responseText = await response.text();
        this.onload?.();
      })
      .catch(() => (this.controller.signal.aborted ? this.onabort?.() : this.onerror?.()))
      .finally(() => this.onloadend?.());
  }

  abort() {
    this.controller.abort();
  }
}

function paramsOf(pattern: string, path: string): Record<string, string> {
  const values = path.split("/");
  const params: Record<string, string> = {};
  pattern.split("/").forEach((segment, i) => {
    const name = /^\{(.+)\}$/.exec(segment)?.[1];
    if (name) params[name] = decodeURIComponent(values[i]);
  });
  return params;
}

function bodyOf(body: BodyInit | null | undefined): unknown {
  if (body === undefined || body === null) return undefined;
  if (body instanceof FormData) return body;
  return JSON.parse(String(body));
}

/** The handler's answer, or an AbortError once the client gives up, as fetch rejects then. */
function untilAborted<T>(answer: Promise<T>, signal: AbortSignal | null | undefined): Promise<T> {
  if (!signal) return answer;
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(new DOMException("The operation was aborted.", "AbortError"));
    if (signal.aborted) abort();
    signal.addEventListener("abort", abort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}
