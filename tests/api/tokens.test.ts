// Tokens as a hosted project with asymmetric JWT signing keys sees them, through the whole stack:
// the function signs ES256 with a kid and serves the public key set; the function, Realtime and
// Storage all verify against that set, so a token signed with the legacy HS256 secret (or any
// other key) is refused by each of them.
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { decodeProtectedHeader } from "jose";
import WebSocket from "ws";
import { afterAll, describe, expect, it } from "vitest";
import { keys } from "../../local-stack/keys.ts";
import { api } from "../helpers/api.ts";
import { business, type Account } from "../helpers/accounts.ts";
import { png } from "../helpers/images.ts";
import { stackUrl } from "../helpers/stack.ts";
import { signLegacy, signWithOtherKey } from "../helpers/tokens.ts";

const clients: SupabaseClient[] = [];
afterAll(async () => {
  for (const client of clients) await client.removeAllChannels();
});

/** supabase-js as the SPA sets it up: its channels join with `token` (setAuth before subscribing). */
async function clientWith(token: string): Promise<SupabaseClient> {
  const client = createClient(stackUrl(), keys.publishableKey, {
    accessToken: async () => token,
    realtime: { transport: WebSocket as never },
  });
  await client.realtime.setAuth();
  clients.push(client);
  return client;
}

/** A forged copy of `account`'s claims, signed the way `sign` does it. */
function forge(account: Account, sign: typeof signLegacy) {
  return sign({ sub: account.user.id, role: "authenticated", aud: "authenticated", email: account.user.email });
}

const forgeries = [
  ["the legacy HS256 secret", signLegacy],
  ["another ES256 key with our kid", signWithOtherKey],
] as const;

describe("GET /.well-known/jwks.json", () => {
  it("serves the public key that verifies the tokens the function issues, and no private part", async () => {
    const res = await fetch(`${stackUrl()}/functions/v1/api/.well-known/jwks.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=600");
    const { keys: published } = await res.json();
    expect(published).toHaveLength(1);
    expect(published[0]).toMatchObject({ kty: "EC", crv: "P-256", alg: "ES256", use: "sig" });
    expect(Object.keys(published[0]).sort()).toEqual(["alg", "crv", "key_ops", "kid", "kty", "use", "x", "y"]);

    const shop = await business();
    expect(decodeProtectedHeader(shop.token)).toEqual({ alg: "ES256", typ: "JWT", kid: published[0].kid });
  });
});

describe("a token not signed with the project's key", () => {
  it.each(forgeries)("signed with %s gets 401 from the API", async (_name, sign) => {
    const shop = await business();
    expect((await api("GET", "/auth/me", { token: shop.token })).status).toBe(200);
    const forged = await api("GET", "/auth/me", { token: await forge(shop, sign) });
    expect(forged).toMatchObject({ status: 401, body: { error: "unauthorized" } });
  });

  it.each(forgeries)("signed with %s is refused by Realtime at join", async (_name, sign) => {
    const shop = await business();
    const topic = `shop:${shop.user.id}`;
    const channel = (await clientWith(await forge(shop, sign)))
      .channel(topic, { config: { private: true } })
      .on("broadcast", { event: "*" }, () => {});
    const outcome = await new Promise<{ status: string; message?: string }>((resolve) =>
      channel.subscribe((status, error) => {
        if (status !== "SUBSCRIBED" && status !== "CHANNEL_ERROR") return;
        resolve({ status, message: error?.message });
      }),
    );
    expect(outcome.status).toBe("CHANNEL_ERROR");
    expect(outcome.message).toBe("JwtSignatureError: Failed to validate JWT signature");

    // The genuine token of the same user joins its shop's topic.
    const genuine = (await clientWith(shop.token))
      .channel(topic, { config: { private: true } })
      .on("broadcast", { event: "*" }, () => {});
    expect(
      await new Promise((resolve) =>
        genuine.subscribe((status) => {
          if (status === "SUBSCRIBED" || status === "CHANNEL_ERROR") resolve(status);
        }),
      ),
    ).toBe("SUBSCRIBED");
  });

  it.each(forgeries)("signed with %s gets 403 from Storage and stores nothing", async (_name, sign) => {
    const shop = await business();
    const path = `${shop.user.id}/forged-${Date.now()}.png`;
    const { error } = await (
      await clientWith(await forge(shop, sign))
    ).storage
      .from("campaign-images")
      .upload(path, png(2, 2), { contentType: "image/png" });
    // Hosted Storage's shape: HTTP 400 with statusCode "403" (storage-js reports both).
    expect(error).toMatchObject({ statusCode: "403", message: "invalid signature" });
    const download = await fetch(`${stackUrl()}/storage/v1/object/public/campaign-images/${path}`);
    expect(await download.json()).toMatchObject({ statusCode: "404", error: "not_found" });
  });
});
