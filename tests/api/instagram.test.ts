// Instagram keyword automation through the gateway, the real api and instagram-webhook functions,
// real Postgres and the stack's Meta fake: connecting an account (with forged and reused states),
// the webhook's handshake and signatures, keyword comments and DMs answered with the short link
// exactly once, what is skipped and why, Meta's refusals and throttling, and the templates.
import { beforeAll, describe, expect, it } from "vitest";
import { LOCAL_INSTAGRAM, LOCAL_SECRET_KEY } from "../../local-stack/keys.ts";
import { api } from "../helpers/api.ts";
import {
  type Account,
  apply,
  business,
  createCampaign,
  deactivate,
  decideLink,
  influencer,
} from "../helpers/accounts.ts";
import {
  allowOnInstagram,
  connectInstagram,
  failNextSends,
  metaFakeUrl,
  rawWebhook,
  redeliver,
  repliesOf,
  simulateComment,
  simulateDm,
  uniqueUsername,
} from "../helpers/meta-fake.ts";
import { fixtureDb } from "../helpers/db-fixtures.ts";
import { stackUrl } from "../helpers/stack.ts";

const STALE_STATE = "This Instagram link has expired or was already used. Connect Instagram again.";

let shop: Account;
beforeAll(async () => {
  shop = await business();
});

