// Whose address a request is: the last X-Forwarded-For entry (the platform's), or, on /r/* behind
// a rewrite proxy that proves itself with the shared secret, the entry that proxy appended.
import { Hono } from "hono";
import assert from "node:assert/strict";
import { clientAddress, shortLinkVisitorAddress } from "./client-address.ts";

const SECRET = "s".repeat(40);

async function addresses(headers: Record<string, string>) {
  const app = new Hono().get("/", (c) =>
    c.json({ client: clientAddress(c), visitor: shortLinkVisitorAddress(c, SECRET) }),
  );
  return await (await app.fetch(new Request("http://local/", { headers }))).json();
}

Deno.test("the platform's entry is the caller's; a forged entry before it changes nothing", async () => {
  assert.deepStrictEqual(await addresses({ "x-forwarded-for": "203.0.113.9, 198.51.100.1" }), {
    client: "198.51.100.1",
    visitor: "198.51.100.1",
  });
  assert.deepStrictEqual(await addresses({}), { client: "unknown", visitor: "unknown" });
});

Deno.test("a /r/* proxy with the secret names the visitor; a wrong or missing secret does not", async () => {
  const viaProxy = { "x-forwarded-for": "forged, 203.0.113.9, 192.0.2.50" };
  assert.deepStrictEqual(await addresses({ ...viaProxy, "x-short-link-proxy": SECRET }), {
    client: "192.0.2.50",
    visitor: "203.0.113.9",
  });
  assert.deepStrictEqual((await addresses({ ...viaProxy, "x-short-link-proxy": `${SECRET}x` })).visitor, "192.0.2.50");
  assert.deepStrictEqual((await addresses(viaProxy)).visitor, "192.0.2.50");
  // One entry only (no proxy in front): the platform's.
  assert.deepStrictEqual(
    (await addresses({ "x-forwarded-for": "192.0.2.50", "x-short-link-proxy": SECRET })).visitor,
    "192.0.2.50",
  );
});
