// The Facebook fake, as the product sees it: the Login dialog, the code and long-lived exchanges,
// /me/accounts and Page tokens, subscribed_apps, /{page-id}/messages with Meta's rules and error
// shapes, and signed webhooks delivered to a receiver that stands in for the facebook-webhook
// function. The control calls go through tests/helpers/facebook-fake.ts. Needs no stack.
import { execFile } from "node:child_process";
import { createHmac } from "node:crypto";
import { EventEmitter, once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFacebookFake, type FacebookFake } from "../../local-stack/facebook-fake/index.ts";
import { freePort } from "../../local-stack/free-port.ts";
import {
  allowOnFacebook,
  cancelOnFacebook,
  comment,
  controlCall as control,
  message,
  redeliver,
  throttle,
  waitForReplies,
} from "../helpers/facebook-fake.ts";

const APP_ID = "1000000000000099";
const APP_SECRET = "facebook-app-secret-for-tests";
const VERIFY_TOKEN = "facebook-verify-me";
const REDIRECT_URI = "http://127.0.0.1:5173/influencer/facebook/callback";
const SCOPES = "pages_show_list,pages_messaging,pages_read_engagement,pages_manage_metadata,pages_read_user_content";
const ALL_FIELDS = "feed,messages,message_echoes";

interface Posted {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A stand-in for the facebook-webhook function: keeps every POST, answers Meta's GET handshake. */
class WebhookReceiver {
  readonly posts: Posted[] = [];
  /** Runs after each POST is answered, with its parsed body (plays the product in the CLI test). */
  onEvent?: (event: any) => Promise<void>;
  url = "";
  private readonly arrivals = new EventEmitter();
  private server?: Server;

