// A streaming reader for multipart/form-data (RFC 7578), which storage-js sends for Blob and
// File bodies. It yields each part's headers, then its bytes in chunks as they arrive, so a file
// part is never held in memory whole; only a part's header block is buffered, and that is capped.

export interface PartInfo {
  /** The form field name ("" for the file storage-js appends). */
  name: string;
  /** Present on file parts: the Content-Disposition filename. */
  filename?: string;
  /** The part's Content-Type, if it had one. */
  contentType?: string;
}

export type MultipartEvent =
  | { kind: "part"; part: PartInfo }
  | { kind: "data"; chunk: Buffer }
  | { kind: "part-end" };

export class MultipartError extends Error {}

const MAX_HEADER_BLOCK = 16 * 1024;
const CRLF = Buffer.from("\r\n");
const HEADER_END = Buffer.from("\r\n\r\n");

/** The boundary of a multipart/form-data Content-Type, or undefined for anything else. */
export function multipartBoundary(contentType: string | undefined): string | undefined {
  if (!contentType || !/^multipart\/form-data\s*(;|$)/i.test(contentType)) return undefined;
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  return boundary && boundary.length <= 70 ? boundary : undefined;
}

export async function* readMultipart(source: AsyncIterable<Buffer>, boundary: string): AsyncGenerator<MultipartEvent> {
  // Every boundary is preceded by CRLF except the very first; seeding the buffer with one makes
  // them all look alike.
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  let buffer: Buffer = Buffer.from(CRLF);
  let state: "preamble" | "after-delimiter" | "headers" | "body" | "done" = "preamble";

  for await (const chunk of source) {
    if (state === "done") continue; // an epilogue after the close delimiter is ignored
    buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;

    for (;;) {
      if (state === "preamble") {
        const at = buffer.indexOf(delimiter);
        if (at === -1) {
          buffer = buffer.subarray(Math.max(0, buffer.length - delimiter.length + 1));
          break;
        }
        buffer = buffer.subarray(at + delimiter.length);
        state = "after-delimiter";
      } else if (state === "after-delimiter") {
        if (buffer.length < 2) break;
        if (buffer[0] === 0x2d && buffer[1] === 0x2d) {
          state = "done"; // "--": the close delimiter
          buffer = Buffer.alloc(0);
          break;
        }
        // Transport padding (spaces, tabs) may follow the boundary before its CRLF.
        const lineEnd = buffer.indexOf(CRLF);
        if (lineEnd === -1) {
          if (buffer.length > 256) throw new MultipartError("malformed multipart boundary line");
          break;
        }
        if (!/^[ \t]*$/.test(buffer.subarray(0, lineEnd).toString("latin1"))) {
          throw new MultipartError("malformed multipart boundary line");
        }
        buffer = buffer.subarray(lineEnd + CRLF.length);
        state = "headers";
      } else if (state === "headers") {
        if (buffer.length < 2) break;
        let blockEnd: number;
        let bodyStart: number;
        if (buffer.subarray(0, 2).equals(CRLF)) {
          [blockEnd, bodyStart] = [0, 2]; // a part without headers starts with the blank line
        } else {
          blockEnd = buffer.indexOf(HEADER_END);
          if (blockEnd === -1) {
            if (buffer.length > MAX_HEADER_BLOCK) throw new MultipartError("multipart part headers too large");
            break;
          }
          bodyStart = blockEnd + HEADER_END.length;
        }
        const block = buffer.subarray(0, blockEnd).toString("utf8");
        buffer = buffer.subarray(bodyStart);
        state = "body";
        yield { kind: "part", part: parsePartHeaders(block) };
      } else if (state === "body") {
        const at = buffer.indexOf(delimiter);
        if (at === -1) {
          // Keep back what could be the start of a delimiter split across chunks.
          const safe = buffer.length - (delimiter.length - 1);
          if (safe > 0) {
            yield { kind: "data", chunk: buffer.subarray(0, safe) };
            buffer = buffer.subarray(safe);
          }
          break;
        }
        if (at > 0) yield { kind: "data", chunk: buffer.subarray(0, at) };
        buffer = buffer.subarray(at + delimiter.length);
        state = "after-delimiter";
        yield { kind: "part-end" };
      } else {
        break;
      }
    }
  }
  if (state !== "done") throw new MultipartError("multipart body ended before its close delimiter");
}

function parsePartHeaders(block: string): PartInfo {
  const part: PartInfo = { name: "" };
  for (const line of block.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon === -1) continue;
    const header = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (header === "content-type") part.contentType = value;
    if (header === "content-disposition") {
      const name = dispositionParam(value, "name");
      const filename = dispositionParam(value, "filename");
      if (name !== undefined) part.name = name;
      if (filename !== undefined) part.filename = filename;
    }
  }
  return part;
}

function dispositionParam(value: string, param: string): string | undefined {
  const match = new RegExp(`;\\s*${param}=(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]*))`, "i").exec(value);
  if (!match) return undefined;
  return match[1] !== undefined ? match[1].replace(/\\(.)/g, "$1") : match[2];
}
