// Meta's tokens at rest (Instagram accounts' and Facebook Pages'): AES-256-GCM with a key only the
// functions hold (INSTAGRAM_TOKEN_KEY, FACEBOOK_TOKEN_KEY). The stored text is base64 of a fresh
// 12-byte IV followed by the ciphertext and its tag, so the same token never encrypts to the same
// text and any tampering fails to decrypt.

const IV_BYTES = 12;

function toBase64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}

function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}

export async function encryptToken(key: CryptoKey, token: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, new TextEncoder().encode(token)),
  );
  const out = new Uint8Array(IV_BYTES + sealed.length);
  out.set(iv);
  out.set(sealed, IV_BYTES);
  return toBase64(out);
}

/** Throws when the text was not sealed with this key (a rotated key: the account must reconnect). */
export async function decryptToken(key: CryptoKey, stored: string): Promise<string> {
  const bytes = fromBase64(stored);
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: bytes.subarray(0, IV_BYTES) },
    key,
    bytes.subarray(IV_BYTES),
  );
  return new TextDecoder().decode(plain);
}

/** The key named `name` in the environment (32 random bytes, base64). Throws naming what is wrong. */
export async function importTokenKey(name: string, base64: string | undefined): Promise<CryptoKey> {
  if (!base64) throw new Error(`${name} is not set (32 random bytes, base64: openssl rand -base64 32)`);
  let bytes: Uint8Array;
  try {
    bytes = fromBase64(base64.trim());
  } catch {
    throw new Error(`${name} must be base64 (openssl rand -base64 32)`);
  }
  if (bytes.length !== 32) throw new Error(`${name} must be 32 bytes, base64 (openssl rand -base64 32)`);
  return crypto.subtle.importKey("raw", bytes, "AES-GCM", false, ["encrypt", "decrypt"]);
}