  async start() {
    this.server = createServer(async (req, res) => {
      const url = new URL(req.url ?? "/", "http://receiver");
      if (req.method === "GET") {
        const ok =
          url.searchParams.get("hub.mode") === "subscribe" && url.searchParams.get("hub.verify_token") === VERIFY_TOKEN;
        res.writeHead(ok ? 200 : 403).end(ok ? url.searchParams.get("hub.challenge") : "forbidden");
        return;
      }
      let body = "";
      for await (const chunk of req) body += chunk;
      this.posts.push({ headers: req.headers, body });
      res.writeHead(200).end("EVENT_RECEIVED");
      this.arrivals.emit("post");
      const onEvent = this.onEvent;
      if (onEvent) void onEvent(JSON.parse(body)).catch(() => {});
    });
    const port = await freePort();
    await new Promise<void>((resolve) => this.server!.listen(port, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${port}/functions/v1/facebook-webhook`;
  }

  /** The first POST at index `from` or later that `matches`, waiting up to 5 s for it to arrive. */
  async waitFor(matches: (posted: Posted) => boolean, from = 0): Promise<Posted> {
    const signal = AbortSignal.timeout(5000);
    for (;;) {
      const found = this.posts.slice(from).find(matches);
      if (found) return found;
      await once(this.arrivals, "post", { signal });
    }
  }

  close() {
    return new Promise<void>((resolve) => {
      this.server?.close(() => resolve());
      this.server?.closeAllConnections();
    });
  }
}

let fake: FacebookFake;
const receiver = new WebhookReceiver();
const previousFakeUrl = process.env.FACEBOOK_FAKE_URL;

beforeAll(async () => {
  await receiver.start();
  fake = await startFacebookFake({
    port: await freePort(),
    appId: APP_ID,
    appSecret: APP_SECRET,
    webhookUrl: receiver.url,
  });
  process.env.FACEBOOK_FAKE_URL = fake.url;
});
afterAll(async () => {
  if (previousFakeUrl === undefined) delete process.env.FACEBOOK_FAKE_URL;
  else process.env.FACEBOOK_FAKE_URL = previousFakeUrl;
  await fake?.close();
  await receiver.close();
});

/** The Login dialog URL the product sends the browser to. */
function dialogUrl(overrides: Record<string, string> = {}, version = "/v21.0") {
  const query = new URLSearchParams({
    client_id: APP_ID,
    redirect_uri: REDIRECT_URI,
    state: "state-123",
    response_type: "code",
    scope: SCOPES,
    ...overrides,
  });
  return `${fake.dialogUrl}${version}/dialog/oauth?${query}`;
}

interface GraphCall {
  token?: string;
  query?: Record<string, string>;
  json?: unknown;
}

/** A Graph API call as the product makes it (token as a Bearer header); answers status and parsed body. */
async function graphCall(method: string, path: string, call: GraphCall = {}) {
  const search = new URLSearchParams(call.query).toString();
  const response = await fetch(`${fake.graphUrl}${path}${search ? `${path.includes("?") ? "&" : "?"}${search}` : ""}`, {
    method,
    headers: {
      ...(call.token ? { authorization: `Bearer ${call.token}` } : {}),
      ...(call.json === undefined ? {} : { "content-type": "application/json" }),
    },
    body: call.json === undefined ? undefined : JSON.stringify(call.json),
  });
  return { status: response.status, body: (await response.json()) as any };
}
const graph = (path: string, call: GraphCall & { method?: string } = {}) =>
  graphCall(call.method ?? (call.json === undefined ? "GET" : "POST"), path, call);

/** GET /v21.0/oauth/access_token with the code exchange's parameters, overridden by `fields`. */
const exchangeCode = (code: string, fields: Record<string, string> = {}) =>
  graph("/v21.0/oauth/access_token", {
    query: { client_id: APP_ID, redirect_uri: REDIRECT_URI, client_secret: APP_SECRET, code, ...fields },
  });

const exchangeForLong = (token: string, fields: Record<string, string> = {}) =>
  graph("/v21.0/oauth/access_token", {
    query: {
      grant_type: "fb_exchange_token",
      client_id: APP_ID,
      client_secret: APP_SECRET,
      fb_exchange_token: token,
      ...fields,
    },
  });

interface PageAccount {
  id: string;
  name: string;
  access_token: string;
}

/** The product's connect flow: Allow, both exchanges, /me/accounts, and subscribing each Page to `fields`. */
async function connect(name: string, pages?: string[], fields: string | null = ALL_FIELDS) {
  const callback = await allowOnFacebook(dialogUrl(), { name, pages });
  const shortToken = (await exchangeCode(callback.get("code")!)).body.access_token as string;
  const token = (await exchangeForLong(shortToken)).body.access_token as string;
  const accounts = await graph("/v21.0/me/accounts", { token, query: { fields: "id,name,access_token" } });
  expect(accounts.status).toBe(200);
  for (const page of accounts.body.data as PageAccount[]) {
    if (fields === null) continue;
    const subscribed = await graph(`/v21.0/${page.id}/subscribed_apps`, {
      method: "POST",
      token: page.access_token,
      query: { subscribed_fields: fields },
    });
    expect(subscribed.body).toEqual({ success: true });
  }
  return { shortToken, token, pages: accounts.body.data as PageAccount[] };
}

/** Meta's error shape, with the code and (or no) subcode. */
function expectGraphError(answer: { status: number; body: any }, code: number, subcode?: number) {
  expect(answer.status).toBe(400);
  expect(answer.body.error).toEqual({
    message: expect.any(String),
    type: expect.any(String),
    code,
    ...(subcode === undefined ? {} : { error_subcode: subcode }),
    fbtrace_id: expect.any(String),
  });
}

const send = (page: PageAccount, json: unknown, token = page.access_token) =>
  graph(`/v21.0/${page.id}/messages`, { token, json });
const privateReply = (page: PageAccount, commentId: string, text = "Here is your link", token?: string) =>
  send(page, { recipient: { comment_id: commentId }, messaging_type: "RESPONSE", message: { text } }, token);
const messengerReply = (page: PageAccount, psid: string, text = "Here is your link") =>
  send(page, { recipient: { id: psid }, messaging_type: "RESPONSE", message: { text } });

const signatureOf = (body: string) => `sha256=${createHmac("sha256", APP_SECRET).update(body).digest("hex")}`;

describe("the Login dialog", () => {
  it("shows a self-contained consent page for Demo Creator and one Page named after them", async () => {
    const response = await fetch(dialogUrl());
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(html).toContain("<title>Log in with Facebook (local fake)</title>");
    expect(html).toMatch(/<input[^>]*name="name"[^>]*value="Demo Creator"/);
    expect(html).toMatch(/<input[^>]*name="pages"[^>]*value="Demo Creator Shop"/);
    expect(html).toMatch(/<button[^>]*value="allow"[^>]*>Allow<\/button>/);
    expect(html).toMatch(/<button[^>]*value="cancel"[^>]*>Cancel<\/button>/);
    expect(html).not.toMatch(/<script|\bsrc=|<link/i);
    expect((await fetch(dialogUrl({}, ""))).status).toBe(200); // the version is optional
  });

  it("redirects Allow with a code, the state and Facebook's #_=_, for every Page given", async () => {
    const response = await fetch(dialogUrl(), {
      method: "POST",
      body: new URLSearchParams({ action: "allow", name: "Sok Dara", pages: "Dara Silk, Dara Shoes ,dara silk" }),
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    expect([...location.searchParams.keys()]).toEqual(["code", "state"]);
    expect(location.searchParams.get("code")).toMatch(/^AQ\S{100,}$/);
    expect(location.searchParams.get("state")).toBe("state-123");
    expect(location.hash).toBe("#_=_");

    const token = (await exchangeCode(location.searchParams.get("code")!)).body.access_token;
    const accounts = await graph("/v21.0/me/accounts", { token, query: { fields: "id,name" } });
    expect(accounts.body.data).toEqual([
      { id: expect.stringMatching(/^\d{15}$/), name: "Dara Silk" },
      { id: expect.stringMatching(/^\d{15}$/), name: "Dara Shoes" },
    ]);
  });

  it("redirects Cancel with Facebook's access_denied parameters and the state", async () => {
    const response = await fetch(dialogUrl(), {
      method: "POST",
      body: new URLSearchParams({ action: "cancel" }),
      redirect: "manual",
    });
    expect(response.headers.get("location")).toBe(
      `${REDIRECT_URI}?error=access_denied&error_code=200&error_description=Permissions+error&error_reason=user_denied&state=state-123#_=_`,
    );
    expect(Object.fromEntries(await cancelOnFacebook(dialogUrl()))).toEqual({
      error: "access_denied",
      error_code: "200",
      error_description: "Permissions error",
      error_reason: "user_denied",
      state: "state-123",
    });
  });

