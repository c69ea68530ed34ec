// Sessions through the API (docs/api.md, "Sessions"): a sign-in answers an access token for an hour
// and a refresh token; POST /auth/refresh rotates both, and a rotated token used again ends the
// session; signing out (one session, one listed session, every session) stops the access token at
// once; a session idle for 30 days ends. The rotation's clock is moved in the database, where a
// test cannot wait 10 seconds or 30 days.
import { decodeJwt } from "jose";
import { afterAll, describe, expect, it } from "vitest";
import { api } from "../helpers/api.ts";
import { influencer } from "../helpers/accounts.ts";
import { fixtureDb } from "../helpers/db-fixtures.ts";

const sql = fixtureDb();
afterAll(() => sql.end());

const phone =
  "Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";
const laptop = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";

interface Tokens {
  token: string;
  refresh_token: string;
  expires_at: number;
}

/** A new influencer signed in on `device` (registration, then a sign-in). */
async function signIn(email: string, device: string): Promise<Tokens> {
  const res = await api("POST", "/auth/login", {
    body: { email, password: "longenough1" },
    headers: { "user-agent": device },
  });
  expect(res.status).toBe(200);
  return res.body;
}

async function account() {
  const registered = await influencer();
  return { email: registered.user.email, id: registered.user.id, registered };
}

const me = (token: string) => api("GET", "/auth/me", { token });
const refresh = (refresh_token: string) => api("POST", "/auth/refresh", { body: { refresh_token } });

/** Moves a refresh token's rotation `seconds` into the past. */
async function rotatedAgo(refreshToken: string, seconds: number) {
  await sql`
    update private.refresh_tokens set rotated_at = now() - make_interval(secs => ${seconds})
    where token_hash = extensions.digest(${refreshToken}, 'sha256')`;
}

