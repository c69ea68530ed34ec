// Meta signs every webhook POST: X-Hub-Signature-256 is "sha256=" and the hex HMAC-SHA256 of the
// raw body with the app secret. Checked on the bytes as received, before any parsing, and with
// WebCrypto's verify, which compares in constant time.

const HEADER_PATTERN = /^sha256=([0-9a-f]{64})$/i;

export async function hasValidSignature(appSecret: string, body: Uint8Array<ArrayBuffer>, header: string | undefined) {
  const match = HEADER_PATTERN.exec(header?.trim() ?? "");
  if (!match) return false;
  const signature = new Uint8Array(match[1].match(/../g)!.map((byte) => parseInt(byte, 16)));
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(appSecret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["verify"],
  );
  return crypto.subtle.verify("HMAC", key, signature, body);
}

/** Constant-time equality of two strings (the GET handshake's verify token). */
export function sameSecret(a: string, b: string): boolean {
  const left = new TextEncoder().encode(a);
  const right = new TextEncoder().encode(b);
  let difference = left.length ^ right.length;
  for (let i = 0; i < Math.max(left.length, right.length); i++) difference |= (left[i] ?? 0) ^ (right[i] ?? 0);
  return difference === 0;
}
