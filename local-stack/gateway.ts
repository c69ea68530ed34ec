// One origin for everything, as a Supabase project plus a static host would look to the browser:
//   /functions/v1/api/*     -> the api function under Deno (path rewritten to /api/*)
//   /functions/v1/instagram-webhook -> the instagram-webhook function (rewritten to /instagram-webhook)
//   /functions/v1/facebook-webhook  -> the facebook-webhook function (rewritten to /facebook-webhook)
//   /functions/v1/telegram-webhook  -> the telegram-webhook function (rewritten to /telegram-webhook)
//   /r/*                    -> the api function's short links, /api/r/* (as a static host's
//                              rewrite sends them to https://<ref>.supabase.co/functions/v1/api/r/*)
//   /s/*                    -> the api function's storefront addresses, /api/s/* (the same rewrite:
//                              a person is sent on to /store/<handle>, a crawler gets a preview)
//   /realtime/v1/websocket  -> the Realtime stand-in (WebSocket upgrade)
//   /storage/v1/*           -> the Storage stand-in
//   anything else           -> the built SPA (dist/): /checkout and /o/<token> are checkout.html (a page of its
//                              own), /rider/<token> rider.html, /store/<handle> store.html, other
//                              client-side routes index.html
// Text responses are compressed (br or gzip) and hashed assets cached for a year, as a CDN in
// front of a static host and the Supabase edge would serve them to a phone.
import { createReadStream, existsSync, statSync } from "node:fs";
import {
  createServer,
  request,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import { extname, join, normalize } from "node:path";
import { Readable } from "node:stream";
import { compressedFile, compressStream, isCompressible, MIN_COMPRESSIBLE_BYTES, pickEncoding } from "./compression.ts";
import type { RealtimeServer } from "./realtime/index.ts";
import type { StorageServer } from "./storage/index.ts";

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".ico": "image/x-icon",
  ".webp": "image/webp",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
};

export interface GatewayTargets {
  apiUrl: string;
  instagramWebhookUrl: string;
  facebookWebhookUrl: string;
  telegramWebhookUrl: string;
  realtime: RealtimeServer;
  storage: StorageServer;
  spaDir: string;
}