/** An approved influencer with an approved link (keyword from the product's first word) and Instagram connected. */
async function connectedCreator(productName = `Silk${Math.random().toString(36).slice(2, 6)} Scarf`) {
  const creator = await influencer();
  const campaign = await createCampaign(shop, { product_name: productName });
  const link = await apply(creator, campaign.id);
  await decideLink(link.id, "approve");
  const [trigger] = (await api("GET", "/keyword-triggers/my-triggers", { token: creator.token })).body.triggers;
  const { username } = await connectInstagram(creator);
  return { creator, campaign, trigger, username };
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

describe("connecting Instagram", () => {
  it("gives an approved influencer Instagram's authorize URL with a signed state", async () => {
    const creator = await influencer();
    const res = await api("GET", "/instagram/connect", { token: creator.token });
    expect(res.status).toBe(200);
    const url = new URL(res.body.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${metaFakeUrl()}/www/oauth/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: LOCAL_INSTAGRAM.appId,
      redirect_uri: `${stackUrl()}/influencer/instagram/callback`,
      response_type: "code",
      scope: "instagram_business_basic,instagram_business_manage_comments,instagram_business_manage_messages",
      state: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
    });
  });

  it("refuses other callers", async () => {
    const [pending, shopOwner] = await Promise.all([influencer("pending"), business()]);
    expect((await api("GET", "/instagram/connect")).status).toBe(401);
    const refused = await api("GET", "/instagram/connect", { token: pending.token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      "Your account is pending admin approval. You can connect Instagram once it is approved.",
    );
    expect((await api("GET", "/instagram/connect", { token: shopOwner.token })).status).toBe(403);
  });

  it("connects with the code and state the callback receives, and shows the account without its token", async () => {
    const creator = await influencer();
    const username = uniqueUsername();
    const start = await api("GET", "/instagram/connect", { token: creator.token });
    const query = await allowOnInstagram(start.body.url, username);
    const res = await api("POST", "/instagram/connect", {
      token: creator.token,
      body: { code: query.get("code"), state: query.get("state") },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: "Instagram connected",
      instagram: {
        username,
        user_id: expect.stringMatching(/^\d+$/),
        connected_at: expect.any(String),
        token_refused_at: null,
      },
    });
    const account = await api("GET", "/instagram/account", { token: creator.token });
    expect(account.body).toEqual({ instagram: res.body.instagram });

    // Meta now sends this account's comments and DMs: the app subscribed it.
    const accounts = await fetch(`${metaFakeUrl()}/_fake/accounts`).then((r) => r.json());
    const subscribed = accounts.accounts.find((a: { username: string }) => a.username === username);
    expect(subscribed.subscribed_fields.sort()).toEqual(["comments", "messages"]);
  });

  it("refuses a reused, forged or someone else's state with 400, and Meta's refusal of a bad code", async () => {
    const [creator, other] = await Promise.all([influencer(), influencer()]);
    const start = await api("GET", "/instagram/connect", { token: creator.token });
    const query = await allowOnInstagram(start.body.url, uniqueUsername());
    const state = query.get("state")!;

    const someoneElses = await api("POST", "/instagram/connect", {
      token: other.token,
      body: { code: query.get("code"), state },
    });
    expect(someoneElses.status).toBe(400);
    expect(someoneElses.body).toMatchObject({ message: STALE_STATE, field: "state" });

    const [header, payload, signature] = state.split(".");
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, "base64url").toString()), sub: other.user.id }),
    ).toString("base64url");
    const forged = await api("POST", "/instagram/connect", {
      token: other.token,
      body: { code: query.get("code"), state: `${header}.${forgedPayload}.${signature}` },
    });
    expect(forged.status).toBe(400);
    expect(forged.body.field).toBe("state");

    const badCode = await api("POST", "/instagram/connect", {
      token: creator.token,
      body: { code: "not-a-code", state },
    });
    expect(badCode.status).toBe(400);
    expect(badCode.body.field).toBe("code");
    expect(badCode.body.message).toMatch(/^Instagram refused the connection: /);

    // That attempt used the state up: it works once, whatever happened next.
    const reused = await api("POST", "/instagram/connect", {
      token: creator.token,
      body: { code: query.get("code"), state },
    });
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({ message: STALE_STATE, field: "state" });
    expect((await api("GET", "/instagram/account", { token: creator.token })).body).toEqual({ instagram: null });
  });

  it("refuses an Instagram account already connected to another influencer", async () => {
    const [first, second] = await Promise.all([influencer(), influencer()]);
    const { username } = await connectInstagram(first);
    const start = await api("GET", "/instagram/connect", { token: second.token });
    const query = await allowOnInstagram(start.body.url, username);
    const res = await api("POST", "/instagram/connect", {
      token: second.token,
      body: { code: query.get("code"), state: query.get("state") },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`@${username} is already connected to another influencer's account`);
  });

  it("disconnects", async () => {
    const creator = await influencer();
    await connectInstagram(creator);
    const res = await api("DELETE", "/instagram/account", { token: creator.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Instagram disconnected" });
    expect((await api("GET", "/instagram/account", { token: creator.token })).body).toEqual({ instagram: null });
    const again = await api("DELETE", "/instagram/account", { token: creator.token });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe("No Instagram account is connected");
  });
});

describe("the webhook", () => {
  const webhook = `/functions/v1/instagram-webhook`;

  it("answers Meta's handshake with the challenge, and 403 to a wrong verify token", async () => {
    const params = (token: string) =>
      new URLSearchParams({ "hub.mode": "subscribe", "hub.verify_token": token, "hub.challenge": "1158201444" });
    const ok = await fetch(`${stackUrl()}${webhook}?${params(LOCAL_INSTAGRAM.verifyToken)}`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("1158201444");
    const wrong = await fetch(`${stackUrl()}${webhook}?${params("guess")}`);
    expect(wrong.status).toBe(403);
  });

  it("refuses a bad or missing signature and records nothing", async () => {
    const { creator, username, trigger } = await connectedCreator();
    const accounts = await fetch(`${metaFakeUrl()}/_fake/accounts`).then((r) => r.json());
    const accountId = accounts.accounts.find((a: { username: string }) => a.username === username).user_id;
    const body = JSON.stringify({
      object: "instagram",
      entry: [
        {
          id: accountId,
          time: 1,
          changes: [
            { field: "comments", value: { id: "forged-1", text: trigger.keyword, from: { id: "1", username: "x" } } },
          ],
        },
      ],
    });
    expect((await rawWebhook(body, `sha256=${"0".repeat(64)}`)).webhook_status).toBe(401);
    expect((await rawWebhook(body, null)).webhook_status).toBe(401);
    expect(await activity(creator)).toEqual([]);
  });

  it("answers a keyword comment with a private reply holding the short link, once", async () => {
    const { creator, campaign, trigger, username } = await connectedCreator();
    const comment = await simulateComment(username, `Price? ${trigger.keyword.toLowerCase()} please`, {
      from_username: "sokha.buys",
    });
    expect(comment.webhook_status).toBe(200);
    const [reply] = await repliesOf(username, 1);
    expect(reply.recipient).toEqual({ comment_id: comment.comment_id });
    expect(reply.text).toContain(`${trigger.short_url}?s=comment`);
    expect(reply.text).toContain(campaign.product_name);
    expect(reply.text).not.toContain("{link}");

    // Meta delivers the same event again: nothing is sent again. A second comment shows the
    // webhook kept working meanwhile.
    expect((await redeliver({ comment_id: comment.comment_id })).webhook_status).toBe(200);
    const second = await simulateComment(username, `${trigger.keyword}!`);
    const replies = await repliesOf(username, 2);
    expect(replies.map((r) => r.recipient.comment_id)).toEqual([comment.comment_id, second.comment_id]);

    const events = await finishedActivity(creator, 2);
    expect(events[1]).toMatchObject({
      kind: "comment",
      keyword: trigger.keyword,
      campaign_name: campaign.product_name,
      from_username: "sokha.buys",
      outcome: "sent",
      skip_reason: null,
      attempts: 1,
    });
  });

  it("answers a keyword DM with a DM, and ignores the echo of its own reply", async () => {
    const { creator, trigger, username } = await connectedCreator();
    const dm = await simulateDm(username, `សួស្តី ខ្ញុំចង់បាន${trigger.keyword}`);
    const [reply] = await repliesOf(username, 1);
    expect(reply.recipient).toEqual({ id: dm.sender_id });
    expect(reply.text).toContain(`${trigger.short_url}?s=dm`);
    // The echo of that DM came back to the webhook; a later DM shows it was not taken as an event.
    await simulateDm(username, trigger.keyword, { from_id: dm.sender_id });
    await repliesOf(username, 2);
    const events = await finishedActivity(creator, 2);
    expect(events.map((e) => [e.kind, e.outcome])).toEqual([
      ["dm", "sent"],
      ["dm", "sent"],
    ]);
  });

  it("skips what holds no keyword, a switched-off trigger and an inactive campaign, sending nothing", async () => {
    const { creator, campaign, trigger, username } = await connectedCreator();
    await simulateComment(username, `${trigger.keyword}Y is not a word of ours`);
    const off = await api("PUT", `/keyword-triggers/${trigger.id}`, {
      token: creator.token,
      body: { is_active: false },
    });
    expect(off.status).toBe(200);
    await simulateComment(username, trigger.keyword);
    await deactivate(shop, campaign.id);
    await simulateDm(username, trigger.keyword);

    const events = await finishedActivity(creator, 3);
    expect(events.map((e) => [e.outcome, e.skip_reason, e.keyword])).toEqual([
      ["skipped", "campaign_inactive", trigger.keyword],
      ["skipped", "trigger_off", trigger.keyword],
      ["skipped", "no_keyword", null],
    ]);
    expect(await repliesOf(username, 0)).toEqual([]);
  });

  it("ignores the events of an account no influencer has connected any more", async () => {
    const { creator, trigger, username } = await connectedCreator();
    expect((await api("DELETE", "/instagram/account", { token: creator.token })).status).toBe(200);
    const comment = await simulateComment(username, trigger.keyword);
    // Meta still delivers (the subscription is Meta's); the webhook takes it and does nothing.
    expect(comment.webhook_status).toBe(200);
    expect(await activity(creator)).toEqual([]);
    expect(await repliesOf(username, 0)).toEqual([]);
  });

  it("records Meta's refusal of a DM outside the 24-hour window", async () => {
    const { creator, trigger, username } = await connectedCreator();
    await simulateDm(username, trigger.keyword, { age_seconds: 25 * 3600 });
    const [event] = await finishedActivity(creator, 1);
    expect(event).toMatchObject({ outcome: "failed", error_code: 10, attempts: 1 });
    expect(event.error_message).toEqual(expect.any(String));
  });

  it("marks the account when Instagram refuses its token, until the influencer connects again", async () => {
    const { creator, trigger, username } = await connectedCreator();
    const account = async () => (await api("GET", "/instagram/account", { token: creator.token })).body.instagram;
    expect((await account()).token_refused_at).toBeNull();
    // Sixty-one days pass for Meta only: the token has expired there, while ours still looks new
    // (so it is not refreshed first).
    const aged = await fetch(`${metaFakeUrl()}/_fake/age-tokens`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ account: username, seconds: 61 * 86400 }),
    });
    expect(aged.status).toBe(200);
    await simulateComment(username, trigger.keyword);
    const [failed] = await finishedActivity(creator, 1);
    expect(failed).toMatchObject({ outcome: "failed", error_code: 190, attempts: 1 });
    const refusedAt = (await account()).token_refused_at;
    // Marked while the reply was being sent: after the event arrived, before it was finished.
    expect(Date.parse(refusedAt)).toBeGreaterThanOrEqual(Date.parse(failed.received_at));
    expect(Date.parse(refusedAt)).toBeLessThanOrEqual(Date.parse(failed.finished_at));

    // A second refusal keeps the first one's time.
    await simulateComment(username, trigger.keyword);
    await finishedActivity(creator, 2);
    expect((await account()).token_refused_at).toBe(refusedAt);

    await connectInstagram(creator, username);
    expect((await account()).token_refused_at).toBeNull();
    await simulateComment(username, trigger.keyword);
    expect(await repliesOf(username, 1)).toHaveLength(1);
    expect((await finishedActivity(creator, 3))[0]).toMatchObject({ outcome: "sent" });
  });

  // The waits between attempts are the webhook's INSTAGRAM_REPLY_RETRY_DELAYS_MS: npm test's stack
  // sets milliseconds (local-stack/test-all.ts); a stack with the production 1, 2 and 4 s takes 10 s.
  it("retries Meta's throttling with backoff, and gives up after four attempts", async () => {
    const { creator, trigger, username } = await connectedCreator();
    await failNextSends(username, 2);
    await simulateComment(username, trigger.keyword);
    expect(await repliesOf(username, 1)).toHaveLength(1);
    expect((await finishedActivity(creator, 1))[0]).toMatchObject({ outcome: "sent", attempts: 3 });

    await failNextSends(username, 10);
    await simulateComment(username, trigger.keyword);
    const [latest] = await finishedActivity(creator, 2);
    expect(latest).toMatchObject({ outcome: "failed", attempts: 4, error_code: expect.any(Number) });
  }, 30_000);

  it("refreshes a token that is a day old before replying with it", async () => {
    const { creator, trigger, username } = await connectedCreator();
    const sql = fixtureDb();
    try {
      // Two days pass, for Meta (its tokens) and for us (when ours was issued).
      const aged = await fetch(`${metaFakeUrl()}/_fake/age-tokens`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ account: username, seconds: 2 * 86400 }),
      });
      expect(aged.status).toBe(200);
      const [before] = await sql`
        update public.instagram_accounts set token_issued_at = now() - interval '2 days'
        where influencer_id = ${creator.user.id} returning token_ciphertext`;
      await simulateComment(username, trigger.keyword);
      expect(await repliesOf(username, 1)).toHaveLength(1);
      const [after] = await sql`
        select token_ciphertext, token_issued_at > now() - interval '1 minute' as fresh
        from public.instagram_accounts where influencer_id = ${creator.user.id}`;
      expect(after.fresh).toBe(true);
      expect(after.token_ciphertext).not.toBe(before.token_ciphertext);
    } finally {
      await sql.end();
    }
  });

  it("refreshes the week-old token of a quiet account when the scheduled job calls with a secret key as apikey", async () => {
    const { creator, username } = await connectedCreator();
    const sql = fixtureDb();
    try {
      await fetch(`${metaFakeUrl()}/_fake/age-tokens`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ account: username, seconds: 8 * 86400 }),
      });
      await sql`update public.instagram_accounts set token_issued_at = now() - interval '8 days'
                where influencer_id = ${creator.user.id}`;
      const refresh = (headers: Record<string, string> = {}) =>
        fetch(`${stackUrl()}${webhook}/refresh-tokens`, { method: "POST", headers });
      expect((await refresh()).status).toBe(401);
      expect((await refresh({ apikey: "sb_secret_not-the-key" })).status).toBe(401);
      // A secret key is not a bearer token: only the apikey header counts.
      expect((await refresh({ authorization: `Bearer ${LOCAL_SECRET_KEY}` })).status).toBe(401);
      const res = await refresh({ apikey: LOCAL_SECRET_KEY });
      expect(res.status).toBe(200);
      expect((await res.json()).refreshed).toBeGreaterThanOrEqual(1);
      const [after] = await sql`
        select token_issued_at > now() - interval '1 minute' as fresh, token_expires_at > now() + interval '59 days' as long
        from public.instagram_accounts where influencer_id = ${creator.user.id}`;
      expect(after).toEqual({ fresh: true, long: true });
    } finally {
      await sql.end();
    }
  });

  it("shows each influencer only their own activity", async () => {
    const first = await connectedCreator();
    const second = await connectedCreator();
    await simulateComment(first.username, first.trigger.keyword);
    await finishedActivity(first.creator, 1);
    expect(await activity(second.creator)).toEqual([]);
    expect((await api("GET", "/instagram/activity", { token: shop.token })).status).toBe(403);
  });
});

