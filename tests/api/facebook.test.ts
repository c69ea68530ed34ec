// Facebook Page keyword automation through the gateway, the real api and facebook-webhook
// functions, real Postgres and the stack's Facebook fake: Facebook Login with one Page or several,
// forged, reused and someone else's states, a refused code; the webhook's handshake and signature;
// keyword comments answered once with a private reply, Messenger keywords inside and outside the
// 24-hour window, the Page's own comments and echoes ignored, throttling retried; the shared
// activity saying which platform; a Page token Facebook refuses marked and told on Telegram; and
// clicks counted under fb_comment and fb_dm.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_FACEBOOK, LOCAL_SECRET_KEY } from "../../local-stack/keys.ts";
import { api } from "../helpers/api.ts";
import { type Account, apply, business, createCampaign, decideLink, influencer } from "../helpers/accounts.ts";
import {
  allowOnFacebook,
  comment,
  controlCall,
  facebookFakeUrl,
  message,
  redeliver,
  throttle,
  uniqueName,
  waitForReplies,
} from "../helpers/facebook-fake.ts";
import { fixtureDb } from "../helpers/db-fixtures.ts";
import { linkChat, messageWith } from "../helpers/telegram-fake.ts";
import { stackUrl } from "../helpers/stack.ts";

const STALE_STATE = "This Facebook link has expired or was already used. Connect Facebook again.";
const iPhone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148";

const sql = fixtureDb();
afterAll(() => sql.end());

let shop: Account;
beforeAll(async () => {
  shop = await business();
});

/** Facebook Login as `name` managing `pages`, finished with POST /facebook/connect. */
async function logIn(creator: Account, name: string, pages: string[]) {
  const start = await api("GET", "/facebook/connect", { token: creator.token });
  expect(start.status).toBe(200);
  const query = await allowOnFacebook(start.body.url, { name, pages });
  return api("POST", "/facebook/connect", {
    token: creator.token,
    body: { code: query.get("code"), state: query.get("state") },
  });
}

/** An approved influencer with an approved link (keyword from the product's first word) and one Page connected. */
async function connectedCreator() {
  const creator = await influencer();
  const campaign = await createCampaign(shop, { product_name: `Lotus${Math.random().toString(36).slice(2, 6)} Soap` });
  const link = await apply(creator, campaign.id);
  await decideLink(link.id, "approve");
  const [trigger] = (await api("GET", "/keyword-triggers/my-triggers", { token: creator.token })).body.triggers;
  const page = uniqueName("Page");
  const person = uniqueName("Creator");
  const connected = await logIn(creator, person, [page]);
  expect(connected.status).toBe(200);
  return { creator, campaign, trigger, person, page, pageId: connected.body.facebook.page_id as string };
}

async function activity(owner: Account) {
  const res = await api("GET", "/instagram/activity", { token: owner.token });
  expect(res.status).toBe(200);
  return res.body.events as any[];
}

/** The influencer's activity once it holds `count` finished events (replies are sent after the webhook answers). */
async function finishedActivity(owner: Account, count: number) {
  await expect
    .poll(async () => (await activity(owner)).filter((event) => event.outcome !== "pending").length, {
      timeout: 15_000,
    })
    .toBe(count);
  return activity(owner);
}

async function fakePage(pageId: string) {
  const { body } = await controlCall<{ pages: { id: string; subscribed_fields: string[] }[] }>("pages");
  return body.pages.find((page) => page.id === pageId)!;
}

