// The Hono app called in-process (app.fetch) against the real database named by DATABASE_URL
// (npm test provides a fresh one with the migrations applied).
import assert from "node:assert/strict";
import postgres from "postgres";
import { connect } from "../_shared/db.ts";
import { loadSigningKey } from "../_shared/tokens.ts";
import { createApp } from "./app.ts";

const databaseUrl = Deno.env.get("DATABASE_URL");
if (!databaseUrl) throw new Error("DATABASE_URL must name a migrated test database (npm test sets it)");
// A key made for this run, in the form the Supabase CLI prints it.
const testKey = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"]);
const signingKey = await loadSigningKey(
  JSON.stringify({
    ...(await crypto.subtle.exportKey("jwk", testKey.privateKey)),
    kid: "test-key",
    alg: "ES256",
    use: "sig",
    key_ops: ["sign", "verify"],
  }),
);
const db = connect(databaseUrl);
// Test set-up writes directly, as the database owner, outside the function's transactions.
const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
const app = createApp({
  sql: db,
  signingKey,
  supabaseUrl: "http://127.0.0.1:1",
  secretKeys: { current: "sb_secret_unit", all: ["sb_secret_unit"] },
  appUrl: "http://app.local",
  instagram: null,
});
const unique = crypto.randomUUID().slice(0, 8);

function call(method: string, path: string, opts: { body?: unknown; token?: string; address?: string } = {}) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.address) headers["x-forwarded-for"] = opts.address;
  return app.fetch(
    new Request(`http://function.local/api${path}`, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    }),
  );
}

const sanitize = { sanitizeOps: false, sanitizeResources: false };

Deno.test({
  name: "register, sign in and read the own account",
  ...sanitize,
  fn: async () => {
    const email = `shop-${unique}@example.com`;
    const registered = await call("POST", "/auth/register/business", {
      body: {
        email,
        password: "longenough",
        social_media_page: "https://facebook.com/shop",
        store_phone: "012 345 678",
      },
    });
    assert.deepStrictEqual(registered.status, 201);
    const { token, user } = await registered.json();
    assert.deepStrictEqual(
      [user.email, user.status, user.is_approved, user.store_phone],
      [email, "pending_approval", false, "+85512345678"],
    );

    const me = await call("GET", "/auth/me", { token });
    assert.deepStrictEqual(me.status, 200);
    assert.deepStrictEqual((await me.json()).user.id, user.id);

    const login = await call("POST", "/auth/login", {
      body: { email: email.toUpperCase(), password: "longenough" },
      address: `10.0.0.${unique.length}`,
    });
    assert.deepStrictEqual(login.status, 200);
    assert(typeof (await login.json()).token === "string");
  },
});

Deno.test({
  name: "an admin decides once; others are refused",
  ...sanitize,
  fn: async () => {
    await sql`select private.create_admin(${`admin-${unique}@example.com`}, 'adminpassword')`;
    const admin = await (
      await call("POST", "/auth/login", { body: { email: `admin-${unique}@example.com`, password: "adminpassword" } })
    ).json();
    const influencer = await (
      await call("POST", "/auth/register/influencer", {
        body: {
          full_name: "Dara",
          email: `dara-${unique}@example.com`,
          password: "longenough",
          platform: "instagram",
          social_media_page: "@dara",
        },
      })
    ).json();

    assert.deepStrictEqual((await call("GET", "/admin/users", { token: influencer.token })).status, 403);
    const list = await (await call("GET", "/admin/users", { token: admin.token })).json();
    assert(list.users.some((u: { id: string }) => u.id === influencer.user.id));

    const approve = await call("PUT", `/admin/users/${influencer.user.id}/status`, {
      token: admin.token,
      body: { status: "approved" },
    });
    assert.deepStrictEqual(approve.status, 200);
    assert.deepStrictEqual((await approve.json()).user.status, "approved");
    const again = await call("PUT", `/admin/users/${influencer.user.id}/status`, {
      token: admin.token,
      body: { status: "rejected", reason: "Second thoughts" },
    });
    assert.deepStrictEqual(again.status, 409);
    assert.deepStrictEqual((await again.json()).message, "User is already approved");
    // The old token still says is_approved false: the server reads approval from the database.
    assert.deepStrictEqual(
      (await (await call("GET", "/auth/me", { token: influencer.token })).json()).user.is_approved,
      true,
    );
  },
});

