// One body limit for every function: a body over the limit is refused from its declared
// Content-Length before any of it is read, or, when it comes chunked, as soon as the bytes counted
// pass the limit, so at most the limit is ever held in memory. A body within the limit is handed on
// buffered.
//
// The refusal must reach a client that is still sending. Deno closes a request's body once its
// response has ended, and a connection closed with unread bytes is reset, which the client sees as
// a broken pipe instead of the answer. So the refusal's body stays open while what the client is
// still sending is read and dropped (nothing kept), for a bounded number of bytes and time.
import type { Context, MiddlewareHandler } from "hono";

/**
 * How much of a refused body is still read (and dropped) after the answer has gone out, at most. A
 * client busy writing may take tens of MB to notice the answer (up to 38 MB seen here under load);
 * the bytes go through one reused buffer, so this costs time, not memory.
 */
const LINGER_BYTES = 64 * 1024 * 1024;
const LINGER_MS = 2_000;

export function limitBody(maxBytes: number, refuse: (c: Context) => Response | Promise<Response>): MiddlewareHandler {
  return async (c, next) => {
    const body = c.req.raw.body;
    if (!body) return next();
    // A chunked request's stream is its length, whatever Content-Length it also claims.
    const declared = c.req.raw.headers.has("transfer-encoding") ? NaN : Number(c.req.header("content-length"));
    const reader = body.getReader();
    if (declared > maxBytes) return lingering(await refuse(c), body, reader);

    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) return lingering(await refuse(c), body, reader);
      chunks.push(value);
    }
    const whole = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      whole.set(chunk, offset);
      offset += chunk.byteLength;
    }
    c.req.raw = new Request(c.req.raw, { body: whole });
    return next();
  };
}

/** The refusal, its body held open while the rest of the request is dropped. */
async function lingering(
  answer: Response,
  body: ReadableStream<Uint8Array>,
  counter: ReadableStreamDefaultReader<Uint8Array>,
): Promise<Response> {
  counter.releaseLock();
  const text = new Uint8Array(await answer.arrayBuffer());
  const headers = new Headers(answer.headers);
  headers.delete("content-length");
  const held = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(text);
      void discard(body).finally(() => controller.close());
    },
  });
  return new Response(held, { status: answer.status, headers });
}

/** Reads into one reused buffer where the stream allows it, so dropping bytes allocates nothing. */
async function discard(body: ReadableStream<Uint8Array>) {
  let byob: ReadableStreamBYOBReader | undefined;
  try {
    byob = body.getReader({ mode: "byob" });
  } catch {
    // not a byte stream: chunk by chunk
  }
  const reader = byob ?? body.getReader();
  let buffer = new Uint8Array(64 * 1024);
  const next = async (): Promise<number | null> => {
    if (byob) {
      const { done, value } = await byob.read(buffer);
      if (done || !value) return null;
      buffer = new Uint8Array(value.buffer);
      return value.byteLength;
    }
    const { done, value } = await (reader as ReadableStreamDefaultReader<Uint8Array>).read();
    return done ? null : value.byteLength;
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), LINGER_MS)));
  let seen = 0;
  try {
    while (seen <= LINGER_BYTES) {
      const read = await Promise.race([next(), late]);
      if (read === null) break;
      seen += read;
    }
  } catch {
    // the client went away: nothing left to drop
  } finally {
    clearTimeout(timer);
    reader.cancel().catch(() => {});
  }
}
