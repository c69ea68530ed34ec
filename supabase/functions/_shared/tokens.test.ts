// Signing keys and tokens: ES256 with a kid, a public key set without the private part, and
// nothing but the configured key accepted (the legacy HS256 secret included).
import { decodeProtectedHeader, SignJWT } from "jose";
import assert from "node:assert/strict";
import { loadSigningKey, signAccessToken, verifyAccessToken } from "./tokens.ts";

async function cliStyleKey(kid: string): Promise<string> {
  const pair = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"]);
  const jwk = await crypto.subtle.exportKey("jwk", pair.privateKey);
  return JSON.stringify({ ...jwk, kid, alg: "ES256", use: "sig", key_ops: ["sign", "verify"], ext: true });
}

async function loadError(text: string): Promise<string> {
  try {
    await loadSigningKey(text);
  } catch (error) {
    return (error as Error).message;
  }
  return "no error";
}

const user = { id: crypto.randomUUID(), email: "shop@example.com", user_type: "business", is_approved: true };
const sessionId = crypto.randomUUID();

Deno.test(
  "a token is ES256 with the key's kid, names its session, lasts an hour and verifies against the key set",
  async () => {
    const key = await loadSigningKey(await cliStyleKey("kid-1"));
    const before = Math.floor(Date.now() / 1000);
    const { token, expiresAt } = await signAccessToken(key, user, sessionId);
    assert.deepStrictEqual(decodeProtectedHeader(token), { alg: "ES256", typ: "JWT", kid: "kid-1" });
    const claims = await verifyAccessToken(key, token);
    assert.deepStrictEqual(
      [claims?.sub, claims?.role, claims?.email, claims?.session_id, claims?.exp],
      [user.id, "authenticated", user.email, sessionId, expiresAt],
    );
    assert.ok(expiresAt - before >= 3600 && expiresAt - before <= 3601, `expires in ${expiresAt - before} s`);
  },
);

Deno.test("the public key set holds the public numbers only", async () => {
  const key = await loadSigningKey(await cliStyleKey("kid-2"));
  assert.deepStrictEqual(key.publicKeySet.keys.length, 1);
  const [jwk] = key.publicKeySet.keys;
  assert.deepStrictEqual([jwk.kty, jwk.crv, jwk.kid, jwk.alg, jwk.use], ["EC", "P-256", "kid-2", "ES256", "sig"]);
  assert(!("d" in jwk), "the private part must not be published");
});

Deno.test("tokens signed with the legacy HS256 secret or another key, mock and tampered ones are refused", async () => {
  const key = await loadSigningKey(await cliStyleKey("kid-3"));
  const claims = { role: "authenticated", email: user.email };
  const legacy = await new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(user.id)
    .setAudience("authenticated")
    .setExpirationTime("1h")
    .sign(new TextEncoder().encode("super-secret-jwt-token-with-at-least-32-characters-long"));
  assert.deepStrictEqual(await verifyAccessToken(key, legacy), null);

  // A mock token (the original app accepted them) and a real one with its expiry pushed out.
  assert.deepStrictEqual(await verifyAccessToken(key, "mock-admin-token"), null);
  const { token: real } = await signAccessToken(key, user, sessionId);
  const [header, payload, signature] = real.split(".");
  const extended = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/")));
  extended.exp += 365 * 24 * 3600;
  const tampered = `${header}.${btoa(JSON.stringify(extended)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_")}.${signature}`;
  assert.deepStrictEqual(await verifyAccessToken(key, tampered), null);

  // Same kid, different key: a forger who copied the kid from a real token.
  const impostor = await loadSigningKey(await cliStyleKey("kid-3"));
  assert.deepStrictEqual(await verifyAccessToken(key, (await signAccessToken(impostor, user, sessionId)).token), null);
});

Deno.test("a misconfigured key names what is wrong", async () => {
  assert.deepStrictEqual(
    await loadError("not json"),
    "JWT_SIGNING_KEY must be a JSON Web Key (the output of supabase gen signing-key --algorithm ES256)",
  );
  assert.deepStrictEqual(
    await loadError(JSON.stringify({ kty: "RSA", kid: "r" })),
    "JWT_SIGNING_KEY must be an EC P-256 key (ES256)",
  );
  const { d: _d, ...publicOnly } = JSON.parse(await cliStyleKey("kid-4"));
  assert.deepStrictEqual(
    await loadError(JSON.stringify(publicOnly)),
    "JWT_SIGNING_KEY is a public key: the function needs the private key to sign",
  );
  const { kid: _kid, ...noKid } = JSON.parse(await cliStyleKey("kid-5"));
  assert.deepStrictEqual(await loadError(JSON.stringify(noKid)), "JWT_SIGNING_KEY has no kid");
});

Deno.test("a one-key array, as signing_keys.json holds it, is accepted", async () => {
  const key = await loadSigningKey(`[${await cliStyleKey("kid-6")}]`);
  assert.deepStrictEqual(key.kid, "kid-6");
});
