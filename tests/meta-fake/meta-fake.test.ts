// The Meta fake, as the product sees it: Business Login, token exchange and refresh, /me,
// subscribed_apps, /me/messages with Meta's rules and error shapes, and signed webhooks delivered
// to a receiver that stands in for the instagram-webhook function. Needs no stack.
import { execFile } from "node:child_process";
import { createHmac } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../local-stack/free-port.ts";
import { startMetaFake, type MetaFake } from "../../local-stack/meta-fake/index.ts";

const APP_ID = "990602627938098";
const APP_SECRET = "fake-app-secret-for-tests";
const VERIFY_TOKEN = "verify-me";
const REDIRECT_URI = "http://127.0.0.1:5173/influencer/instagram/callback";
const SCOPES = "instagram_business_basic,instagram_business_manage_comments,instagram_business_manage_messages";

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A stand-in for the webhook function: records POSTs, answers the GET handshake like Meta expects. */
class Receiver {
  readonly received: Received[] = [];
  /** Called with each POSTed event after it is answered, as the webhook function sends after answering. */
  onEvent?: (event: any) => Promise<void>;
  private waiters: (() => void)[] = [];
  server!: Server;
  url = "";

  async start() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const url = new URL(req.url ?? "/", "http://x");
        if (req.method === "GET") {
          const ok =
            url.searchParams.get("hub.mode") === "subscribe" &&
            url.searchParams.get("hub.verify_token") === VERIFY_TOKEN;
          res.writeHead(ok ? 200 : 403, { "content-type": "text/plain" });
          return res.end(ok ? url.searchParams.get("hub.challenge") : "forbidden");
        }
        this.received.push({
          method: req.method ?? "",
          url: req.url ?? "",
          headers: req.headers,
          body: Buffer.concat(chunks).toString(),
        });
        for (const wake of this.waiters.splice(0)) wake();
        res.writeHead(200, { "content-type": "text/plain" });
        res.end("EVENT_RECEIVED");
        const onEvent = this.onEvent;
        if (onEvent) setImmediate(() => void onEvent(JSON.parse(Buffer.concat(chunks).toString())).catch(() => {}));
      });
    });
    const port = await freePort();
    await new Promise<void>((resolve) => this.server.listen(port, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${port}/functions/v1/instagram-webhook`;
  }

  /** Resolves with the first POST after `from` (an index into received) that matches. */
  async next(match: (r: Received) => boolean, from = 0, timeoutMs = 5000): Promise<Received> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.slice(from).find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error("no matching webhook arrived");
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close() {
    return new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}

let fake: MetaFake;
const receiver = new Receiver();

beforeAll(async () => {
  await receiver.start();
  fake = await startMetaFake({
    port: await freePort(),
    appId: APP_ID,
    appSecret: APP_SECRET,
    webhookUrl: receiver.url,
  });
});
afterAll(async () => {
  await fake?.close();
  await receiver.close();
});

async function control(path: string, body?: unknown) {
  const response = await fetch(`${fake.url}/_fake/${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

function authorizeQuery(overrides: Record<string, string> = {}) {
  return new URLSearchParams({
    client_id: APP_ID,
    redirect_uri: REDIRECT_URI,
    response_type: "code",
    scope: SCOPES,
    state: "state-123",
    ...overrides,
  });
}

/** Presses a button of the consent page and answers the redirect's Location. */
async function consent(username: string, action: "allow" | "cancel", query = authorizeQuery()) {
  const response = await fetch(`${fake.authorizeUrl}?${query}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username, action }),
    redirect: "manual",
  });
  expect(response.status).toBe(302);
  return new URL(response.headers.get("location")!);
}

async function exchangeCode(fields: Record<string, string>) {
  const response = await fetch(`${fake.oauthUrl}/oauth/access_token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      client_id: APP_ID,
      client_secret: APP_SECRET,
      grant_type: "authorization_code",
      redirect_uri: REDIRECT_URI,
      ...fields,
    }),
  });
  return { status: response.status, text: await response.text() };
}

