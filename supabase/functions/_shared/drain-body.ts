// Middleware: after a route has answered without reading the request body (a refusal by size,
// type or role), the body still on its way is read and dropped before the answer goes out.
// A client that is still sending when the server answers and closes sees only a broken pipe,
// not the answer; once the body is taken, the connection stays usable and the client reads the
// refusal. Nothing is kept in memory, and past `maxBytes` the connection is cut instead.
import type { MiddlewareHandler } from "hono";

export function drainUnreadBody(maxBytes: number): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const body = c.req.raw.body;
    // Read already (or being read by someone else): nothing left to drop here.
    if (!body || c.req.raw.bodyUsed || body.locked) return;
    const declared = Number(c.req.header("content-length"));
    if (Number.isFinite(declared) && declared > maxBytes) {
      await body.cancel().catch(() => {});
      return;
    }
    await discard(body, maxBytes);
  };
}

async function discard(body: ReadableStream<Uint8Array>, maxBytes: number) {
  const reader = body.getReader();
  let seen = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      seen += value.byteLength;
      if (seen > maxBytes) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // the client went away: nothing to answer
  }
}
