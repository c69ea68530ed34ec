// Small request and response helpers shared by the fake's routes; body reading and the JSON
// answer are the shared skeleton's (../fake-server.ts).
import type { IncomingMessage, ServerResponse } from "node:http";
import { readBody, writeJson } from "../fake-server.ts";

export { readBody };

/**
 * The fields of a form post, url-encoded or multipart (curl -F and FormData send multipart, and
 * Meta's endpoints take both).
 */
export async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const type = String(req.headers["content-type"] ?? "application/x-www-form-urlencoded");
  const body = await readBody(req);
  if (!type.startsWith("multipart/form-data")) return new URLSearchParams(body);
  const form = await new Response(body, { headers: { "content-type": type } }).formData();
  const fields = new URLSearchParams();
  for (const [name, value] of form) if (typeof value === "string") fields.append(name, value);
  return fields;
}

/** Form fields of a url-encoded body, or a JSON object's string-valued view, whichever was sent. */
export function parseFields(req: IncomingMessage, body: string): Record<string, unknown> {
  const type = String(req.headers["content-type"] ?? "");
  if (type.includes("application/json")) {
    if (body.trim() === "") return {};
    const parsed: unknown = JSON.parse(body);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new SyntaxError("not a JSON object");
    return parsed as Record<string, unknown>;
  }
  return Object.fromEntries(new URLSearchParams(body));
}

export function sendJson(res: ServerResponse, status: number, body: unknown) {
  sendRawJson(res, status, JSON.stringify(body));
}

/** For answers whose JSON text must be exactly as Meta writes it (see the code exchange). */
export function sendRawJson(res: ServerResponse, status: number, text: string) {
  writeJson(res, status, text, "application/json; charset=UTF-8");
}

export function sendHtml(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, {
    "content-type": "text/html; charset=utf-8",
    "content-length": Buffer.byteLength(html),
    "cache-control": "no-store",
    // The page is self-contained: no scripts at all, styles only inline. No form-action: Chromium
    // applies it to the redirect after the form post too, and that goes to the app's origin.
    "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
    "x-frame-options": "DENY",
  });
  res.end(html);
}

export function redirect(res: ServerResponse, location: string) {
  res.writeHead(302, { location, "content-length": 0, "cache-control": "no-store" });
  res.end();
}

/** The access token of a Graph call: `Authorization: Bearer` first, then the `access_token` query field. */
export function bearerOrQueryToken(req: IncomingMessage, query: URLSearchParams, fields?: Record<string, unknown>) {
  const header = String(req.headers.authorization ?? "");
  const match = /^(?:Bearer|OAuth)\s+(\S+)$/i.exec(header);
  if (match) return match[1];
  const fromQuery = query.get("access_token");
  if (fromQuery) return fromQuery;
  const fromBody = fields?.access_token;
  return typeof fromBody === "string" && fromBody !== "" ? fromBody : undefined;
}

export function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
