// The skeleton both fakes of outside APIs are built on (meta-fake/, telegram-fake/): one HTTP
// server on loopback, request bodies read with a size limit, JSON answers, the plain {error}
// refusals of the /_fake control calls, a 500 for a bug of the fake itself, and a stop that drops
// open connections (long polls included). Each fake keeps its own routes, API rules and the error
// shapes of the API it stands for. Development infrastructure, never product code.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

// The real APIs' limits are far above anything these calls need; 1 MB keeps a runaway test cheap.
const MAX_BODY_BYTES = 1024 * 1024;

/** A refusal of a /_fake control call: plain JSON {error}, saying what is wrong. */
export class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "ControlError";
  }
}

/** The body as text; over 1 MB is refused with 413. */
export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new ControlError(413, "request body over 1 MB");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** A control call's JSON object body ({} when empty); anything but an object is refused with 400. */
export async function readJsonObject(req: IncomingMessage): Promise<Record<string, unknown>> {
  const text = await readBody(req);
  if (text.trim() === "") return {};
  const value: unknown = JSON.parse(text);
  if (!value || typeof value !== "object" || Array.isArray(value))
    throw new ControlError(400, "the body must be a JSON object");
  return value as Record<string, unknown>;
}

/** Writes a JSON answer with the fake's content type (each API labels its JSON its own way). */
export function writeJson(res: ServerResponse, status: number, text: string, contentType: string) {
  res.writeHead(status, {
    "content-type": contentType,
    "content-length": Buffer.byteLength(text),
    "cache-control": "no-store",
  });
  res.end(text);
}

type SendJson = (res: ServerResponse, status: number, body: unknown) => void;

/**
 * Answers a control call: its result with 200, a ControlError with its status and {error}, a body
 * that is not JSON with 400; anything else is a bug of the fake and is thrown on.
 */
export async function answerControl(res: ServerResponse, sendJson: SendJson, work: () => Promise<unknown>) {
  try {
    sendJson(res, 200, await work());
  } catch (error) {
    if (error instanceof ControlError) return sendJson(res, error.status, { error: error.message });
    if (error instanceof SyntaxError) return sendJson(res, 400, { error: `the body is not JSON: ${error.message}` });
    throw error;
  }
}

export interface FakeServerOptions {
  /** The fake's name in messages and logs: "Meta fake" is logged as [meta-fake]. */
  name: string;
  /** The port to listen on (on 127.0.0.1); 0 takes any free one. */
  port: number;
  sendJson: SendJson;
  /** Answers one request (`url` is its URL), or null when the fake serves no such path. */
  route(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> | null;
  /** What the fake serves, said in the 404 of any other path. */
  serves: string;
}

export interface FakeServer {
  server: Server;
  url: string;
  /** Stops listening and drops every open connection. */
  close(): Promise<void>;
}

export async function startFakeServer(opts: FakeServerOptions): Promise<FakeServer> {
  const tag = `[${opts.name.toLowerCase().replace(/\s+/g, "-")}]`;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake.local");
    Promise.resolve()
      .then(() => {
        const work = opts.route(req, res, url);
        if (work) return work;
        opts.sendJson(res, 404, {
          error: `the ${opts.name} has no ${req.method} ${url.pathname}: it serves ${opts.serves}`,
        });
      })
      .catch((error) => {
        console.error(tag, error);
        if (!res.headersSent) opts.sendJson(res, 500, { error: `internal error of the ${opts.name} (logged)` });
        else res.destroy();
      });
  });
  // Idle connections are left for the client to close, as Meta's and Telegram's hosts leave them
  // longer than a function's fetch pool keeps them. Node's default (5 s) raced Deno's reuse of a
  // pooled connection (denoland/deno#17754): a call made just after the fake had closed it failed
  // before any answer, and a Facebook reconnect in CI was told "Facebook could not be reached".
  server.keepAliveTimeout = 10 * 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  const port = address && typeof address === "object" ? address.port : opts.port;
  return {
    server,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