async function graph(
  path: string,
  init: { method?: string; token?: string; query?: Record<string, string>; json?: unknown } = {},
) {
  const url = new URL(`${fake.graphUrl}${path}`);
  for (const [k, v] of Object.entries(init.query ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.json !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(url, {
    method: init.method ?? (init.json === undefined ? "GET" : "POST"),
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  return { status: response.status, body: (await response.json()) as any };
}

/** The product's whole connect flow; answers the long-lived token and the account id from /me. */
async function connect(username: string, subscribe = true) {
  const callback = await consent(username, "allow");
  const exchanged = await exchangeCode({ code: callback.searchParams.get("code")! });
  const shortToken = JSON.parse(exchanged.text).access_token as string;
  const long = await graph("/access_token", {
    query: { grant_type: "ig_exchange_token", client_secret: APP_SECRET, access_token: shortToken },
  });
  const token = long.body.access_token as string;
  const me = await graph("/me", { token, query: { fields: "user_id,username" } });
  if (subscribe) {
    const subscribed = await graph("/me/subscribed_apps", {
      method: "POST",
      token,
      query: { subscribed_fields: "comments,messages" },
    });
    expect(subscribed.body).toEqual({ success: true });
  }
  return { token, userId: me.body.user_id as string, shortToken };
}

const expectGraphError = (answer: { status: number; body: any }, status: number, code: number, subcode?: number) => {
  expect(answer.status).toBe(status);
  expect(answer.body.error).toMatchObject({
    code,
    type: expect.any(String),
    message: expect.any(String),
    fbtrace_id: expect.any(String),
  });
  if (subcode === undefined) expect(answer.body.error.error_subcode).toBeUndefined();
  else expect(answer.body.error.error_subcode).toBe(subcode);
};

describe("the authorize page", () => {
  it("shows a self-contained consent page prefilled with demo.creator", async () => {
    const response = await fetch(`${fake.authorizeUrl}?${authorizeQuery()}`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(html).toContain("<title>Log in to Instagram (local fake)</title>");
    expect(html).toMatch(/<input[^>]*name="username"[^>]*value="demo.creator"/);
    expect(html).toMatch(/<button[^>]*value="allow"[^>]*>Allow<\/button>/);
    expect(html).toMatch(/<button[^>]*value="cancel"[^>]*>Cancel<\/button>/);
    expect(html).not.toMatch(/<script|\bsrc=|<link|https?:\/\//i);
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
  });

  it.each([
    [{ client_id: "123" }, "Invalid platform app"],
    [{ response_type: "token" }, "response_type must be"],
    [
      { scope: "instagram_business_basic" },
      "scope lacks instagram_business_manage_comments, instagram_business_manage_messages",
    ],
    [{ redirect_uri: "not a url" }, "redirect_uri is not an absolute URL"],
  ])("refuses a wrong request %o with an error page", async (override, message) => {
    const response = await fetch(`${fake.authorizeUrl}?${authorizeQuery(override)}`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
  });

  it("accepts space-separated scopes, as Meta does", async () => {
    const response = await fetch(`${fake.authorizeUrl}?${authorizeQuery({ scope: SCOPES.replaceAll(",", " ") })}`);
    expect(response.status).toBe(200);
  });

  it("redirects Allow with a code, the state and Instagram's #_", async () => {
    const location = await consent("allow.tester", "allow");
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    expect(location.searchParams.get("code")).toMatch(/^\S{20,}$/);
    expect(location.searchParams.get("state")).toBe("state-123");
    expect(location.hash).toBe("#_");
  });

  it("redirects Cancel with access_denied and the state", async () => {
    const location = await consent("demo.creator", "cancel");
    expect(Object.fromEntries(location.searchParams)).toEqual({
      error: "access_denied",
      error_reason: "user_denied",
      error_description: expect.any(String),
      state: "state-123",
    });
  });

  it("gives the same account the same 17-digit id every time", async () => {
    const first = await connect("same.person", false);
    const second = await connect("same.person", false);
    expect(first.userId).toMatch(/^\d{17}$/);
    expect(second.userId).toBe(first.userId);
  });
});

describe("the code exchange (api.instagram.com)", () => {
  it("answers a short-lived token, the user_id as a JSON number and the permissions", async () => {
    const location = await consent("exchange.tester", "allow");
    const answer = await exchangeCode({ code: location.searchParams.get("code")! });
    expect(answer.status).toBe(200);
    // The raw text: user_id is a bare 17-digit number, too long for a JS number to hold exactly.
    const rawId = /"user_id":(\d+)/.exec(answer.text)?.[1];
    expect(rawId).toMatch(/^\d{17}$/);
    const body = JSON.parse(answer.text);
    expect(body.permissions).toEqual(SCOPES.split(","));
    // It is the app-scoped id (/me's id), not the account id webhooks carry (/me's user_id).
    const me = await graph("/me", { token: body.access_token, query: { fields: "user_id,username" } });
    expect(me.body).toEqual({ user_id: expect.stringMatching(/^\d{17}$/), username: "exchange.tester", id: rawId });
    expect(me.body.user_id).not.toBe(rawId);
  });

  it("takes multipart forms too (curl -F, FormData)", async () => {
    const location = await consent("multipart.tester", "allow");
    const form = new FormData();
    for (const [k, v] of Object.entries({
      client_id: APP_ID,
      client_secret: APP_SECRET,
      grant_type: "authorization_code",
      redirect_uri: REDIRECT_URI,
      code: location.searchParams.get("code")!,
    }))
      form.append(k, v);
    const response = await fetch(`${fake.oauthUrl}/oauth/access_token`, { method: "POST", body: form });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ access_token: expect.any(String) });
  });

  it("uses a code once", async () => {
    const code = (await consent("once.tester", "allow")).searchParams.get("code")!;
    expect((await exchangeCode({ code })).status).toBe(200);
    const again = await exchangeCode({ code });
    expect(again.status).toBe(400);
    expect(JSON.parse(again.text)).toEqual({
      error_type: "OAuthException",
      code: 400,
      error_message: "This authorization code has been used",
    });
  });

  it.each([
    [{ client_secret: "wrong" }, "Error validating client secret."],
    [{ redirect_uri: "http://127.0.0.1:5173/elsewhere" }, "redirect_uri is identical"],
    [{ client_id: "1" }, "Invalid platform app"],
    [{ grant_type: "client_credentials" }, "Unsupported grant_type"],
    [{ code: "" }, "You must provide a code"],
  ])("refuses %o in Meta's oauth error shape", async (override, message) => {
    const code = (await consent("refused.tester", "allow")).searchParams.get("code")!;
    const answer = await exchangeCode({ code, ...override });
    expect(answer.status).toBe(400);
    const body = JSON.parse(answer.text);
    expect(body).toMatchObject({ error_type: "OAuthException", code: 400 });
    expect(body.error_message).toContain(message);
  });

  it("does not strip the #_ Instagram appends: a code copied with it is unknown", async () => {
    const code = (await consent("hash.tester", "allow")).searchParams.get("code")!;
    const answer = await exchangeCode({ code: `${code}#_` });
    expect(JSON.parse(answer.text).error_message).toBe("Matching code was not found or was already used.");
  });
});

describe("long-lived tokens", () => {
  it("exchanges a short-lived token with the right secret only", async () => {
    const location = await consent("long.tester", "allow");
    const short = JSON.parse((await exchangeCode({ code: location.searchParams.get("code")! })).text).access_token;
    const wrong = await graph("/access_token", {
      query: { grant_type: "ig_exchange_token", client_secret: "nope", access_token: short },
    });
    expectGraphError(wrong, 400, 100);
    expect(wrong.body.error.message).toBe("Error validating client secret.");
    const long = await graph("/access_token", {
      query: { grant_type: "ig_exchange_token", client_secret: APP_SECRET, access_token: short },
    });
    expect(long).toEqual({
      status: 200,
      body: { access_token: expect.any(String), token_type: "bearer", expires_in: 5184000 },
    });
    const notShort = await graph("/access_token", {
      query: { grant_type: "ig_exchange_token", client_secret: APP_SECRET, access_token: long.body.access_token },
    });
    expectGraphError(notShort, 400, 100);
  });

  it("refuses to exchange a short-lived token after its hour", async () => {
    const { shortToken } = await connect("expired.short", false);
    await control("age-tokens", { account: "expired.short", seconds: 3601 });
    const answer = await graph("/access_token", {
      query: { grant_type: "ig_exchange_token", client_secret: APP_SECRET, access_token: shortToken },
    });
    expectGraphError(answer, 400, 190, 463);
    expect(answer.body.error.message).toContain("Session has expired");
  });

  it("refreshes a token only once it is 24 hours old, and never an expired one", async () => {
    const { token } = await connect("refresh.tester", false);
    const refresh = (accessToken: string) =>
      graph("/refresh_access_token", { query: { grant_type: "ig_refresh_token", access_token: accessToken } });
    expectGraphError(await refresh(token), 400, 100);

    expect(await control("age-tokens", { account: "refresh.tester", seconds: 25 * 3600 })).toMatchObject({
      status: 200,
    });
    const refreshed = await refresh(token);
    expect(refreshed).toEqual({
      status: 200,
      body: { access_token: expect.any(String), token_type: "bearer", expires_in: 5184000 },
    });
    expect(refreshed.body.access_token).not.toBe(token);
    expect(
      (await graph("/me", { token: refreshed.body.access_token, query: { fields: "username" } })).body.username,
    ).toBe("refresh.tester");

    await control("age-tokens", { account: "refresh.tester", seconds: 61 * 24 * 3600 });
    expectGraphError(await refresh(refreshed.body.access_token), 400, 190, 463);
  });
});

describe("/me", () => {
  it("answers the requested fields plus id, with the token as a query field or a bearer header", async () => {
    const { token, userId } = await connect("me.tester", false);
    const viaQuery = await graph("/me", { query: { fields: "user_id,username", access_token: token } });
    expect(viaQuery).toEqual({
      status: 200,
      body: { user_id: userId, username: "me.tester", id: expect.stringMatching(/^\d+$/) },
    });
    const viaHeader = await graph("/v21.0/me", { token, query: { fields: "user_id,username" } });
    expect(viaHeader.body).toEqual(viaQuery.body);
  });

  it("refuses a missing or unknown token and an unknown field", async () => {
    const { token } = await connect("me.refusals", false);
    expectGraphError(await graph("/me", { query: { fields: "username" } }), 400, 2500);
    expectGraphError(await graph("/me", { token: "IGAAnot-a-token", query: { fields: "username" } }), 400, 190);
    expectGraphError(await graph("/me", { token, query: { fields: "username,password" } }), 400, 100);
  });
});

describe("webhooks", () => {
  it("are delivered only for the fields the account subscribed to", async () => {
    const { token } = await connect("gated.creator", false);
    const before = receiver.received.length;
    const silent = await control("comments", { account: "gated.creator", text: "SILK please" });
    expect(silent.body).toMatchObject({
      delivered: false,
      webhook_status: null,
      reason: expect.stringContaining("subscribed_apps"),
    });

    await graph("/me/subscribed_apps", { method: "POST", token, query: { subscribed_fields: "comments" } });
    expect((await graph("/me/subscribed_apps", { token })).body).toEqual({
      data: [{ id: APP_ID, subscribed_fields: ["comments"] }],
    });
    const heard = await control("comments", { account: "gated.creator", text: "SILK again" });
    expect(heard.body).toMatchObject({ delivered: true, webhook_status: 200, webhook_ms: expect.any(Number) });
    const dm = await control("messages", { account: "gated.creator", text: "SILK" });
    expect(dm.body.delivered).toBe(false);

    const posted = receiver.received.slice(before);
    expect(posted.map((r) => JSON.parse(r.body).entry[0].changes?.[0].value.id)).toEqual([heard.body.comment_id]);
  });

  it("carry Meta's comment shape and a signature of the raw body", async () => {
    const { userId } = await connect("signed.creator");
    const before = receiver.received.length;
    const created = await control("comments", {
      account: "signed.creator",
      text: "SILK please",
      from_username: "some.follower",
    });
    const posted = await receiver.next(() => true, before);
    expect(posted.method).toBe("POST");
    expect(posted.headers["content-type"]).toBe("application/json");
    const expected = `sha256=${createHmac("sha256", APP_SECRET).update(posted.body).digest("hex")}`;
    expect(posted.headers["x-hub-signature-256"]).toBe(expected);
    const event = JSON.parse(posted.body);
    expect(event).toEqual({
      object: "instagram",
      entry: [
        {
          id: userId,
          time: expect.any(Number),
          changes: [
            {
              field: "comments",
              value: {
                id: created.body.comment_id,
                text: "SILK please",
                from: { id: created.body.from_id, username: "some.follower" },
                media: { id: expect.stringMatching(/^\d+$/), media_product_type: "REELS" },
              },
            },
          ],
        },
      ],
    });
    expect(Math.abs(event.entry[0].time - Date.now() / 1000)).toBeLessThan(5);
  });

  it("carry the account's own comments with its own id as the author", async () => {
    const { userId } = await connect("own.creator");
    const created = await control("comments", {
      account: "own.creator",
      text: "thanks!",
      from_username: "own.creator",
    });
    expect(created.body.from_id).toBe(userId);
  });

  it("redeliver the identical body and signature", async () => {
    await connect("redeliver.creator");
    const before = receiver.received.length;
    const created = await control("comments", { account: "redeliver.creator", text: "SILK" });
    const first = await receiver.next(() => true, before);
    const again = await control("redeliver", { comment_id: created.body.comment_id });
    expect(again.body).toMatchObject({ delivered: true, webhook_status: 200 });
    const second = await receiver.next(() => true, before + 1);
    expect(second.body).toBe(first.body);
    expect(second.headers["x-hub-signature-256"]).toBe(first.headers["x-hub-signature-256"]);
  });

  it("post raw bodies with a given signature, or none", async () => {
    const before = receiver.received.length;
    await control("raw-webhook", { body: '{"object":"instagram","entry":[]}', signature: "sha256=deadbeef" });
    await control("raw-webhook", { body: "{}", signature: null });
    await control("raw-webhook", { body: "{}" });
    await receiver.next(() => receiver.received.length >= before + 3, before);
    const [bad, none, good] = receiver.received.slice(before);
    expect(bad.headers["x-hub-signature-256"]).toBe("sha256=deadbeef");
    expect(none.headers["x-hub-signature-256"]).toBeUndefined();
    expect(good.headers["x-hub-signature-256"]).toBe(
      `sha256=${createHmac("sha256", APP_SECRET).update("{}").digest("hex")}`,
    );
  });

  it("perform the verification handshake", async () => {
    expect((await control("verify", { verify_token: VERIFY_TOKEN })).body).toMatchObject({
      status: 200,
      challenge_echoed: true,
    });
    expect((await control("verify", { verify_token: "wrong" })).body).toMatchObject({
      status: 403,
      challenge_echoed: false,
    });
  });

  it("report a webhook URL where nothing listens", async () => {
    await connect("nowhere.creator");
    fake.setWebhookUrl(`http://127.0.0.1:${await freePort()}/functions/v1/instagram-webhook`);
    try {
      const answer = await control("comments", { account: "nowhere.creator", text: "SILK" });
      expect(answer.body).toMatchObject({
        delivered: false,
        webhook_status: null,
        webhook_error: expect.stringContaining("refused"),
      });
    } finally {
      fake.setWebhookUrl(receiver.url);
    }
  });
});

describe("private replies", () => {
  let creator: { token: string; userId: string };
  beforeAll(async () => {
    creator = await connect("reply.creator");
  });
  const reply = (commentId: string, text = "Here is your link", token = creator.token) =>
    graph("/me/messages", { token, json: { recipient: { comment_id: commentId }, message: { text } } });

  it("go out once per comment, to the commenter, and come back as an echo", async () => {
    const comment = await control("comments", { account: "reply.creator", text: "SILK", from_username: "fan.one" });
    const before = receiver.received.length;
    const sent = await reply(comment.body.comment_id);
    expect(sent).toEqual({ status: 200, body: { recipient_id: comment.body.from_id, message_id: expect.any(String) } });
    expectGraphError(await reply(comment.body.comment_id), 400, 10900);

    const echoed = await receiver.next((r) => r.body.includes('"is_echo":true'), before);
    expect(JSON.parse(echoed.body).entry[0].messaging[0]).toMatchObject({
      sender: { id: creator.userId },
      recipient: { id: comment.body.from_id },
      message: { mid: sent.body.message_id, text: "Here is your link", is_echo: true },
    });
  });

  it("are refused after 7 days with Meta's window error", async () => {
    const old = await control("comments", { account: "reply.creator", text: "SILK", age_seconds: 7 * 24 * 3600 + 60 });
    expectGraphError(await reply(old.body.comment_id), 403, 10, 2534022);
    const recent = await control("comments", { account: "reply.creator", text: "SILK", age_seconds: 6 * 24 * 3600 });
    expect((await reply(recent.body.comment_id)).status).toBe(200);
  });

  it("refuse a comment of another account, a bad token, and bad text", async () => {
    await connect("other.creator");
    const foreign = await control("comments", { account: "other.creator", text: "SILK" });
    expectGraphError(await reply(foreign.body.comment_id), 400, 100, 33);
    expectGraphError(await reply("17000000000000000"), 400, 100, 33);

    const comment = await control("comments", { account: "reply.creator", text: "SILK" });
    expectGraphError(await reply(comment.body.comment_id, "hi", "IGAAbogus"), 400, 190);
    expectGraphError(await reply(comment.body.comment_id, "x".repeat(1001)), 400, 100);
    expectGraphError(await reply(comment.body.comment_id, ""), 400, 100);
    expectGraphError(
      await graph("/me/messages", {
        token: creator.token,
        json: { recipient: { comment_id: comment.body.comment_id } },
      }),
      400,
      100,
    );
    // 1000 characters of Khmer is allowed: characters are counted, not bytes.
    expect((await reply(comment.body.comment_id, "ក".repeat(1000))).status).toBe(200);
  });

  it("answer the rate-limit error for forced failures, then go out", async () => {
    const comment = await control("comments", { account: "reply.creator", text: "SILK" });
    await control("rate-limit", { account: "reply.creator", fail_next: 2 });
    expectGraphError(await reply(comment.body.comment_id), 400, 613);
    expectGraphError(await reply(comment.body.comment_id), 400, 613);
    expect((await reply(comment.body.comment_id)).status).toBe(200);
  });

  it("stop at 750 per hour per account", async () => {
    const { token } = await connect("busy.creator", false); // no webhooks: only the limit matters here
    const commentIds: string[] = [];
    for (let i = 0; i < 751; i++)
      commentIds.push((await control("comments", { account: "busy.creator", text: `SILK ${i}` })).body.comment_id);
    for (let i = 0; i < 750; i += 50) {
      const batch = await Promise.all(commentIds.slice(i, i + 50).map((id) => reply(id, "link", token)));
      expect(batch.every((r) => r.status === 200)).toBe(true);
    }
    expectGraphError(await reply(commentIds[750], "link", token), 400, 613);
  });
});

describe("DM replies", () => {
  let creator: { token: string; userId: string };
  beforeAll(async () => {
    creator = await connect("dm.creator");
  });
  const dm = (id: string, text = "Here is your link") =>
    graph("/v21.0/me/messages", { token: creator.token, json: { recipient: { id }, message: { text } } });

  it("go to a person who wrote within 24 hours, and come back as an echo", async () => {
    const before = receiver.received.length;
    const incoming = await control("messages", { account: "dm.creator", text: "SILK" });
    expect(incoming.body).toMatchObject({
      mid: expect.any(String),
      sender_id: expect.stringMatching(/^\d+$/),
      delivered: true,
      webhook_status: 200,
    });
    const posted = await receiver.next((r) => r.body.includes(incoming.body.mid), before);
    expect(JSON.parse(posted.body)).toEqual({
      object: "instagram",
      entry: [
        {
          id: creator.userId,
          time: expect.any(Number),
          messaging: [
            {
              sender: { id: incoming.body.sender_id },
              recipient: { id: creator.userId },
              timestamp: expect.any(Number),
              message: { mid: incoming.body.mid, text: "SILK" },
            },
          ],
        },
      ],
    });

    const sent = await dm(incoming.body.sender_id);
    expect(sent).toEqual({
      status: 200,
      body: { recipient_id: incoming.body.sender_id, message_id: expect.any(String) },
    });
    const echoed = await receiver.next((r) => r.body.includes(sent.body.message_id), before);
    expect(JSON.parse(echoed.body).entry[0].messaging[0]).toMatchObject({
      sender: { id: creator.userId },
      recipient: { id: incoming.body.sender_id },
      message: { mid: sent.body.message_id, is_echo: true },
    });
  });

  it("are refused outside the 24-hour window with code 10, subcode 2534022", async () => {
    const stale = await control("messages", {
      account: "dm.creator",
      text: "SILK",
      from_id: "1111111111111111",
      age_seconds: 25 * 3600,
    });
    expectGraphError(await dm(stale.body.sender_id), 403, 10, 2534022);
    expect((await dm("2222222222222222")).body.error.error_subcode).toBe(2534022); // never wrote
  });

  it("can be rate-limited by the control call", async () => {
    const incoming = await control("messages", { account: "dm.creator", text: "SILK", from_id: "3333333333333333" });
    await control("rate-limit", { account: "dm.creator", fail_next: 1 });
    expectGraphError(await dm(incoming.body.sender_id), 400, 613);
    expect((await dm(incoming.body.sender_id)).status).toBe(200);
  });
});

describe("the replies long poll", () => {
  it("answers as soon as the reply is sent", async () => {
    const { token } = await connect("poll.creator");
    const { body: start } = await control("replies?account=poll.creator");
    const comment = await control("comments", { account: "poll.creator", text: "SILK" });
    const waiting = control(`replies?account=poll.creator&min=${start.replies.length + 1}&wait_ms=10000`);
    const started = Date.now();
    await graph("/me/messages", {
      token,
      json: { recipient: { comment_id: comment.body.comment_id }, message: { text: "link!" } },
    });
    const { body } = await waiting;
    expect(Date.now() - started).toBeLessThan(5000);
    expect(body.replies.at(-1)).toMatchObject({
      kind: "private_reply",
      recipient: { comment_id: comment.body.comment_id },
      text: "link!",
      at: expect.any(String),
    });
  });

  it("gives up after wait_ms with what there is", async () => {
    await connect("poll.creator");
    const { body } = await control("replies?account=poll.creator&min=100000&wait_ms=50");
    expect(Array.isArray(body.replies)).toBe(true);
  });
});

describe("control calls", () => {
  it("name what is wrong", async () => {
    const unknown = await control("comments", { account: "nobody.here", text: "SILK" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toContain('no Instagram account "nobody.here"');
    await connect("control.creator");
    const noText = await control("comments", { account: "control.creator" });
    expect(noText).toEqual({ status: 400, body: { error: "text must be a non-empty string" } });
    expect((await control("rate-limit", { account: "control.creator", fail_next: -1 })).body.error).toContain(
      "fail_next",
    );
  });

  it("list accounts with their subscribed fields", async () => {
    const { userId } = await connect("listed.creator");
    const { body } = await control("accounts");
    expect(body.accounts).toContainEqual(
      expect.objectContaining({
        user_id: userId,
        username: "listed.creator",
        subscribed_fields: ["comments", "messages"],
      }),
    );
  });
});

describe("npm run instagram:simulate", () => {
  const run = (args: string[], env: Record<string, string> = {}) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        ["--import", "tsx", "local-stack/instagram-simulate.ts", ...args],
        { cwd: join(import.meta.dirname, "..", ".."), env: { ...process.env, ...env } },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });
  let stackDir: string;
  beforeAll(() => {
    stackDir = mkdtempSync(join(tmpdir(), "meta-fake-cli-"));
  });
  afterAll(() => {
    receiver.onEvent = undefined;
    rmSync(stackDir, { recursive: true, force: true });
  });

  it("delivers a comment and prints the webhook's answer and the reply with its time", async () => {
    const { token } = await connect("demo.creator");
    // Plays the product: a comment with SILK gets a private reply, a DM with SILK a DM.
    receiver.onEvent = async (event) => {
      const change = event.entry?.[0]?.changes?.[0];
      const messaging = event.entry?.[0]?.messaging?.[0];
      const recipient = change
        ? { comment_id: change.value.id }
        : messaging && !messaging.message.is_echo
          ? { id: messaging.sender.id }
          : null;
      if (!recipient) return;
      await graph("/me/messages", {
        token,
        json: { recipient, message: { text: "Silk scarf: http://127.0.0.1/r/abc" } },
      });
    };
    writeFileSync(join(stackDir, "meta-fake.json"), JSON.stringify({ url: fake.url }));
    const comment = await run(["comment", "SILK please", "--account", "demo.creator", "--from", "some.follower"], {
      LOCAL_STACK_DIR: stackDir,
    });
    expect(comment.stderr).toBe("");
    expect(comment.code).toBe(0);
    expect(comment.stdout).toMatch(/webhook answered 200 in \d+ ms/);
    expect(comment.stdout).toMatch(/reply \(private reply\) after \d+ ms:\n {4}Silk scarf: http:\/\/127.0.0.1\/r\/abc/);

    const dm = await run(["dm", "SILK", "--account", "demo.creator", "--fake", fake.url]);
    expect(dm.code).toBe(0);
    expect(dm.stdout).toMatch(/reply \(DM\) after \d+ ms:/);
  });

  it("says clearly when the stack is not running or the account is unknown", async () => {
    const missing = await run(["comment", "SILK"], { LOCAL_STACK_DIR: join(stackDir, "nothing-here") });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("npm start");
    const down = await run(["comment", "SILK", "--fake", `http://127.0.0.1:${await freePort()}`]);
    expect(down.stderr).toContain("does not answer");
    const unknown = await run(["comment", "SILK", "--account", "nobody.here", "--fake", fake.url]);
    expect(unknown.stderr).toContain('No connected Instagram account "nobody.here"');
    const usage = await run(["like", "SILK", "--fake", fake.url]);
    expect(usage.stderr).toContain("comment or dm");
  });

  it("says when the account has not subscribed the app", async () => {
    await connect("unsubscribed.creator", false);
    const answer = await run(["comment", "SILK", "--account", "unsubscribed.creator", "--fake", fake.url]);
    expect(answer.code).toBe(1);
    expect(answer.stderr).toContain('has not subscribed the app to "comments"');
  });
});