describe("signing in", () => {
  it("answers an access token for an hour naming its session, a refresh token and its expiry", async () => {
    const { email, id } = await account();
    const before = Math.floor(Date.now() / 1000);
    const tokens = await signIn(email, phone);
    const claims = decodeJwt(tokens.token);
    expect(claims.sub).toBe(id);
    expect(claims.exp).toBe(tokens.expires_at);
    expect(tokens.expires_at - before).toBeGreaterThanOrEqual(3600);
    expect(tokens.expires_at - before).toBeLessThanOrEqual(3601);
    expect(typeof claims.session_id).toBe("string");
    expect(tokens.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Only the hash is stored.
    const stored = await sql`
      select 1 from private.refresh_tokens
      where token_hash = extensions.digest(${tokens.refresh_token}, 'sha256')
        and session_id = ${claims.session_id as string}`;
    expect(stored.length).toBe(1);
    const plain =
      await sql`select 1 from private.refresh_tokens where encode(token_hash, 'escape') = ${tokens.refresh_token}`;
    expect(plain.length).toBe(0);
  });

  it("a registration starts a session too", async () => {
    const { registered } = await account();
    const res = await api("GET", "/auth/sessions", { token: registered.token });
    expect(res.status).toBe(200);
    expect(res.body.sessions).toHaveLength(1);
    expect(res.body.sessions[0].current).toBe(true);
  });
});

describe("POST /auth/refresh", () => {
  it("swaps the refresh token for a new pair, and the new access token works", async () => {
    const { email } = await account();
    const first = await signIn(email, phone);
    const res = await refresh(first.refresh_token);
    expect(res.status).toBe(200);
    expect(res.body.refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwt(res.body.token).session_id).toBe(decodeJwt(first.token).session_id);
    expect(res.body.user.email).toBe(email);
    expect((await me(res.body.token)).status).toBe(200);
    // The next swap takes the new token.
    expect((await refresh(res.body.refresh_token)).status).toBe(200);
  });

  it("a rotated token used again within 10 seconds (another tab, a lost answer) gets a new pair", async () => {
    const { email } = await account();
    const first = await signIn(email, phone);
    const second = await refresh(first.refresh_token);
    const again = await refresh(first.refresh_token);
    expect(again.status).toBe(200);
    // The session keeps one live token: the newest. The one it replaced is now rotated too, so
    // after the grace window it would count as reuse; within it, it still swaps.
    const live = await sql`
      select count(*)::int as n from private.refresh_tokens t
      where t.session_id = ${decodeJwt(first.token).session_id as string} and t.rotated_at is null`;
    expect(live[0].n).toBe(1);
    expect((await me(second.body.token)).status).toBe(200);
  });

  it("a token rotated over 10 seconds ago, used again, ends the whole session (401)", async () => {
    const { email } = await account();
    const first = await signIn(email, phone);
    const second = await refresh(first.refresh_token);
    await rotatedAgo(first.refresh_token, 11);

    const reused = await refresh(first.refresh_token);
    expect(reused.status).toBe(401);
    expect(reused.body.message).toBe(
      "This sign-in was used on another device, so it was ended to keep your account safe. Please sign in again",
    );
    // Whoever holds the newest pair is out too.
    expect((await refresh(second.body.refresh_token)).status).toBe(401);
    const stopped = await me(second.body.token);
    expect(stopped.status).toBe(401);
    expect(stopped.body.message).toBe("Your session has ended. Please sign in again");
    const [row] = await sql`
      select end_reason from private.sessions where session_id = ${decodeJwt(first.token).session_id as string}`;
    expect(row.end_reason).toBe("refresh_token_reused");
  });

  it("an unknown or malformed refresh token is refused", async () => {
    const unknown = await refresh("A".repeat(43));
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe("Your session has ended. Please sign in again");
    const missing = await api("POST", "/auth/refresh", { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("refresh_token is required");
  });

  it("a session idle for 30 days ends: its refresh token is refused", async () => {
    const { email } = await account();
    const tokens = await signIn(email, phone);
    const sessionId = decodeJwt(tokens.token).session_id as string;
    await sql`update private.sessions set last_used_at = now() - interval '30 days 1 minute' where session_id = ${sessionId}`;
    expect((await refresh(tokens.refresh_token)).status).toBe(401);
    expect((await me(tokens.token)).status).toBe(401);
    const [row] = await sql`select end_reason from private.sessions where session_id = ${sessionId}`;
    expect(row.end_reason).toBe("idle");
  });
});

describe("signing out", () => {
  it("POST /auth/logout ends this session only: its tokens stop at once, the other device stays", async () => {
    const { email } = await account();
    const onPhone = await signIn(email, phone);
    const onLaptop = await signIn(email, laptop);
    const res = await api("POST", "/auth/logout", { token: onPhone.token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Signed out");
    expect((await me(onPhone.token)).status).toBe(401);
    expect((await refresh(onPhone.refresh_token)).status).toBe(401);
    expect((await me(onLaptop.token)).status).toBe(200);
  });

  it("GET /auth/sessions lists the live sessions with their device; DELETE ends one of them", async () => {
    const { email, registered } = await account();
    const onPhone = await signIn(email, phone);
    const onLaptop = await signIn(email, laptop);
    const listed = await api("GET", "/auth/sessions", { token: onLaptop.token });
    expect(listed.status).toBe(200);
    const sessions = listed.body.sessions as { id: string; device: string; current: boolean }[];
    expect(sessions.map((s) => [s.device, s.current])).toEqual([
      ["Firefox on Linux", true],
      ["Chrome on Android", false],
      ["", false],
    ]);
    const phoneSession = decodeJwt(onPhone.token).session_id as string;
    expect(sessions[1].id).toBe(phoneSession);

    expect((await api("DELETE", `/auth/sessions/${phoneSession}`, { token: onLaptop.token })).status).toBe(200);
    expect((await me(onPhone.token)).status).toBe(401);
    // Gone from the list; ending it again, or a session of someone else's, is not found.
    const after = await api("GET", "/auth/sessions", { token: onLaptop.token });
    expect(after.body.sessions).toHaveLength(2);
    const again = await api("DELETE", `/auth/sessions/${phoneSession}`, { token: onLaptop.token });
    expect([again.status, again.body.message]).toEqual([404, "Session not found"]);
    const other = await account();
    const otherSession = decodeJwt(other.registered.token).session_id as string;
    expect((await api("DELETE", `/auth/sessions/${otherSession}`, { token: onLaptop.token })).status).toBe(404);
    expect((await me(other.registered.token)).status).toBe(200);
    expect((await me(registered.token)).status).toBe(200);
  });

  it("POST /auth/logout-all ends every session of the account, and no other account's", async () => {
    const { email, registered } = await account();
    const onPhone = await signIn(email, phone);
    const other = await account();
    const res = await api("POST", "/auth/logout-all", { token: onPhone.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Signed out on every device", ended: 2 });
    expect((await me(onPhone.token)).status).toBe(401);
    expect((await me(registered.token)).status).toBe(401);
    expect((await refresh(onPhone.refresh_token)).status).toBe(401);
    expect((await me(other.registered.token)).status).toBe(200);
  });

  it("signing out needs a live session", async () => {
    expect((await api("POST", "/auth/logout")).status).toBe(401);
    expect((await api("POST", "/auth/logout-all")).status).toBe(401);
    expect((await api("GET", "/auth/sessions")).status).toBe(401);
  });
});