describe("PUT /keyword-triggers/{id}", () => {
  it("saves a template whose reply then carries it, filled in", async () => {
    const { creator, campaign, trigger, username } = await connectedCreator();
    const res = await api("PUT", `/keyword-triggers/${trigger.id}`, {
      token: creator.token,
      body: { dm_template_text: "  {product} នៅទីនេះ / here: {link}  " },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: "Keyword reply saved",
      trigger: { ...trigger, dm_template_text: "{product} នៅទីនេះ / here: {link}" },
    });
    await simulateComment(username, trigger.keyword);
    const [reply] = await repliesOf(username, 1);
    expect(reply.text).toBe(`${campaign.product_name} នៅទីនេះ / here: ${trigger.short_url}?s=comment`);
  });

  it("refuses a template without {link}, one too long once filled, and an empty change", async () => {
    const { creator, trigger } = await connectedCreator();
    const put = (body: unknown) => api("PUT", `/keyword-triggers/${trigger.id}`, { token: creator.token, body });
    expect((await put({ dm_template_text: "Order in the bio" })).body).toMatchObject({
      message: "dm_template_text must contain {link}",
      field: "dm_template_text",
    });
    const long = await put({ dm_template_text: `${"x".repeat(990)} {link}` });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(
      "dm_template_text must be at most 1000 characters once {product} and {link} are filled in",
    );
    expect((await put({})).body.message).toBe("Nothing to change: send dm_template_text or is_active");
    expect((await put({ keyword: "FREE" })).body.message).toBe("keyword is not a field you can set here");
  });

  it("lets only the trigger's own influencer change it", async () => {
    const { trigger } = await connectedCreator();
    const other = await influencer();
    const res = await api("PUT", `/keyword-triggers/${trigger.id}`, { token: other.token, body: { is_active: false } });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Keyword reply not found");
    expect(
      (await api("PUT", `/keyword-triggers/${trigger.id}`, { token: shop.token, body: { is_active: false } })).status,
    ).toBe(403);
  });
});