// What the app's pages are allowed to do, as a static host should send it (README): scripts and
// styles only from this origin, images also from https (shop logos) and data:/blob: (QR codes),
// connections to this origin and its WebSocket, and no framing by other sites.
const SPA_SECURITY_HEADERS = {
  "content-security-policy": [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob: https:",
    "connect-src 'self' ws: wss:",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; "),
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
};

export function createGateway(targets: GatewayTargets): Server {
  const server = createServer((req, res) => {
    // Whatever one request does wrong, the gateway answers it and keeps serving the others.
    try {
      route(targets, req, res);
    } catch (error) {
      console.error("[gateway]", error);
      if (!res.headersSent) sendJson(res, 500, { error: "internal", message: "Something went wrong" });
      else res.destroy();
    }
  });
  server.on("upgrade", (req, socket, head) => {
    if ((req.url ?? "").split("?")[0] === "/realtime/v1/websocket") {
      targets.realtime.handleUpgrade(req, socket, head);
    } else {
      socket.destroy();
    }
  });
  return server;
}

function route(targets: GatewayTargets, req: IncomingMessage, res: ServerResponse) {
  const path = (req.url ?? "/").split("?")[0];
  const url = req.url ?? "/";
  if (path.startsWith("/functions/v1/api")) {
    return proxyToFunction(req, res, targets.apiUrl, url.replace(/^\/functions\/v1\/api/, "/api"));
  }
  if (path.startsWith("/r/")) return proxyToFunction(req, res, targets.apiUrl, url.replace(/^\/r\//, "/api/r/"));
  if (path.startsWith("/s/")) return proxyToFunction(req, res, targets.apiUrl, url.replace(/^\/s\//, "/api/s/"));
  if (path.startsWith("/functions/v1/instagram-webhook")) {
    const target = url.replace(/^\/functions\/v1\/instagram-webhook/, "/instagram-webhook");
    return proxyToFunction(req, res, targets.instagramWebhookUrl, target);
  }
  if (path.startsWith("/functions/v1/facebook-webhook")) {
    const target = url.replace(/^\/functions\/v1\/facebook-webhook/, "/facebook-webhook");
    return proxyToFunction(req, res, targets.facebookWebhookUrl, target);
  }
  if (path.startsWith("/functions/v1/telegram-webhook")) {
    const target = url.replace(/^\/functions\/v1\/telegram-webhook/, "/telegram-webhook");
    return proxyToFunction(req, res, targets.telegramWebhookUrl, target);
  }
  if (path.startsWith("/storage/v1/")) {
    targets.storage.handle(req, res).catch((error: unknown) => fail(res, error));
    return;
  }
  if (path.startsWith("/functions/") || path.startsWith("/realtime/") || path.startsWith("/rest/")) {
    return sendJson(res, 404, { error: "not_found", message: "No such path" });
  }
  serveSpa(req, res, targets.spaDir, path);
}

/**
 * The answer as it goes out: compressed (br or gzip, as the client accepts) when it is at least
 * MIN_COMPRESSIBLE_BYTES, as a CDN would, otherwise as it came.
 */
function sendMaybeCompressed(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: IncomingHttpHeaders,
  body: Readable,
  length: number,
) {
  const encoding = length >= MIN_COMPRESSIBLE_BYTES ? pickEncoding(req.headers["accept-encoding"]) : undefined;
  // The function's side broke mid-body (see proxyToFunction): the client's is cut there.
  body.on("error", () => res.destroy());
  if (!encoding) {
    res.writeHead(status, headers);
    body.pipe(res);
    return;
  }
  const { "content-length": _length, ...rest } = headers;
  res.writeHead(status, { ...rest, "content-encoding": encoding, vary: "accept-encoding" });
  body.pipe(compressStream(encoding)).pipe(res);
}

/**
 * Reads a stream until `threshold` bytes or its end, whichever comes first. Gives the length seen
 * (Infinity when the threshold was reached first) and a stream of the whole body, nothing lost.
 */
function peekLength(stream: Readable, threshold: number): Promise<{ known: number; body: Readable }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let seen = 0;
    const done = (ended: boolean) => {
      stream.off("data", onData);
      stream.off("end", onEnd);
      stream.pause();
      const body = ended
        ? Readable.from(chunks)
        : Readable.from(
            (async function* () {
              yield* chunks;
              yield* stream;
            })(),
          );
      resolve({ known: ended ? seen : Infinity, body });
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      seen += chunk.length;
      if (seen >= threshold) done(false);
    };
    const onEnd = () => done(true);
    stream.on("data", onData);
    stream.on("end", onEnd);
  });
}

/** Forwards a request to a function, at the path the platform would hand it (/api/..., /instagram-webhook). */
function proxyToFunction(req: IncomingMessage, res: ServerResponse, functionUrl: string, targetPath: string) {
  const target = new URL(functionUrl);
  const headers: Record<string, string | string[] | undefined> = { ...req.headers, host: target.host };
  // As the platform's proxy does: append the address the request came from. Whatever the client
  // wrote before it stays, and the function trusts only this last entry.
  const forwarded = req.headers["x-forwarded-for"];
  const socketAddress = req.socket.remoteAddress ?? "unknown";
  headers["x-forwarded-for"] = forwarded ? `${forwarded}, ${socketAddress}` : socketAddress;
  // Compression is the gateway's job (below), as it is the platform's in front of hosted functions.
  // Deno 2.1's Deno.serve would otherwise compress every answer itself, however small, and add
  // its own Vary.
  headers["accept-encoding"] = "identity";
  const upstream = request(
    {
      hostname: target.hostname,
      port: target.port,
      method: req.method,
      path: targetPath,
      headers,
      // A connection of its own for each request. Node's global agent keeps connections alive, and
      // a function that refused a body early (a 413) closes its side: the next request sent on that
      // reused connection would fail as "restarting" (a 503). Loopback connects cost nothing here.
      agent: false,
    },
    (upstreamRes) => {
      // Connection management is per hop: passing on the function's `connection: close` would
      // close the browser's socket while it may still be sending a (refused) upload.
      const { connection: _hop, "keep-alive": _keepAlive, ...headers } = upstreamRes.headers;
      const status = upstreamRes.statusCode ?? 502;
      // A function that fails after it began answering (an export whose database went away)
      // ends the connection mid-body: cut the client's too, as the platform's proxy does, so the
      // client sees a broken download. A pipe alone would leave it waiting for the rest for ever.
      upstreamRes.on("error", () => res.destroy());
      upstreamRes.on("close", () => {
        if (!upstreamRes.complete) res.destroy();
      });
      const compressible =
        !headers["content-encoding"] &&
        isCompressible(headers["content-type"]) &&
        pickEncoding(req.headers["accept-encoding"]) !== undefined;
      if (!compressible) {
        res.writeHead(status, headers);
        upstreamRes.pipe(res);
      } else if (headers["content-length"] !== undefined) {
        sendMaybeCompressed(req, res, status, headers, upstreamRes, Number(headers["content-length"]));
      } else {
        // A streamed answer (Deno sends most as chunks) is as small or large as its first bytes
        // say: wait for a threshold's worth, or its end, before choosing.
        peekLength(upstreamRes, MIN_COMPRESSIBLE_BYTES).then(({ known, body }) =>
          sendMaybeCompressed(req, res, status, headers, body, known),
        );
      }
      // An early answer (413, 403) leaves the rest of the upload unread: read and drop it so the
      // client sees the answer rather than a broken pipe.
      res.on("finish", () => req.resume());
    },
  );
  upstream.on("error", () => {
    // The function answered early (a 413 before the whole body arrived) and closed its side while
    // the rest was still being forwarded: the answer is already out, and the caller's connection
    // stays usable.
    if (res.writableEnded) return;
    // The function is down (crashed, restarting): a quick 503 the client may retry, as the
    // platform gives while it starts a new worker, not a hang.
    if (!res.headersSent) {
      res.writeHead(503, { "content-type": "application/json", "retry-after": "5" });
      res.end(
        JSON.stringify({
          error: "unavailable",
          message: "The service is restarting. Please try again in a few seconds.",
        }),
      );
    } else {
      res.destroy();
    }
  });
  req.pipe(upstream);
}

function serveSpa(req: IncomingMessage, res: ServerResponse, spaDir: string, path: string) {
  if (req.method !== "GET" && req.method !== "HEAD") return sendJson(res, 405, { error: "method_not_allowed" });
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return sendJson(res, 400, { error: "bad_path", message: "The address is not a valid URL" });
  }
  let file = normalize(join(spaDir, decoded));
  if (!file.startsWith(spaDir))
    return sendJson(res, 400, { error: "bad_path", message: "The address is not a valid URL" });
  const isFile = existsSync(file) && statSync(file).isFile();
  const page = `${file}.html`;
  if (!isFile && !extname(path) && existsSync(page)) {
    // A page of its own (/checkout -> checkout.html), as static hosts serve clean URLs.
    file = page;
  } else if (path.startsWith("/o/") && !extname(path)) {
    // A customer's order page (/o/<token>) is the checkout's (a static host's rewrite does the same).
    file = join(spaDir, "checkout.html");
  } else if (path.startsWith("/rider/") && !extname(path)) {
    // A rider's page (/rider/<token>) is a page of its own (a static host's rewrite does the same).
    file = join(spaDir, "rider.html");
  } else if (/^\/store\/[^/]+\/?$/.test(path)) {
    // An influencer's store (/store/<handle>) is a page of its own (a static host's rewrite does the
    // same). A handle may hold dots (/store/sok.dara), so an extension says nothing here.
    file = join(spaDir, "store.html");
  } else if (!isFile) {
    // Client-side routes (/admin/dashboard, /login) load the SPA; a missing file
    // (/assets/x.js, /sitemap.xml) is a 404, not the app's HTML.
    if (extname(path)) return sendJson(res, 404, { error: "not_found" });
    file = join(spaDir, "index.html");
    if (!existsSync(file))
      return sendJson(res, 503, { error: "spa_not_built", message: "Run npm start to build the SPA" });
  }
  // Vite names everything under /assets/ by its content hash, so it never changes.
  const immutable = path.startsWith("/assets/");
  const contentType = contentTypes[extname(file)] ?? "application/octet-stream";
  const size = statSync(file).size;
  const encoding =
    isCompressible(contentType) && size >= MIN_COMPRESSIBLE_BYTES
      ? pickEncoding(req.headers["accept-encoding"])
      : undefined;
  const body = encoding ? compressedFile(file, encoding) : undefined;
  res.writeHead(200, {
    ...SPA_SECURITY_HEADERS,
    "content-type": contentType,
    "content-length": body?.length ?? size,
    "cache-control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
    ...(isCompressible(contentType) ? { vary: "accept-encoding" } : {}),
    ...(encoding ? { "content-encoding": encoding } : {}),
  });
  if (req.method === "HEAD") return res.end();
  if (body) res.end(body);
  else createReadStream(file).pipe(res);
}

function sendJson(res: ServerResponse, status: number, body: object) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

function fail(res: ServerResponse, error: unknown) {
  console.error("[gateway]", error);
  if (!res.headersSent) sendJson(res, 502, { error: "bad_gateway", message: "The service is not available" });
  else res.destroy();
}