Deno.test({
  name: "failed sign-ins from one address are slowed, then refused",
  ...sanitize,
  fn: async () => {
    const address = `192.0.2.${Math.floor(Math.random() * 200) + 1}`;
    let lastStatus = 0;
    let slowed = false;
    for (let attempt = 0; attempt < 50; attempt++) {
      const started = Date.now();
      // A different unknown email each time: only the address ties them together.
      const res = await call("POST", "/auth/login", {
        body: { email: `guess-${attempt}-${unique}@example.com`, password: "wrong" },
        address,
      });
      lastStatus = res.status;
      assert.deepStrictEqual(res.status, 401);
      assert.deepStrictEqual((await res.json()).message, "Invalid email or password");
      if (attempt >= 3 && Date.now() - started >= 250) slowed = true;
      if (attempt >= 5) break; // enough to see the delay; fill the rest directly
    }
    assert(slowed, "failures past the free ones are answered slowly");
    await sql`insert into private.login_failures (email, client_ip)
            select 'x' || g || ${unique} || '@example.com', ${address} from generate_series(1, 50) g`;
    const refused = await call("POST", "/auth/login", {
      body: { email: "someone@example.com", password: "wrong" },
      address,
    });
    assert.deepStrictEqual(refused.status, 429);
    assert.deepStrictEqual(refused.headers.get("retry-after"), "900");
    assert.deepStrictEqual(lastStatus, 401);
  },
});

Deno.test({
  name: "an admin reads and sets the riel rate, others are refused, and the checkout shows it",
  ...sanitize,
  fn: async () => {
    // Sign-ups are limited per address: one of its own, so reruns on one database never meet the limit.
    const signUpAddress = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    const [{ riel_per_usd: original }] = await sql<{ riel_per_usd: number }[]>`
      select riel_per_usd from public.marketplace_settings`;
    await sql`select private.create_admin(${`rate-admin-${unique}@example.com`}, 'adminpassword')`;
    const admin = await (
      await call("POST", "/auth/login", {
        body: { email: `rate-admin-${unique}@example.com`, password: "adminpassword" },
      })
    ).json();
    const shop = await (
      await call("POST", "/auth/register/business", {
        body: {
          email: `rate-shop-${unique}@example.com`,
          password: "longenough",
          social_media_page: "https://facebook.com/shop",
          store_phone: "012 345 678",
        },
        address: signUpAddress,
      })
    ).json();
    try {
      const read = await call("GET", "/admin/settings", { token: admin.token });
      assert.deepStrictEqual(read.status, 200);
      assert.deepStrictEqual((await read.json()).settings.riel_per_usd, original);

      const saved = await call("PUT", "/admin/settings", { token: admin.token, body: { riel_per_usd: 4250 } });
      assert.deepStrictEqual(saved.status, 200);
      const savedBody = await saved.json();
      assert.deepStrictEqual(
        [savedBody.message, savedBody.settings.riel_per_usd, savedBody.settings.updated_by],
        ["Settings saved", 4250, admin.user.id],
      );

      const bad = await call("PUT", "/admin/settings", { token: admin.token, body: { riel_per_usd: 999 } });
      assert.deepStrictEqual(
        [bad.status, await bad.json()],
        [
          400,
          {
            error: "invalid_input",
            message: "riel_per_usd must be a whole number from 1000 to 10000",
            field: "riel_per_usd",
          },
        ],
      );
      const refused = await call("PUT", "/admin/settings", { token: shop.token, body: { riel_per_usd: 4000 } });
      assert.deepStrictEqual(
        [refused.status, await refused.json()],
        [403, { error: "forbidden", message: "Only admins can use the admin tools" }],
      );
      assert.deepStrictEqual((await call("GET", "/admin/settings")).status, 401);

      // A customer's checkout page for a link of the shop's campaign carries the saved rate.
      const [{ id: campaignId }] = await sql<{ id: string }[]>`
        insert into public.campaigns (business_id, product_name, price_cents, commission_rate, image_urls)
        values (${shop.user.id}, 'Rate test', 2000, 0.1, ${["https://example.com/p.png"]}) returning id`;
      const influencer = await (
        await call("POST", "/auth/register/influencer", {
          body: {
            full_name: "Rate Creator",
            email: `rate-creator-${unique}@example.com`,
            password: "longenough",
            platform: "instagram",
            social_media_page: "@rate",
          },
          address: signUpAddress,
        })
      ).json();
      await sql`insert into public.affiliate_links (influencer_id, campaign_id, status, decided_at)
                values (${influencer.user.id}, ${campaignId}, 'approved', now())`;
      const info = await call("GET", `/checkout/info?influencer_id=${influencer.user.id}&product_id=${campaignId}`);
      assert.deepStrictEqual(info.status, 200);
      assert.deepStrictEqual((await info.json()).riel_per_usd, 4250);
    } finally {
      // Later test layers share this database: leave the rate as it was.
      await sql`update public.marketplace_settings set riel_per_usd = ${original} where id`;
    }
  },
});

Deno.test({
  name: "unknown paths and malformed bodies get the error envelope",
  ...sanitize,
  fn: async () => {
    const missing = await call("GET", "/nope");
    assert.deepStrictEqual(missing.status, 404);
    assert.deepStrictEqual(await missing.json(), { error: "not_found", message: "No such API path" });
    const notJson = await app.fetch(new Request("http://function.local/api/auth/login", { method: "POST", body: "{" }));
    assert.deepStrictEqual(notJson.status, 400);
    assert.deepStrictEqual((await notJson.json()).message, "Request body must be a JSON object");
    await Promise.all([sql.end(), db.end()]);
  },
});
