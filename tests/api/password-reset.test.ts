// Resetting a forgotten password through the API and the email fake (docs/api.md, "POST
// /auth/password-reset"): the same answer for an unknown email, a link by email in the page's
// language and by Telegram to the account's private chats only, a token that works once and for 30
// minutes, a new password that ends every session, and the limits per email and per address.
import { afterAll, describe, expect, it } from "vitest";
import { api, apiFrom, freshLoopbackAddress } from "../helpers/api.ts";
import { business, influencer } from "../helpers/accounts.ts";
import { fixtureDb } from "../helpers/db-fixtures.ts";
import { emailFakeUrl, emailsTo, nthEmailTo, resetTokenIn } from "../helpers/email-fake.ts";
import { linkChat, messageWith, messagesOf } from "../helpers/telegram-fake.ts";
import { uniqueEmail } from "../helpers/stack.ts";

const sql = fixtureDb();
afterAll(() => sql.end());

const requested = {
  message:
    "If an account uses this email, we have sent it a link to choose a new password. The link works once, for 30 minutes.",
};
const linkInvalid = "This link to choose a new password has expired or was already used. Ask for a new one";

const ask = (email: string, language?: string, address = freshLoopbackAddress()) =>
  apiFrom(address, "POST", "/auth/password-reset", { body: language ? { email, language } : { email } });
const confirm = (token: string, new_password: string) =>
  api("POST", "/auth/password-reset/confirm", { body: { token, new_password } });
const signIn = (email: string, password: string) => api("POST", "/auth/login", { body: { email, password } });

describe("POST /auth/password-reset", () => {
  it("answers an unknown email exactly as a known one, and sends it nothing", async () => {
    const account = await influencer();
    const unknown = uniqueEmail("nobody");
    const [known, stranger] = await Promise.all([ask(account.user.email), ask(unknown)]);
    expect([known.status, known.body]).toEqual([202, requested]);
    expect([stranger.status, stranger.body]).toEqual([202, requested]);
    await nthEmailTo(account.user.email);
    expect(await emailsTo(unknown)).toEqual([]);
  });

  it("emails a one-time link in the page's language; the new password ends every session", async () => {
    const account = await influencer();
    expect((await ask(account.user.email, "km")).status).toBe(202);
    const email = await nthEmailTo(account.user.email);
    expect(email.subject).toBe("ជ្រើសរើសពាក្យសម្ងាត់ថ្មីសម្រាប់ ShopLink");
    expect(email.from).toBe("ShopLink <no-reply@shoplink.local>");
    expect(email.text).toContain("&lang=km");
    expect(email.html).toContain("/reset-password?token=");
    const token = resetTokenIn(email);

    const done = await confirm(token, "kampot-pepper-2026");
    expect([done.status, done.body.message]).toEqual([200, "Your password was changed. Please sign in with it."]);
    expect((await api("GET", "/auth/me", { token: account.token })).status).toBe(401);
    expect((await signIn(account.user.email, "longenough1")).status).toBe(401);
    expect((await signIn(account.user.email, "kampot-pepper-2026")).status).toBe(200);

    const again = await confirm(token, "another-pepper-2026");
    expect([again.status, again.body.field, again.body.message]).toEqual([400, "token", linkInvalid]);
  });

  it("refuses a weak new password and keeps the link usable; refuses an expired link", async () => {
    const account = await influencer();
    await ask(account.user.email);
    const token = resetTokenIn(await nthEmailTo(account.user.email));
    const weak = await confirm(token, account.user.email);
    expect([weak.status, weak.body.field, weak.body.message]).toEqual([
      400,
      "new_password",
      "Password must not be your email",
    ]);
    await sql`
      update private.password_resets set expires_at = now() - interval '1 second'
      where token_hash = extensions.digest(${token}, 'sha256')`;
    const expired = await confirm(token, "kampot-pepper-2026");
    expect([expired.status, expired.body.message]).toEqual([400, linkInvalid]);
    expect((await signIn(account.user.email, "longenough1")).status).toBe(200);
  });

  it("a newer link replaces the older one", async () => {
    const account = await influencer();
    await ask(account.user.email);
    const first = resetTokenIn(await nthEmailTo(account.user.email, 1));
    await ask(account.user.email);
    const second = resetTokenIn(await nthEmailTo(account.user.email, 2));
    expect((await confirm(first, "kampot-pepper-2026")).status).toBe(400);
    expect((await confirm(second, "kampot-pepper-2026")).status).toBe(200);
  });

  it("sends the link to the account's private Telegram chats, never to a group", async () => {
    const shop = await business();
    const own = await linkChat(shop.token, "km");
    const group = await linkChat(shop.token, "en", { chat_id: -(7_000_000_000 + Math.floor(Math.random() * 1e9)) });
    await ask(shop.user.email);
    const message = await messageWith(own.chatId, "reset-password?token=");
    expect(message.text).toContain("ជ្រើសរើសពាក្យសម្ងាត់ថ្មី");
    expect(/token=([A-Za-z0-9_-]+)/.exec(message.text)![1]).toBe(resetTokenIn(await nthEmailTo(shop.user.email)));
    // Sent side by side with the private chat's: the group got its link confirmation only.
    expect((await messagesOf(group.chatId, 1)).map((m) => m.text)).toEqual([group.confirmation.text]);
  });

  it("tries the email again when the email API fails or is busy, and the answer never waits for it", async () => {
    const account = await influencer();
    const failNext = (status: number) =>
      fetch(`${emailFakeUrl()}/_fake/fail`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ status, times: 1 }),
      });
    await failNext(500);
    expect((await ask(account.user.email)).status).toBe(202);
    expect(resetTokenIn(await nthEmailTo(account.user.email, 1))).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await failNext(429);
    expect((await ask(account.user.email)).status).toBe(202);
    await nthEmailTo(account.user.email, 2);
    // Each arrived once, though sent twice.
    expect(await emailsTo(account.user.email)).toHaveLength(2);
  });

  it("takes 5 requests an hour for one email and 20 from one address, known or not", async () => {
    const unknown = uniqueEmail("flood");
    for (let i = 0; i < 5; i++) expect((await ask(unknown)).status).toBe(202);
    const sixth = await ask(unknown);
    expect([sixth.status, sixth.body.message]).toEqual([
      429,
      "Too many password reset requests for this email. Please wait an hour and try again.",
    ]);
    const address = freshLoopbackAddress();
    for (let i = 0; i < 20; i++) expect((await ask(uniqueEmail("spray"), undefined, address)).status).toBe(202);
    const refused = await ask(uniqueEmail("spray"), undefined, address);
    expect([refused.status, refused.body.message]).toEqual([
      429,
      "Too many password reset requests from this network. Please wait an hour and try again.",
    ]);
  });
});
