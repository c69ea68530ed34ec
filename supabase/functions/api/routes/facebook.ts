// An influencer's Facebook Page and its keyword automation (the activity is GET /instagram/activity,
// shared by both platforms):
//   GET /facebook/connect    Facebook Login's URL with a signed, single-use state
//   POST /facebook/connect   the callback page hands back {code, state}: exchange, long-lived user
//                            token, the Pages it manages; one is connected at once, several are
//                            offered to pick from (the user token kept sealed for ten minutes)
//   POST /facebook/page      the Page picked: subscribed to feed and messages, its token stored sealed
//   GET/DELETE /facebook/page
import { Hono, type Context } from "hono";
import type { AppDeps } from "../../_shared/context.ts";
import { asService, asUser } from "../../_shared/db.ts";
import { ApiError, constraintOf } from "../../_shared/errors.ts";
import {
  facebookConnectSchema,
  facebookPagePickSchema,
  type FacebookConnectedResponse,
  type FacebookConnectUrlResponse,
  type FacebookDisconnectedResponse,
  type FacebookPage,
  type FacebookPageResponse,
} from "../../_shared/contract/facebook.ts";
import { FACEBOOK_SCOPES, type FacebookConfig } from "../../_shared/facebook/config.ts";
import {
  exchangeCode,
  listPages,
  longLivedUserToken,
  type ManagedPage,
  subscribePage,
  unsubscribePage,
} from "../../_shared/facebook/graph-api.ts";
import { decryptToken, encryptToken } from "../../_shared/token-cipher.ts";
import { parseJsonBody } from "../../_shared/validation.ts";
import type { AppEnv } from "../lib/app-env.ts";
import { consumeConnectState, newConnectState, talkToMeta } from "../lib/meta-connect.ts";

const STALE_STATE = "This Facebook link has expired or was already used. Connect Facebook again.";
const STALE_CHOICE = "Choosing a Page took too long. Connect Facebook again.";