describe("connecting a Facebook Page", () => {
  it("gives an approved influencer Facebook Login's URL with a signed state", async () => {
    const creator = await influencer();
    const res = await api("GET", "/facebook/connect", { token: creator.token });
    expect(res.status).toBe(200);
    const url = new URL(res.body.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${facebookFakeUrl()}/www/v21.0/dialog/oauth`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: LOCAL_FACEBOOK.appId,
      redirect_uri: `${stackUrl()}/influencer/facebook/callback`,
      response_type: "code",
      scope: "pages_show_list,pages_messaging,pages_read_engagement,pages_manage_metadata,pages_read_user_content",
      state: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
    });
    const pending = await influencer("pending");
    const refused = await api("GET", "/facebook/connect", { token: pending.token });
    expect(refused.status).toBe(403);
    expect((await api("GET", "/facebook/connect", { token: shop.token })).status).toBe(403);
  });

  it("connects the one Page an influencer manages, subscribed to its comments and messages, without its token", async () => {
    const creator = await influencer();
    const page = uniqueName("Page");
    const res = await logIn(creator, uniqueName("Creator"), [page]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: "Facebook Page connected",
      facebook: {
        page_id: expect.stringMatching(/^\d+$/),
        page_name: page,
        connected_at: expect.any(String),
        token_refused_at: null,
      },
      pages: null,
    });
    expect((await api("GET", "/facebook/page", { token: creator.token })).body).toEqual({
      facebook: res.body.facebook,
    });
    expect((await fakePage(res.body.facebook.page_id)).subscribed_fields.sort()).toEqual(["feed", "messages"]);
    const [stored] = await sql<{ token_ciphertext: string }[]>`
      select token_ciphertext from public.facebook_pages where influencer_id = ${creator.user.id}`;
    expect(stored.token_ciphertext).not.toMatch(/^EAA/);
  });

  it("offers several Pages to pick from, and connects the one picked", async () => {
    const [creator, other] = await Promise.all([influencer(), influencer()]);
    const pages = [uniqueName("Shop A"), uniqueName("Shop B"), uniqueName("Shop C")];
    const res = await logIn(creator, uniqueName("Creator"), pages);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: "Choose the Page to connect", facebook: null });
    expect(res.body.pages.map((p: { name: string }) => p.name)).toEqual(pages);
    expect((await api("GET", "/facebook/page", { token: creator.token })).body).toEqual({ facebook: null });

    // Someone else cannot pick from this list, nor can the influencer pick a Page not on it.
    const foreign = await api("POST", "/facebook/page", {
      token: other.token,
      body: { page_id: res.body.pages[1].id },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe("Choosing a Page took too long. Connect Facebook again.");
    const unknown = await api("POST", "/facebook/page", { token: creator.token, body: { page_id: "123" } });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ field: "page_id", message: "page_id must be the id of one of your Pages" });

    const picked = await api("POST", "/facebook/page", {
      token: creator.token,
      body: { page_id: res.body.pages[1].id },
    });
    expect(picked.status).toBe(200);
    expect(picked.body.facebook).toMatchObject({ page_id: res.body.pages[1].id, page_name: pages[1] });
    expect((await fakePage(res.body.pages[1].id)).subscribed_fields.sort()).toEqual(["feed", "messages"]);
    // The list worked once.
    const again = await api("POST", "/facebook/page", {
      token: creator.token,
      body: { page_id: res.body.pages[0].id },
    });
    expect(again.status).toBe(400);
  });

  it("refuses a reused, forged or someone else's state with 400, and Facebook's refusal of a bad code", async () => {
    const [creator, other] = await Promise.all([influencer(), influencer()]);
    const start = await api("GET", "/facebook/connect", { token: creator.token });
    const query = await allowOnFacebook(start.body.url, { name: uniqueName() });
    const state = query.get("state")!;

    const someoneElses = await api("POST", "/facebook/connect", {
      token: other.token,
      body: { code: query.get("code"), state },
    });
    expect(someoneElses.status).toBe(400);
    expect(someoneElses.body).toMatchObject({ message: STALE_STATE, field: "state" });

    // An Instagram state does not finish Facebook Login.
    const instagram = await api("GET", "/instagram/connect", { token: creator.token });
    const instagramState = new URL(instagram.body.url).searchParams.get("state");
    const crossed = await api("POST", "/facebook/connect", {
      token: creator.token,
      body: { code: query.get("code"), state: instagramState },
    });
    expect(crossed.status).toBe(400);
    expect(crossed.body.field).toBe("state");

    const badCode = await api("POST", "/facebook/connect", {
      token: creator.token,
      body: { code: "not-a-code", state },
    });
    expect(badCode.status).toBe(400);
    expect(badCode.body.field).toBe("code");
    expect(badCode.body.message).toMatch(/^Facebook refused the connection: /);

    const reused = await api("POST", "/facebook/connect", {
      token: creator.token,
      body: { code: query.get("code"), state },
    });
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({ message: STALE_STATE, field: "state" });
    expect((await api("GET", "/facebook/page", { token: creator.token })).body).toEqual({ facebook: null });
  });

  it("refuses a Page already connected to another influencer", async () => {
    const [first, second] = await Promise.all([influencer(), influencer()]);
    const person = uniqueName("Creator");
    const page = uniqueName("Page");
    expect((await logIn(first, person, [page])).status).toBe(200);
    const res = await logIn(second, person, [page]);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`${page} is already connected to another influencer's account`);
  });

  it("disconnects: the app is unsubscribed and the Page's events are ignored", async () => {
    const { creator, trigger, page, pageId } = await connectedCreator();
    const res = await api("DELETE", "/facebook/page", { token: creator.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Facebook Page disconnected" });
    expect((await fakePage(pageId)).subscribed_fields).toEqual([]);
    expect((await api("GET", "/facebook/page", { token: creator.token })).body).toEqual({ facebook: null });
    const again = await api("DELETE", "/facebook/page", { token: creator.token });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe("No Facebook Page is connected");
    // Meta no longer delivers to an unsubscribed Page; even a delivery would find no one.
    await comment(trigger.keyword, { page });
    expect(await activity(creator)).toEqual([]);
  });
});

describe("the webhook", () => {
  const webhook = "/functions/v1/facebook-webhook";

  it("answers Meta's handshake with the challenge, and 403 to a wrong verify token", async () => {
    const params = (token: string) =>
      new URLSearchParams({ "hub.mode": "subscribe", "hub.verify_token": token, "hub.challenge": "915620" });
    const ok = await fetch(`${stackUrl()}${webhook}?${params(LOCAL_FACEBOOK.verifyToken)}`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("915620");
    expect((await fetch(`${stackUrl()}${webhook}?${params("guess")}`)).status).toBe(403);
  });

  it("refuses a bad or missing signature before reading, and records nothing", async () => {
    const { creator, trigger, pageId } = await connectedCreator();
    const body = JSON.stringify({
      object: "page",
      entry: [
        {
          id: pageId,
          time: 1,
          changes: [
            {
              field: "feed",
              value: { item: "comment", verb: "add", comment_id: "1_1", message: trigger.keyword, from: { id: "9" } },
            },
          ],
        },
      ],
    });
    const raw = (signature: string | null) => controlCall("raw-webhook", { body, signature });
    expect((await raw(`sha256=${"0".repeat(64)}`)).body.status).toBe(401);
    expect((await raw(null)).body.status).toBe(401);
    // Not even JSON is read before the signature: a signed non-JSON body is refused as such, an unsigned one as unsigned.
    const notJson = await fetch(`${stackUrl()}${webhook}`, { method: "POST", body: "{" });
    expect(notJson.status).toBe(401);
    expect(await activity(creator)).toEqual([]);
  });

  it("answers a keyword comment once with a private reply holding the short link with ?s=fb_comment", async () => {
    const { creator, campaign, trigger, page } = await connectedCreator();
    const follower = uniqueName("Sokha");
    const first = await comment(`Price? ${trigger.keyword.toLowerCase()} please`, { page, from: follower });
    expect(first.status).toBe(200);
    const [reply] = await waitForReplies(page, 1);
    expect(reply).toMatchObject({ kind: "private_reply", recipient: { comment_id: first.comment_id } });
    expect(reply.text).toContain(`${trigger.short_url}?s=fb_comment`);
    expect(reply.text).toContain(campaign.product_name);

    // Meta delivers the same event again: nothing is sent again; a second comment shows the webhook kept working.
    expect((await redeliver({ comment_id: first.comment_id })).status).toBe(200);
    const second = await comment(`${trigger.keyword}!`, { page });
    const replies = await waitForReplies(page, 2);
    expect(replies.map((r) => r.recipient)).toEqual([
      { comment_id: first.comment_id },
      { comment_id: second.comment_id },
    ]);

    const events = await finishedActivity(creator, 2);
    expect(events[1]).toMatchObject({
      platform: "facebook",
      kind: "comment",
      keyword: trigger.keyword,
      campaign_name: campaign.product_name,
      from_username: follower,
      outcome: "sent",
      attempts: 1,
    });
  });

  it("ignores the Page's own comments", async () => {
    const { creator, trigger, page } = await connectedCreator();
    await comment(trigger.keyword, { page, from: page });
    await comment(`${trigger.keyword} too`, { page });
    const replies = await waitForReplies(page, 1);
    expect(replies).toHaveLength(1);
    const events = await finishedActivity(creator, 1);
    expect(events).toHaveLength(1);
  });

  it("answers a Messenger keyword inside the 24-hour window, and records Meta's refusal outside it", async () => {
    const { creator, trigger, page } = await connectedCreator();
    const inside = await message(`សួស្តី ខ្ញុំចង់បាន${trigger.keyword}`, { page, from: uniqueName("Dara") });
    const [reply] = await waitForReplies(page, 1);
    expect(reply).toMatchObject({ kind: "message", recipient: { id: inside.psid } });
    expect(reply.text).toContain(`${trigger.short_url}?s=fb_dm`);

    await message(trigger.keyword, { page, from: uniqueName("Vanna"), age_hours: 25 });
    const events = await finishedActivity(creator, 2);
    expect(events.map((e) => [e.platform, e.kind, e.outcome])).toEqual([
      ["facebook", "dm", "failed"],
      ["facebook", "dm", "sent"],
    ]);
    expect(events[0]).toMatchObject({ error_code: 10, attempts: 1 });
    expect(events[0].error_message).toEqual(expect.any(String));
  });

  it("ignores an echo of what the Page sent", async () => {
    const { creator, trigger, pageId } = await connectedCreator();
    const echo = JSON.stringify({
      object: "page",
      entry: [
        {
          id: pageId,
          time: Date.now(),
          messaging: [
            {
              sender: { id: pageId },
              recipient: { id: "700" },
              timestamp: Date.now(),
              message: { mid: `m_${randomUUID()}`, text: trigger.keyword, is_echo: true, app_id: 1 },
            },
          ],
        },
      ],
    });
    expect((await controlCall("raw-webhook", { body: echo })).body.status).toBe(200);
    expect(await activity(creator)).toEqual([]);
  });

  it("marks the Page when Facebook refuses its token (the password changed), tells the influencer's Telegram, until the Page is connected again", async () => {
    const { creator, trigger, person, page } = await connectedCreator();
    const { chatId } = await linkChat(creator.token, "en");
    const connection = async () => (await api("GET", "/facebook/page", { token: creator.token })).body.facebook;
    expect((await connection()).token_refused_at).toBeNull();
    expect((await controlCall("change-password", { user: person })).status).toBe(200);

    await comment(trigger.keyword, { page });
    const [failed] = await finishedActivity(creator, 1);
    expect(failed).toMatchObject({ platform: "facebook", outcome: "failed", error_code: 190, attempts: 1 });
    expect(failed.error_message).toContain("the user changed their password");
    const refused = await connection();
    expect(refused).toMatchObject({ page_name: page, token_refused_at: expect.any(String) });
    // The webhook does not drain the Telegram outbox: the minute's job does, as here.
    await fetch(`${stackUrl()}/functions/v1/telegram-webhook/drain`, {
      method: "POST",
      headers: { apikey: LOCAL_SECRET_KEY },
    });
    expect((await messageWith(chatId, "no longer accepts")).text).toBe(
      `⚠️ Facebook no longer accepts the connection of your Page ${page}, so its comments and Messenger messages get no reply. Open your dashboard and press Connect again.`,
    );

    const again = await logIn(creator, person, [page]);
    expect(again.status).toBe(200);
    expect(again.body.facebook).toMatchObject({ page_name: page, token_refused_at: null });
    await comment(trigger.keyword, { page });
    expect(await waitForReplies(page, 1)).toHaveLength(1);
    expect((await finishedActivity(creator, 2))[0]).toMatchObject({ outcome: "sent" });
  });

  it("retries Meta's throttling with backoff", async () => {
    const { creator, trigger, page } = await connectedCreator();
    await throttle(page, 2);
    await comment(trigger.keyword, { page });
    expect(await waitForReplies(page, 1)).toHaveLength(1);
    expect((await finishedActivity(creator, 1))[0]).toMatchObject({ outcome: "sent", attempts: 3 });
  }, 30_000);
});

describe("attribution", () => {
  it("counts the clicks of a comment's and a message's reply under fb_comment and fb_dm", async () => {
    const { creator, trigger, page } = await connectedCreator();
    await comment(trigger.keyword, { page });
    await message(trigger.keyword, { page });
    const replies = await waitForReplies(page, 2);
    for (const reply of replies) {
      const url = new URL(reply.text.match(/https?:\/\/\S+/)![0]);
      const visit = await fetch(`${stackUrl()}${url.pathname}${url.search}`, {
        redirect: "manual",
        headers: { "user-agent": `${iPhone} fb-${Math.random()}` },
      });
      expect(visit.status).toBe(302);
    }
    const stats = await api("GET", "/affiliate-links/stats", { token: creator.token });
    expect(stats.body.totals.by_source.fb_comment.clicks).toBe(1);
    expect(stats.body.totals.by_source.fb_dm.clicks).toBe(1);
  });
});
