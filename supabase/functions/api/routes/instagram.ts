// An influencer's Instagram connection and what the keyword automation did with it:
//   GET /instagram/connect    Instagram's authorize URL with a signed, single-use state
//   POST /instagram/connect   the callback page hands back {code, state}: exchange, long-lived
//                             token, the account, webhooks on; the token is stored encrypted
//   GET/DELETE /instagram/account, GET /instagram/activity
import { Hono } from "hono";
import {
  instagramConnectSchema,
  type InstagramAccountResponse,
  type InstagramActivityResponse,
  type InstagramConnectedResponse,
  type InstagramConnectUrlResponse,
  type InstagramDisconnectedResponse,
} from "../../_shared/contract/instagram.ts";
import type { AppDeps } from "../../_shared/context.ts";
import { asService, asUser } from "../../_shared/db.ts";
import { ApiError, sqlStateOf } from "../../_shared/errors.ts";
import { currentToken } from "../../_shared/instagram/accounts.ts";
import { INSTAGRAM_SCOPES, type InstagramConfig } from "../../_shared/instagram/config.ts";
import { exchangeCode, longLivedToken, readAccount, subscribeToWebhooks } from "../../_shared/instagram/meta-api.ts";
import { encryptToken } from "../../_shared/token-cipher.ts";
import { parseJsonBody } from "../../_shared/validation.ts";
import type { AppEnv } from "../lib/app-env.ts";
import { consumeConnectState, newConnectState, talkToMeta } from "../lib/meta-connect.ts";
import {
  readInstagramAccount,
  readInstagramActivity,
  toInstagramAccountJson,
  toInstagramEventJson,
} from "../read-models/instagram.ts";

const STALE_STATE = "This Instagram link has expired or was already used. Connect Instagram again.";

export function instagramRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  const configured = (): InstagramConfig => {
    if (!deps.instagram) throw new ApiError("unavailable", "Instagram is not set up on this marketplace yet");
    return deps.instagram;
  };
  const redirectUri = `${deps.appUrl}/influencer/instagram/callback`;

  // GET /instagram/connect - where to send the influencer to allow access
  app.get("/connect", async (c) => {
    const config = configured();
    const user = c.get("user");
    const params = new URLSearchParams({
      client_id: config.appId,
      redirect_uri: redirectUri,
      response_type: "code",
      scope: INSTAGRAM_SCOPES.join(","),
      state: await newConnectState(deps, "instagram_connect", user.id),
    });
    return c.json({ url: `${config.authorizeUrl}?${params}` } satisfies InstagramConnectUrlResponse);
  });

  // POST /instagram/connect - finish connecting with what Instagram handed the callback page
  app.post("/connect", async (c) => {
    const config = configured();
    const user = c.get("user");
    const input = await parseJsonBody(c, instagramConnectSchema);
    await consumeConnectState(deps, "instagram_connect", input.state, user.id, STALE_STATE);

    const account = await talkToMeta("Instagram", async () => {
      const short = await exchangeCode(config, input.code, redirectUri);
      const token = await longLivedToken(config, short.access_token);
      const me = await readAccount(config, token.accessToken);
      await subscribeToWebhooks(config, token.accessToken);
      return { token, igUserId: String(me.user_id), username: me.username };
    });

    const ciphertext = await encryptToken(config.tokenKey, account.token.accessToken);
    try {
      await asService(
        deps.sql,
        (tx) => tx`
          insert into public.instagram_accounts
            (influencer_id, ig_user_id, username, token_ciphertext, token_expires_at, token_issued_at)
          values (${user.id}, ${account.igUserId}, ${account.username}, ${ciphertext},
                  ${account.token.expiresAt.toISOString()}, now())
          on conflict (influencer_id) do update
          set ig_user_id = excluded.ig_user_id, username = excluded.username,
              token_ciphertext = excluded.token_ciphertext, token_expires_at = excluded.token_expires_at,
              token_issued_at = excluded.token_issued_at, connected_at = now()`,
      );
    } catch (error) {
      if (sqlStateOf(error) === "23505") {
        throw new ApiError("conflict", `@${account.username} is already connected to another influencer's account`);
      }
      throw error;
    }
    const row = await asUser(deps.sql, c.get("claims"), (tx) => readInstagramAccount(tx, user.id));
    if (!row) throw new Error("the account just saved cannot be read back");
    return c.json({
      message: "Instagram connected",
      instagram: toInstagramAccountJson(row),
    } satisfies InstagramConnectedResponse);
  });

  // GET /instagram/account - the connected account, never its token
  app.get("/account", async (c) => {
    const user = c.get("user");
    const row = await asUser(deps.sql, c.get("claims"), (tx) => readInstagramAccount(tx, user.id));
    // A refusal met by this refresh reaches the open card as the account's live event.
    if (row && deps.instagram) await keepTokenFresh(deps, deps.instagram, user.id);
    return c.json({ instagram: row ? toInstagramAccountJson(row) : null } satisfies InstagramAccountResponse);
  });

  // DELETE /instagram/account - disconnect: the token is deleted, events for it are ignored
  app.delete("/account", async (c) => {
    const user = c.get("user");
    const deleted = await asService(
      deps.sql,
      (tx) => tx`delete from public.instagram_accounts where influencer_id = ${user.id} returning 1`,
    );
    if (deleted.length === 0) throw new ApiError("not_found", "No Instagram account is connected");
    return c.json({ message: "Instagram disconnected" } satisfies InstagramDisconnectedResponse);
  });

  // GET /instagram/activity - the newest keyword comments and DMs and what they got
  app.get("/activity", async (c) => {
    const user = c.get("user");
    const rows = await asUser(deps.sql, c.get("claims"), (tx) => readInstagramActivity(tx, user.id));
    return c.json({ events: rows.map(toInstagramEventJson) } satisfies InstagramActivityResponse);
  });

  return app;
}

/** Dashboard visits refresh a token that is a day old, so an account with few events keeps working. */
async function keepTokenFresh(deps: AppDeps, config: InstagramConfig, influencerId: string) {
  const [stored] = await asService(
    deps.sql,
    (tx) => tx<{ influencer_id: string; token_ciphertext: string; token_issued_at: string }[]>`
      select influencer_id, token_ciphertext, token_issued_at from public.instagram_accounts
      where influencer_id = ${influencerId}`,
  );
  if (stored) await currentToken(deps.sql, config, stored);
}