  it.each([
    [{ client_id: "123" }, "Invalid App ID"],
    [{ client_id: "" }, "client_id is missing"],
    [{ redirect_uri: "" }, "redirect_uri is missing"],
    [{ redirect_uri: "ftp://127.0.0.1/callback" }, "absolute http or https URL"],
    [{ redirect_uri: "/callback" }, "absolute http or https URL"],
    [{ scope: "pages_show_list,pages_messaging" }, "scope lacks pages_read_engagement, pages_manage_metadata"],
    [{ scope: `${SCOPES},pages_messages` }, "Invalid Scopes"],
    [{ response_type: "token" }, "response_type must be"],
  ])("refuses %o with an error page", async (override, text) => {
    const response = await fetch(dialogUrl(override));
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(await response.text()).toContain(text);
  });

  it("refuses an empty name on the form and keeps what was typed", async () => {
    const response = await fetch(dialogUrl(), {
      method: "POST",
      body: new URLSearchParams({ action: "allow", name: " ", pages: "Kept Page" }),
      redirect: "manual",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('role="alert"');
    expect(html).toMatch(/name="pages"[^>]*value="Kept Page"/);
  });

  it("gives a person the same id and their Pages the same ids every time, and another person's Page another id", async () => {
    const ids = async (name: string, pages: string[]) => {
      const { token } = await connect(name, pages, null);
      const me = await graph("/v21.0/me", { token, query: { fields: "id,name" } });
      return { user: me.body, pages: (await graph("/me/accounts", { token })).body.data.map((p: any) => p.id) };
    };
    const first = await ids("Stable Person", ["Stable Shop"]);
    const again = await ids("stable  person", ["stable shop", "Second Shop"]);
    expect(first.user).toEqual({ name: "Stable Person", id: expect.stringMatching(/^\d{17}$/) });
    expect(again.user.id).toBe(first.user.id);
    expect(again.pages[0]).toBe(first.pages[0]);
    const other = await ids("Other Person", ["Stable Shop"]);
    expect(other.pages[0]).not.toBe(first.pages[0]);
  });
});

describe("the code exchange", () => {
  const code = async (name: string) => (await allowOnFacebook(dialogUrl(), { name })).get("code")!;

  it("answers a short-lived user token, once per code", async () => {
    const value = await code("Exchange Once");
    expect(await exchangeCode(value)).toEqual({
      status: 200,
      body: { access_token: expect.stringMatching(/^EAA[A-Za-z0-9]{100,}$/), token_type: "bearer", expires_in: 3600 },
    });
    const again = await exchangeCode(value);
    expectGraphError(again, 100, 36009);
    expect(again.body.error).toMatchObject({
      message: "This authorization code has been used.",
      type: "OAuthException",
    });
  });

  it("refuses a code after its 10 minutes", async () => {
    const value = await code("Exchange Late");
    await control("age-tokens", { user: "Exchange Late", seconds: 601 });
    const answer = await exchangeCode(value);
    expectGraphError(answer, 100, 36007);
    expect(answer.body.error.message).toBe("This authorization code has expired.");
  });

  it.each([
    [{ client_secret: "wrong" }, 1, undefined, "Error validating client secret."],
    [{ redirect_uri: "http://127.0.0.1:5173/elsewhere" }, 100, 36008, "redirect_uri is identical"],
    [{ client_id: "1" }, 101, undefined, "Invalid application ID"],
    [{ code: "AQnot-a-code" }, 100, undefined, "Invalid verification code format."],
  ])("refuses %o in Meta's shape", async (override, errorCode, subcode, text) => {
    const answer = await exchangeCode(await code("Exchange Refused"), override);
    expectGraphError(answer, errorCode, subcode);
    expect(answer.body.error.message).toContain(text);
  });
});

describe("long-lived user tokens", () => {
  it("exchange a short-lived token with the app's secret for 60 days", async () => {
    const callback = await allowOnFacebook(dialogUrl(), { name: "Long Lived" });
    const short = (await exchangeCode(callback.get("code")!)).body.access_token;
    expectGraphError(await exchangeForLong(short, { client_secret: "nope" }), 1);
    const long = await exchangeForLong(short);
    expect(long).toEqual({
      status: 200,
      body: { access_token: expect.stringMatching(/^EAA/), token_type: "bearer", expires_in: 5184000 },
    });
    expect(long.body.access_token).not.toBe(short);
  });

  it("are refused for an expired short-lived token", async () => {
    const callback = await allowOnFacebook(dialogUrl(), { name: "Too Late" });
    const short = (await exchangeCode(callback.get("code")!)).body.access_token;
    await control("age-tokens", { user: "Too Late", seconds: 3601 });
    const answer = await exchangeForLong(short);
    expectGraphError(answer, 190, 463);
    expect(answer.body.error.message).toContain("Session has expired");
  });
});

describe("/me/accounts", () => {
  it("answers the requested fields, with the token as a bearer header or a query field", async () => {
    const { token } = await connect("Accounts Reader", ["Reader Shop"], null);
    const viaHeader = await graph("/v21.0/me/accounts", { token, query: { fields: "id,name,access_token" } });
    expect(viaHeader.body).toEqual({
      data: [{ id: expect.stringMatching(/^\d+$/), name: "Reader Shop", access_token: expect.stringMatching(/^EAA/) }],
      paging: { cursors: { before: expect.any(String), after: expect.any(String) } },
    });
    const viaQuery = await graph("/v21.0/me/accounts", { query: { access_token: token } });
    expect(viaQuery.body.data[0]).toEqual({
      ...viaHeader.body.data[0],
      category: expect.any(String),
      category_list: [{ id: expect.any(String), name: expect.any(String) }],
      tasks: expect.arrayContaining(["MESSAGING", "MODERATE"]),
    });
  });

  it("pages through more Pages than one answer holds", async () => {
    const names = Array.from({ length: 30 }, (_, i) => `Many Shop ${i + 1}`);
    const { token } = await connect("Many Pages", names, null);
    const first = await graph("/v21.0/me/accounts", { token, query: { fields: "id,name" } });
    expect(first.body.data).toHaveLength(25);
    const second = await fetch(first.body.paging.next).then((r) => r.json());
    expect([...first.body.data, ...second.data].map((p: any) => p.name)).toEqual(names);
    expect(second.paging.next).toBeUndefined();
  });

  it("gives Page tokens that never expire from a long-lived user token, and expire with a short-lived one", async () => {
    const { shortToken, token } = await connect("Token Ages", ["Ages Shop"], null);
    const fromShort = (await graph("/me/accounts", { token: shortToken })).body.data[0].access_token;
    const fromLong = (await graph("/me/accounts", { token })).body.data[0].access_token;
    await control("age-tokens", { user: "Token Ages", seconds: 61 * 24 * 3600 });
    expect((await graph("/v21.0/me", { token: fromLong })).body).toEqual({ name: "Ages Shop", id: expect.any(String) });
    expectGraphError(await graph("/v21.0/me", { token: fromShort }), 190, 463);
    expectGraphError(await graph("/v21.0/me/accounts", { token }), 190, 463);
  });

  it("refuses every token of a person who changed their password, Page tokens too; logging in again gives new ones", async () => {
    const { token, pages } = await connect("Password Changer", ["Changer Shop"], null);
    expect(await control("change-password", { user: "Password Changer" })).toEqual({
      status: 200,
      body: { user_id: expect.any(String), tokens_invalidated: 3 },
    });
    const refused = await graph("/v21.0/me", { token: pages[0].access_token });
    expectGraphError(refused, 190, 460);
    expect(refused.body.error.message).toContain("the user changed their password");
    expectGraphError(await graph("/v21.0/me/accounts", { token }), 190, 460);
    const again = await connect("Password Changer", ["Changer Shop"], null);
    expect(again.pages[0].access_token).not.toBe(pages[0].access_token);
    expect((await graph("/v21.0/me", { token: again.pages[0].access_token })).body.name).toBe("Changer Shop");
  });

  it("refuses no token, an unknown token and a Page token", async () => {
    const { pages } = await connect("Accounts Refused", undefined, null);
    expectGraphError(await graph("/v21.0/me/accounts"), 2500);
    expectGraphError(await graph("/v21.0/me/accounts", { token: "EAAnot-a-token" }), 190);
    const withPageToken = await graph("/v21.0/me/accounts", { token: pages[0].access_token });
    expectGraphError(withPageToken, 100);
    expect(withPageToken.body.error.message).toContain("(accounts) on node type (Page)");
  });
});

describe("subscribed_apps", () => {
  it("subscribes, lists and unsubscribes the app with the Page's token", async () => {
    const { pages } = await connect("Subscriber", undefined, null);
    const [page] = pages;
    const edge = `/v21.0/${page.id}/subscribed_apps`;
    expect((await graph(edge, { token: page.access_token })).body).toEqual({ data: [] });
    expect(
      (await graph(`${edge}?subscribed_fields=feed,messages`, { method: "POST", token: page.access_token })).body,
    ).toEqual({ success: true });
    expect((await graph(edge, { query: { access_token: page.access_token } })).body).toEqual({
      data: [
        { category: expect.any(String), name: expect.any(String), id: APP_ID, subscribed_fields: ["feed", "messages"] },
      ],
    });
    expect((await graph(edge, { method: "DELETE", token: page.access_token })).body).toEqual({ success: true });
    expect((await graph(edge, { token: page.access_token })).body).toEqual({ data: [] });
  });

  it("refuses a user token, another Page's token, an unknown Page and an unknown field", async () => {
    const { token, pages } = await connect("Refused Subscriber", ["Refused One", "Refused Two"], null);
    const [one, two] = pages;
    const subscribe = (pageId: string, accessToken: string, fields = "feed") =>
      graph(`/v21.0/${pageId}/subscribed_apps`, {
        method: "POST",
        token: accessToken,
        query: { subscribed_fields: fields },
      });
    const withUserToken = await subscribe(one.id, token);
    expectGraphError(withUserToken, 210);
    expect(withUserToken.body.error.message).toBe("(#210) A page access token is required to request this resource.");
    expectGraphError(await subscribe(one.id, two.access_token), 100, 33);
    expectGraphError(await subscribe("100000000000000", one.access_token), 100, 33);
    expectGraphError(await subscribe(one.id, one.access_token, "feed,comments"), 100);
    expectGraphError(await graph(`/v21.0/${one.id}/subscribed_apps`, { method: "POST" }), 104);
  });
});

describe("webhooks", () => {
  it("carry a comment, signed with the app secret, only for a Page subscribed to feed", async () => {
    const { pages } = await connect("Gated Creator", undefined, null);
    const [page] = pages;
    const silent = await comment("SILK please", { page: page.id });
    expect(silent).toMatchObject({
      delivered: false,
      status: null,
      reason: expect.stringContaining("subscribed_apps"),
    });

    await graph(`/v21.0/${page.id}/subscribed_apps`, {
      method: "POST",
      token: page.access_token,
      query: { subscribed_fields: "feed" },
    });
    const before = receiver.posts.length;
    const heard = await comment("SILK please", { page: page.name, from: "Chan Sreymom" });
    expect(heard).toMatchObject({ delivered: true, status: 200, ms: expect.any(Number), page_id: page.id });
    const posted = await receiver.waitFor((p) => p.body.includes(heard.comment_id), before);
    expect(posted.headers["content-type"]).toBe("application/json");
    expect(posted.headers["x-hub-signature-256"]).toBe(signatureOf(posted.body));
    const event = JSON.parse(posted.body);
    const postId = heard.post_id;
    expect(postId).toMatch(new RegExp(`^${page.id}_\\d+$`));
    expect(heard.comment_id).toMatch(new RegExp(`^${postId.split("_")[1]}_\\d+$`));
    expect(event).toEqual({
      object: "page",
      entry: [
        {
          id: page.id,
          time: expect.any(Number),
          changes: [
            {
              field: "feed",
              value: {
                from: { id: heard.from_id, name: "Chan Sreymom" },
                post: {
                  status_type: "added_photos",
                  is_published: true,
                  updated_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0000$/),
                  promotion_status: "inactive",
                  id: postId,
                },
                message: "SILK please",
                post_id: postId,
                comment_id: heard.comment_id,
                created_time: expect.any(Number),
                item: "comment",
                parent_id: postId,
                verb: "add",
              },
            },
          ],
        },
      ],
    });
    expect(Math.abs(event.entry[0].time - Date.now() / 1000)).toBeLessThan(5);

    const dm = await message("SILK", { page: page.id });
    expect(dm).toMatchObject({ delivered: false, reason: expect.stringContaining('"messages"') });
  });

  it("carry the Page's own comment with the Page as its author", async () => {
    const { pages } = await connect("Own Commenter");
    const own = await comment("Thanks everyone!", { page: pages[0].id, from: pages[0].name });
    expect(own).toMatchObject({ from_id: pages[0].id, psid: null, delivered: true });
  });

  it("carry a Messenger message from a Page-scoped id, another one on every Page", async () => {
    const { pages } = await connect("Two Pages", ["Two Pages A", "Two Pages B"]);
    const before = receiver.posts.length;
    const onA = await message("SILK", { page: pages[0].id, from: "Vannak" });
    const onB = await message("SILK", { page: pages[1].id, from: "Vannak" });
    expect(onA.psid).toMatch(/^\d{16}$/);
    expect(onB.psid).not.toBe(onA.psid);
    expect(onA.mid).toMatch(/^m_[\w-]{40,}$/);
    const posted = await receiver.waitFor((p) => p.body.includes(onA.mid), before);
    expect(posted.headers["x-hub-signature-256"]).toBe(signatureOf(posted.body));
    expect(JSON.parse(posted.body)).toEqual({
      object: "page",
      entry: [
        {
          id: pages[0].id,
          time: expect.any(Number),
          messaging: [
            {
              sender: { id: onA.psid },
              recipient: { id: pages[0].id },
              timestamp: expect.any(Number),
              message: { mid: onA.mid, text: "SILK" },
            },
          ],
        },
      ],
    });
    expect(JSON.parse(posted.body).entry[0].time).toBeGreaterThan(1e12); // milliseconds on Messenger
  });

  it("are redelivered byte for byte, signature included", async () => {
    const { pages } = await connect("Redeliver Creator");
    const before = receiver.posts.length;
    const created = await comment("SILK", { page: pages[0].id });
    const first = await receiver.waitFor((p) => p.body.includes(created.comment_id), before);
    const again = await redeliver({ comment_id: created.comment_id });
    expect(again).toMatchObject({ delivered: true, status: 200 });
    const second = await receiver.waitFor(
      (p) => p.body.includes(created.comment_id),
      receiver.posts.indexOf(first) + 1,
    );
    expect(second.body).toBe(first.body);
    expect(second.headers["x-hub-signature-256"]).toBe(first.headers["x-hub-signature-256"]);

    const sent = await message("SILK", { page: pages[0].id });
    expect(await redeliver({ mid: sent.mid })).toMatchObject({ delivered: true });
    await expect(redeliver({ comment_id: "1_2" })).rejects.toThrow("no such comment");
  });

  it.each([
    [VERIFY_TOKEN, 200, true],
    ["not-the-token", 403, false],
  ])("report the app's verification handshake with verify token %s", async (verifyToken, status, echoed) => {
    const { body } = await control("verify", { verify_token: verifyToken });
    expect(body).toMatchObject({ status, challenge_echoed: echoed });
  });
});

describe("private replies", () => {
  let page: PageAccount;
  let userToken: string;
  beforeAll(async () => {
    const connected = await connect("Reply Creator");
    [page] = connected.pages;
    userToken = connected.token;
  });

  it("go out once per comment, to the commenter's Page-scoped id, and come back as an echo", async () => {
    const created = await comment("SILK", { page: page.id, from: "Fan One" });
    const before = receiver.posts.length;
    const sent = await privateReply(page, created.comment_id);
    expect(sent).toEqual({
      status: 200,
      body: { recipient_id: created.psid, message_id: expect.stringMatching(/^m_/) },
    });
    expect(created.psid).not.toBe(created.from_id); // the feed's from.id is not a Messenger id
    const again = await privateReply(page, created.comment_id);
    expectGraphError(again, 10900);
    expect(again.body.error.message).toBe("(#10900) Activity already replied to");

    const echoed = await receiver.waitFor((p) => p.body.includes(sent.body.message_id), before);
    expect(echoed.headers["x-hub-signature-256"]).toBe(signatureOf(echoed.body));
    expect(echoed.body).toContain(`"app_id":${APP_ID}`); // a JSON number, as Meta sends it
    expect(JSON.parse(echoed.body).entry[0]).toEqual({
      id: page.id,
      time: expect.any(Number),
      messaging: [
        {
          sender: { id: page.id },
          recipient: { id: created.psid },
          timestamp: expect.any(Number),
          message: { mid: sent.body.message_id, is_echo: true, app_id: Number(APP_ID), text: "Here is your link" },
        },
      ],
    });
  });

  it("send no echo to a Page not subscribed to message_echoes", async () => {
    const { pages } = await connect("No Echoes", undefined, "feed,messages");
    const created = await comment("SILK", { page: pages[0].id });
    const sent = await privateReply(pages[0], created.comment_id);
    expect(sent.status).toBe(200);
    await expect(redeliver({ mid: sent.body.message_id })).rejects.toThrow("never delivered");
  });

  it("are refused after 7 days with the outside-window error", async () => {
    const old = await comment("SILK", { page: page.id, age_hours: 7 * 24 + 1 });
    expectGraphError(await privateReply(page, old.comment_id), 10, 2018278);
    const recent = await comment("SILK", { page: page.id, age_hours: 6 * 24 });
    expect((await privateReply(page, recent.comment_id)).status).toBe(200);
  });

  it("refuse another Page's comment, an unknown one, a user token and bad text", async () => {
    const other = await connect("Other Creator");
    const foreign = await comment("SILK", { page: other.pages[0].id });
    expectGraphError(await privateReply(page, foreign.comment_id), 100, 2018292);
    expectGraphError(await privateReply(page, "122000000000000000_1000000000000000"), 100, 2018292);

    const created = await comment("SILK", { page: page.id });
    expectGraphError(await privateReply(page, created.comment_id, "hi", userToken), 210);
    expectGraphError(await privateReply(page, created.comment_id, "x".repeat(2001)), 100);
    expectGraphError(await privateReply(page, created.comment_id, ""), 100, 2018034);
    expectGraphError(await send(page, { recipient: { comment_id: created.comment_id } }), 100);
    // 2000 characters of Khmer go out: Meta counts characters, not bytes.
    expect((await privateReply(page, created.comment_id, "ក".repeat(2000))).status).toBe(200);
  });
});

describe("Messenger messages", () => {
  let page: PageAccount;
  beforeAll(async () => {
    [page] = (await connect("Messenger Creator")).pages;
  });

  it("go to a person who wrote within 24 hours, and come back as an echo", async () => {
    const incoming = await message("SILK", { page: page.id, from: "Inside Window", age_hours: 23 });
    const before = receiver.posts.length;
    const sent = await messengerReply(page, incoming.psid);
    expect(sent).toEqual({
      status: 200,
      body: { recipient_id: incoming.psid, message_id: expect.stringMatching(/^m_/) },
    });
    const echoed = await receiver.waitFor((p) => p.body.includes(sent.body.message_id), before);
    expect(JSON.parse(echoed.body).entry[0].messaging[0]).toMatchObject({
      sender: { id: page.id },
      recipient: { id: incoming.psid },
      message: { is_echo: true, text: "Here is your link" },
    });
    // The same send with every parameter in the query string, as Graph also takes them.
    const viaQuery = await graph(`/v21.0/${page.id}/messages`, {
      method: "POST",
      query: {
        access_token: page.access_token,
        recipient: JSON.stringify({ id: incoming.psid }),
        messaging_type: "RESPONSE",
        message: JSON.stringify({ text: "Again" }),
      },
    });
    expect(viaQuery).toEqual({ status: 200, body: { recipient_id: incoming.psid, message_id: expect.any(String) } });
  });

  it("are refused outside the 24-hour window with code 10, subcode 2018278", async () => {
    const stale = await message("SILK", { page: page.id, from: "Outside Window", age_hours: 25 });
    const answer = await messengerReply(page, stale.psid);
    expect(answer).toEqual({
      status: 400,
      body: {
        error: {
          message: expect.stringMatching(/^\(#10\) This message is sent outside of allowed window\./),
          type: "OAuthException",
          code: 10,
          error_subcode: 2018278,
          fbtrace_id: expect.any(String),
        },
      },
    });
    // A commenter has a Page-scoped id but never opened the window.
    const commenter = await comment("SILK", { page: page.id, from: "Only Commented" });
    expectGraphError(await messengerReply(page, commenter.psid!), 10, 2018278);
  });

  it("refuse an id the Page does not know, and one of another Page", async () => {
    expectGraphError(await messengerReply(page, "1234567890123456"), 100, 2018001);
    const other = (await connect("Messenger Other")).pages[0];
    const elsewhere = await message("SILK", { page: other.id });
    expectGraphError(await messengerReply(page, elsewhere.psid), 100, 2018001);
    expectGraphError(await messengerReply(page, "not-an-id"), 100);
  });
});

describe("the rate limit", () => {
  it("answers 613 for the next sends the control call throttles, then lets them through", async () => {
    const [page] = (await connect("Throttled Creator")).pages;
    const created = await comment("SILK", { page: page.id });
    expect(await throttle(page.id, 2)).toEqual({ page_id: page.id, page: page.name, count: 2 });
    const first = await privateReply(page, created.comment_id);
    expectGraphError(first, 613);
    expect(first.body.error).toMatchObject({
      message: "(#613) Calls to this api have exceeded the rate limit.",
      type: "OAuthException",
    });
    expectGraphError(await privateReply(page, created.comment_id), 613);
    expect((await privateReply(page, created.comment_id)).status).toBe(200);
  });
});

describe("the replies long poll", () => {
  it("answers as soon as the Page sends", async () => {
    const [page] = (await connect("Poll Creator")).pages;
    const created = await comment("SILK", { page: page.id });
    const waiting = waitForReplies(page.id, 1);
    await privateReply(page, created.comment_id, "link!");
    expect(await waiting).toEqual([
      {
        message_id: expect.stringMatching(/^m_/),
        kind: "private_reply",
        recipient: { comment_id: created.comment_id },
        recipient_id: created.psid,
        text: "link!",
        at: expect.any(String),
      },
    ]);
  });

  it("gives up after wait_ms with what there is", async () => {
    const [page] = (await connect("Idle Creator")).pages;
    expect(await waitForReplies(page.id, 1, 50)).toEqual([]);
  });
});

describe("control calls", () => {
  it("name what is wrong", async () => {
    const unknown = await control("comment", { page: "No Such Page", text: "SILK" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toContain('no Facebook Page "No Such Page"');
    const [page] = (await connect("Control Creator")).pages;
    expect(await control("comment", { page: page.id })).toEqual({
      status: 400,
      body: { error: "text must be a non-empty string" },
    });
    expect((await control("rate-limit", { page: page.id, count: -1 })).body.error).toContain("count");
    expect((await control("message", { page: page.id, text: "hi", from: page.name })).status).toBe(400);
    expect((await control("nothing", {})).status).toBe(404);
  });

  it("list the Pages with their owner and subscribed fields", async () => {
    const { pages } = await connect("Listed Creator", ["Listed Shop"], "feed,messages");
    const { body } = await control("pages");
    expect(body.pages).toContainEqual({
      id: pages[0].id,
      name: "Listed Shop",
      owner: { id: expect.stringMatching(/^\d{17}$/), name: "Listed Creator" },
      subscribed_fields: ["feed", "messages"],
      post_id: expect.stringMatching(new RegExp(`^${pages[0].id}_\\d+$`)),
    });
    expect(body.webhook_url).toBe(receiver.url);
  });
});

describe("npm run facebook:simulate", () => {
  const simulate = async (args: string[], env: Record<string, string> = {}) => {
    const command = ["--import", "tsx", "local-stack/facebook-simulate.ts", ...args];
    const options = { cwd: join(import.meta.dirname, "..", ".."), env: { ...process.env, ...env } };
    try {
      return { code: 0, ...(await promisify(execFile)(process.execPath, command, options)) };
    } catch (failed: any) {
      return { code: Number(failed.code ?? 1), stdout: String(failed.stdout), stderr: String(failed.stderr) };
    }
  };
  const stackDir = mkdtempSync(join(tmpdir(), "facebook-fake-cli-"));
  afterAll(() => {
    receiver.onEvent = undefined;
    rmSync(stackDir, { recursive: true, force: true });
  });

  it("delivers a comment or a message and prints the webhook's answer and the reply with its time", async () => {
    const [page] = (await connect("Cli Creator", ["Cli Shop"])).pages;
    // Plays the product: a comment gets a private reply, a Messenger message an answer.
    receiver.onEvent = async (event) => {
      const entry = event.entry?.[0];
      if (entry?.id !== page.id) return;
      const change = entry.changes?.[0]?.value;
      const messaging = entry.messaging?.[0];
      const recipient = change
        ? { comment_id: change.comment_id }
        : messaging && !messaging.message.is_echo
          ? { id: messaging.sender.id }
          : null;
      if (recipient)
        await send(page, {
          recipient,
          messaging_type: "RESPONSE",
          message: { text: "Silk scarf: http://127.0.0.1/r/abc" },
        });
    };
    writeFileSync(join(stackDir, "facebook-fake.json"), JSON.stringify({ url: fake.url }));
    const commented = await simulate(["comment", "SILK please", "--page", "Cli Shop", "--from", "Some Follower"], {
      LOCAL_STACK_DIR: stackDir,
    });
    expect(commented.stderr).toBe("");
    expect(commented.code).toBe(0);
    expect(commented.stdout).toMatch(/webhook answered 200 in \d+ ms/);
    expect(commented.stdout).toMatch(
      /reply \(private reply\) after \d+ ms:\n {4}Silk scarf: http:\/\/127.0.0.1\/r\/abc/,
    );

    const messaged = await simulate(["message", "SILK", "--page", page.id, "--fake", fake.url]);
    expect(messaged.code).toBe(0);
    expect(messaged.stdout).toMatch(/reply \(Messenger message\) after \d+ ms:/);
  });

  it("says clearly when the stack does not run, the Page is unknown or not subscribed", async () => {
    const missing = await simulate(["comment", "SILK"], { LOCAL_STACK_DIR: join(stackDir, "nothing-here") });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("npm start");
    const down = await simulate(["comment", "SILK", "--fake", `http://127.0.0.1:${await freePort()}`]);
    expect(down.stderr).toContain("does not answer");
    const unknown = await simulate(["comment", "SILK", "--page", "Nobody Shop", "--fake", fake.url]);
    expect(unknown.stderr).toContain('No connected Facebook Page "Nobody Shop"');
    const usage = await simulate(["like", "SILK", "--fake", fake.url]);
    expect(usage.stderr).toContain("comment or message");
    await connect("Unsubscribed Cli", ["Unsubscribed Cli Shop"], null);
    const silent = await simulate(["comment", "SILK", "--page", "Unsubscribed Cli Shop", "--fake", fake.url]);
    expect(silent.code).toBe(1);
    expect(silent.stderr).toContain('has not subscribed the app to "feed"');
  });
});