export function facebookRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  const configured = (): FacebookConfig => {
    if (!deps.facebook) throw new ApiError("unavailable", "Facebook is not set up on this marketplace yet");
    return deps.facebook;
  };
  const redirectUri = `${deps.appUrl}/influencer/facebook/callback`;

  // GET /facebook/connect - where to send the influencer to log in and allow access
  app.get("/connect", async (c) => {
    const config = configured();
    const params = new URLSearchParams({
      client_id: config.appId,
      redirect_uri: redirectUri,
      response_type: "code",
      scope: FACEBOOK_SCOPES.join(","),
      state: await newConnectState(deps, "facebook_connect", c.get("user").id),
    });
    return c.json({ url: `${config.dialogUrl}?${params}` } satisfies FacebookConnectUrlResponse);
  });

  // POST /facebook/connect - finish Facebook Login: the one Page, or the Pages to pick from
  app.post("/connect", async (c) => {
    const config = configured();
    const user = c.get("user");
    const input = await parseJsonBody(c, facebookConnectSchema);
    await consumeConnectState(deps, "facebook_connect", input.state, user.id, STALE_STATE);
    const { userToken, pages } = await talkToMeta("Facebook", async () => {
      const userToken = await longLivedUserToken(config, await exchangeCode(config, input.code, redirectUri));
      return { userToken, pages: await listPages(config, userToken) };
    });
    if (pages.length === 0) {
      throw new ApiError(
        "invalid_input",
        "Your Facebook account manages no Page. Create a Page, or ask its admin to add you, then connect again.",
      );
    }
    if (pages.length === 1) return connected(c, config, pages[0]);
    const ciphertext = await encryptToken(config.tokenKey, userToken);
    await asService(
      deps.sql,
      (tx) => tx`
        insert into private.facebook_page_choices (user_id, token_ciphertext) values (${user.id}, ${ciphertext})
        on conflict (user_id) do update
        set token_ciphertext = excluded.token_ciphertext, expires_at = now() + interval '10 minutes'`,
    );
    return c.json({
      message: "Choose the Page to connect",
      facebook: null,
      pages: pages.map(({ id, name }) => ({ id, name })),
    } satisfies FacebookConnectedResponse);
  });

  // POST /facebook/page - the Page picked among those Facebook Login listed
  app.post("/page", async (c) => {
    const config = configured();
    const user = c.get("user");
    const { page_id } = await parseJsonBody(c, facebookPagePickSchema);
    const [choice] = await asService(
      deps.sql,
      (tx) => tx<{ token_ciphertext: string }[]>`
        select token_ciphertext from private.facebook_page_choices where user_id = ${user.id} and expires_at >= now()`,
    );
    if (!choice) throw new ApiError("invalid_input", STALE_CHOICE, "page_id");
    const userToken = await decryptToken(config.tokenKey, choice.token_ciphertext);
    const pages = await talkToMeta("Facebook", () => listPages(config, userToken));
    const page = pages.find((candidate) => candidate.id === page_id);
    if (!page) throw new ApiError("invalid_input", "page_id must be the id of one of your Pages", "page_id");
    const answer = await connected(c, config, page);
    await asService(deps.sql, (tx) => tx`delete from private.facebook_page_choices where user_id = ${user.id}`);
    return answer;
  });

  // GET /facebook/page - the connected Page, never its token
  app.get("/page", async (c) => {
    const page = await readPage(c);
    return c.json({ facebook: page } satisfies FacebookPageResponse);
  });

  // DELETE /facebook/page - disconnect: the app unsubscribed, the token deleted, events ignored
  app.delete("/page", async (c) => {
    const user = c.get("user");
    const [deleted] = await asService(
      deps.sql,
      (tx) => tx<{ page_id: string; token_ciphertext: string }[]>`
        delete from public.facebook_pages where influencer_id = ${user.id} returning page_id, token_ciphertext`,
    );
    if (!deleted) throw new ApiError("not_found", "No Facebook Page is connected");
    // Best effort: the Page's events are ignored from now on whether or not Meta hears of it.
    if (deps.facebook) {
      const config = deps.facebook;
      await decryptToken(config.tokenKey, deleted.token_ciphertext)
        .then((token) => unsubscribePage(config, deleted.page_id, token))
        .catch((error) => console.error(`[facebook] unsubscribing Page ${deleted.page_id} failed:`, error.message));
    }
    return c.json({ message: "Facebook Page disconnected" } satisfies FacebookDisconnectedResponse);
  });

  /** Subscribes the Page, stores its sealed token for the caller, and answers it as connected. */
  async function connected(c: Context<AppEnv>, config: FacebookConfig, page: ManagedPage) {
    const user = c.get("user");
    await talkToMeta("Facebook", () => subscribePage(config, page.id, page.access_token));
    const ciphertext = await encryptToken(config.tokenKey, page.access_token);
    try {
      await asService(
        deps.sql,
        (tx) => tx`
          insert into public.facebook_pages (influencer_id, page_id, page_name, token_ciphertext)
          values (${user.id}, ${page.id}, ${page.name.slice(0, 200)}, ${ciphertext})
          on conflict (influencer_id) do update
          set page_id = excluded.page_id, page_name = excluded.page_name,
              token_ciphertext = excluded.token_ciphertext, connected_at = now()`,
      );
    } catch (error) {
      if (constraintOf(error) === "facebook_pages_page_id_key") {
        throw new ApiError("conflict", `${page.name} is already connected to another influencer's account`);
      }
      throw error;
    }
    const facebook = await readPage(c);
    if (!facebook) throw new Error("the Page just saved cannot be read back");
    return c.json({ message: "Facebook Page connected", facebook, pages: null } satisfies FacebookConnectedResponse);
  }

  /** The caller's Page, read as the caller: the column grants leave the token out of reach. */
  async function readPage(c: Context<AppEnv>): Promise<FacebookPage | null> {
    const [row] = await asUser(
      deps.sql,
      c.get("claims"),
      (tx) => tx<FacebookPage[]>`
        select page_id, page_name, connected_at, token_refused_at
        from public.facebook_pages where influencer_id = ${c.get("user").id}`,
    );
    return row ?? null;
  }

  return app;
}
