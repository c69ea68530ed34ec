// Meta signs every webhook POST: X-Hub-Signature-256 is "sha256=" and the hex HMAC-SHA256 of the
// raw body with the app secret. Checked on the bytes as received, before any parsing, and with
// WebCrypto's verify, which compares in constant time.

const HEADER_PATTERN = /^sha256=([0-9a-f]{64})$/i;

export async function hasValidSignature(appSecret: string, body: Uint8Array, header: string | undefined) {
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

// The verify token of the GET handshake is compared in constant time as well.
export { sameSecret } from "../same-secret.ts";
