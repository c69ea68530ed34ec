// A fake of the parts of Meta's Instagram API (Instagram API with Instagram Login) that keyword
// automation uses, for the local stack and tests: development infrastructure, never product code.
// One HTTP server; each prefix stands for one of Meta's hosts:
//   /graph/...                   graph.instagram.com   (INSTAGRAM_GRAPH_URL; /v21.0/... accepted)
//   /api/oauth/access_token      api.instagram.com     (INSTAGRAM_OAUTH_URL)
//   /www/oauth/authorize         www.instagram.com     (the consent page a browser opens)
//   /_fake/...                   control calls: simulate followers, inspect replies (control.ts)
// It enforces what production would refuse (tokens and their ages, one private reply per comment,
// the 7-day and 24-hour windows, the hourly private-reply limit) with Meta's error shapes, and
// delivers signed webhooks to the app. State lives in memory.
import { startFakeServer } from "../fake-server.ts";
import { handleControl } from "./control.ts";
import type { EventContext } from "./events.ts";
import { handleGraph } from "./graph.ts";
import { sendJson } from "./http.ts";
import { handleAuthorize, handleCodeExchange } from "./oauth.ts";
import { FakeState } from "./state.ts";

export interface MetaFakeOptions {
  port: number;
  appId: string;
  appSecret: string;
  /** where events are POSTed, e.g. http://127.0.0.1:<gateway>/functions/v1/instagram-webhook */
  webhookUrl: string;
  log?: (line: string) => void;
}

export interface MetaFake {
  url: string;
  graphUrl: string;
  oauthUrl: string;
  authorizeUrl: string;
  setWebhookUrl(url: string): void;
  close(): Promise<void>;
}

export async function startMetaFake(opts: MetaFakeOptions): Promise<MetaFake> {
  const log = (line: string) => opts.log?.(`[meta-fake] ${line}`);
  let webhookUrl = opts.webhookUrl;
  const state = new FakeState();
  const ctx: EventContext & { appId: string } = {
    state,
    appId: opts.appId,
    appSecret: opts.appSecret,
    webhookUrl: () => webhookUrl,
    log,
  };
  const oauth = { state, appId: opts.appId, appSecret: opts.appSecret, log };

  const server = await startFakeServer({
    name: "Meta fake",
    port: opts.port,
    sendJson,
    serves: "/graph/*, /api/oauth/access_token, /www/oauth/authorize and /_fake/*",
    route(req, res, url) {
      const path = url.pathname;
      if (path === "/graph" || path.startsWith("/graph/"))
        return handleGraph(ctx, req, res, path.slice("/graph".length), url.searchParams);
      if (path === "/api/oauth/access_token") return handleCodeExchange(oauth, req, res);
      if (path === "/www/oauth/authorize" || path === "/www/oauth/authorize/")
        return handleAuthorize(oauth, req, res, url.searchParams);
      if (path.startsWith("/_fake/")) return handleControl(ctx, req, res, path, url.searchParams);
      return null;
    },
  });
  const url = server.url;
  log(`listening on ${url}, webhooks to ${webhookUrl}`);

  return {
    url,
    graphUrl: `${url}/graph`,
    oauthUrl: `${url}/api`,
    authorizeUrl: `${url}/www/oauth/authorize`,
    setWebhookUrl(next) {
      webhookUrl = next;
    },
    async close() {
      state.releaseWaiters();
      await server.close();
    },
  };
}
