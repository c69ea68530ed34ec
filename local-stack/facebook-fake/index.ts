// A fake of the parts of Meta's Graph API (Messenger Platform for Pages) and of the Facebook Login
// dialog that "Facebook Page comments and Messenger answered with the affiliate link" uses, for the
// local stack and tests: development infrastructure, never product code. It plays for Facebook
// what ../meta-fake plays for Instagram, and shares its pieces (HTTP helpers, the GraphError shape,
// webhook signing and delivery). One HTTP server; each prefix stands for one of Meta's hosts:
//   /graph/...                     graph.facebook.com  (FACEBOOK_GRAPH_URL; /v21.0/... accepted)
//   /www/[v21.0/]dialog/oauth      www.facebook.com    (FACEBOOK_DIALOG_URL: the Login dialog)
//   /_fake/...                     control calls: simulate people, inspect what Pages sent (control.ts)
// It enforces what production would refuse (codes used once and for 10 minutes, token kinds and
// ages, Page tokens for Page edges, one private reply per comment within 7 days, the 24-hour
// Messenger window, the 2000-character text limit) with Meta's error shapes (errors.ts), and
// delivers signed webhooks to the app for the fields each Page subscribed to. State lives in memory.
import { startFakeServer } from "../fake-server.ts";
import { sendJson } from "../meta-fake/http.ts";
import { handleControl } from "./control.ts";
import { handleDialog } from "./dialog.ts";
import { handleGraph, type GraphContext } from "./graph.ts";
import { FacebookState } from "./state.ts";

export interface FacebookFakeOptions {
  port: number;
  appId: string;
  appSecret: string;
  /** where events are POSTed, e.g. http://127.0.0.1:<gateway>/functions/v1/facebook-webhook */
  webhookUrl: string;
  log?: (line: string) => void;
}

export interface FacebookFake {
  url: string;
  /** FACEBOOK_GRAPH_URL: the product calls `${graphUrl}/v21.0/...`. */
  graphUrl: string;
  /** FACEBOOK_DIALOG_URL: the product sends browsers to `${dialogUrl}/v21.0/dialog/oauth?...`. */
  dialogUrl: string;
  setWebhookUrl(url: string): void;
  close(): Promise<void>;
}

const DIALOG_PATH = /^\/www(\/v\d+\.\d+)?\/dialog\/oauth\/?$/;

export async function startFacebookFake(opts: FacebookFakeOptions): Promise<FacebookFake> {
  const log = (line: string) => opts.log?.(`[facebook-fake] ${line}`);
  let webhookUrl = opts.webhookUrl;
  let graphUrl = "";
  const state = new FacebookState();
  const ctx: GraphContext = {
    state,
    appId: opts.appId,
    appSecret: opts.appSecret,
    webhookUrl: () => webhookUrl,
    graphUrl: () => graphUrl,
    log,
  };

  const server = await startFakeServer({
    name: "Facebook fake",
    port: opts.port,
    sendJson,
    serves: "/graph/*, /www/[v21.0/]dialog/oauth and /_fake/*",
    route(req, res, url) {
      const path = url.pathname;
      if (path === "/graph" || path.startsWith("/graph/"))
        return handleGraph(ctx, req, res, path.slice("/graph".length), url.searchParams);
      if (DIALOG_PATH.test(path)) return handleDialog(ctx, req, res, url.searchParams);
      if (path.startsWith("/_fake/")) return handleControl(ctx, req, res, path, url.searchParams);
      return null;
    },
  });
  const url = server.url;
  graphUrl = `${url}/graph`;
  log(`listening on ${url}, webhooks to ${webhookUrl}`);

  return {
    url,
    graphUrl,
    dialogUrl: `${url}/www`,
    setWebhookUrl(next) {
      webhookUrl = next;
    },
    async close() {
      state.releaseWaiters();
      await server.close();
    },
  };
}
