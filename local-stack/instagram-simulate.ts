// `npm run instagram:simulate -- comment "SILK please" [--account demo.creator] [--from some.follower]`
// `npm run instagram:simulate -- dm "SILK" [--account demo.creator] [--from some.follower]`
// Acts as a follower on the local Meta fake: the comment or DM is delivered to the app's webhook
// as Instagram would, then this waits (up to 10 s) for the app's reply and prints it with the
// comment-to-reply time. Needs `npm start` running (it writes the fake's URL to
// <LOCAL_STACK_DIR or .local-stack>/meta-fake.json), or --fake <url>.
import { parseArgs } from "node:util";
import { personIdFor } from "./meta-fake/state.ts";
import { runningFakeUrl } from "./running-fake.ts";

const REPLY_WAIT_MS = 10_000;
const USAGE = `Usage:
  npm run instagram:simulate -- comment "SILK please" [--account <username>] [--from <follower username>]
  npm run instagram:simulate -- dm "SILK" [--account <username>] [--from <follower username>]
Options:
  --account  the connected Instagram account that receives it (default: the only one, else demo.creator)
  --from     the follower's username (default a.follower)
  --fake     the Meta fake's URL (default: read from the running stack's meta-fake.json)`;

class Stop extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

function parse() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      account: { type: "string" },
      from: { type: "string" },
      fake: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) throw new Stop(USAGE, 0);
  const [kind, text, ...extra] = positionals;
  if (kind !== "comment" && kind !== "dm") throw new Stop(`Say what to simulate: comment or dm.\n${USAGE}`);
  if (!text?.trim())
    throw new Stop(`Give the ${kind === "dm" ? "message" : "comment"} text, e.g. "SILK please".\n${USAGE}`);
  if (extra.length)
    throw new Stop(`Unexpected argument ${JSON.stringify(extra[0])}: quote the text if it has spaces.\n${USAGE}`);
  if (values.from !== undefined && !/^[A-Za-z0-9._]{1,30}$/.test(values.from))
    throw new Stop("--from must be an Instagram username (letters, digits, . and _, up to 30).");
  return { kind, text, account: values.account, from: values.from ?? "a.follower", fake: values.fake };
}

function fakeUrl(given: string | undefined) {
  try {
    return runningFakeUrl("meta-fake.json", "Meta fake", given);
  } catch (error) {
    throw new Stop((error as Error).message);
  }
}

async function call(base: string, path: string, body?: unknown): Promise<any> {
  let response: Response;
  try {
    response = await fetch(`${base}/_fake/${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REPLY_WAIT_MS + 30_000),
    });
  } catch {
    throw new Stop(`The Meta fake at ${base} does not answer. Is \`npm start\` still running?`);
  }
  const answer = (await response.json().catch(() => ({}))) as any;
  if (!response.ok) throw new Stop(`The Meta fake refused: ${answer.error ?? `HTTP ${response.status}`}`);
  return answer;
}

interface AccountView {
  user_id: string;
  username: string;
  subscribed_fields: string[];
}

function pickAccount(accounts: AccountView[], wanted: string | undefined): AccountView {
  if (accounts.length === 0)
    throw new Stop(
      "No Instagram account is connected to the Meta fake yet.\n" +
        "Sign in as an influencer, press Connect Instagram on the dashboard and Allow on the fake's page, then try again.",
    );
  const names = accounts.map((a) => a.username).join(", ");
  if (wanted) {
    const found = accounts.find(
      (a) => a.username.toLowerCase() === wanted.replace(/^@/, "").toLowerCase() || a.user_id === wanted,
    );
    if (!found) throw new Stop(`No connected Instagram account "${wanted}". Connected: ${names}.`);
    return found;
  }
  if (accounts.length === 1) return accounts[0];
  const demo = accounts.find((a) => a.username === "demo.creator");
  if (demo) return demo;
  throw new Stop(`Several accounts are connected (${names}): choose one with --account.`);
}

async function main() {
  const args = parse();
  const base = fakeUrl(args.fake);
  const { accounts } = (await call(base, "accounts")) as { accounts: AccountView[] };
  const account = pickAccount(accounts, args.account);
  const field = args.kind === "comment" ? "comments" : "messages";
  if (!account.subscribed_fields.includes(field))
    throw new Stop(
      `${account.username} is connected but has not subscribed the app to "${field}" webhooks, so Instagram would send nothing.\n` +
        "The app subscribes while connecting (POST /me/subscribed_apps): connect the account again.",
    );

  const before = ((await call(base, `replies?account=${account.user_id}`)) as { replies: unknown[] }).replies.length;
  const event =
    args.kind === "comment"
      ? await call(base, "comments", { account: account.user_id, text: args.text, from_username: args.from })
      : await call(base, "messages", { account: account.user_id, text: args.text, from_id: personIdFor(args.from) });
  const what =
    args.kind === "comment"
      ? `Comment ${JSON.stringify(args.text)} by ${args.from} on ${account.username}'s reel`
      : `DM ${JSON.stringify(args.text)} from ${args.from} to ${account.username}`;
  if (event.webhook_status === null)
    throw new Stop(`${what}: the webhook was not reached: ${event.webhook_error ?? event.reason}`);
  console.log(`${what}\n  webhook answered ${event.webhook_status} in ${event.webhook_ms} ms`);

  const createdAt = Date.parse(event.created_at);
  const isOurs = (reply: any) =>
    args.kind === "comment"
      ? reply.recipient?.comment_id === event.comment_id
      : reply.recipient?.id === event.sender_id && Date.parse(reply.at) >= createdAt;
  const deadline = Date.now() + REPLY_WAIT_MS;
  let seen = before;
  while (Date.now() < deadline) {
    const waitMs = Math.max(0, deadline - Date.now());
    const { replies } = (await call(base, `replies?account=${account.user_id}&min=${seen + 1}&wait_ms=${waitMs}`)) as {
      replies: any[];
    };
    const reply = replies.slice(before).find(isOurs);
    if (reply) {
      console.log(
        `  reply (${reply.kind === "dm" ? "DM" : "private reply"}) after ${Date.parse(reply.at) - createdAt} ms:`,
      );
      console.log(reply.text.replace(/^/gm, "    "));
      return;
    }
    seen = replies.length;
  }
  throw new Stop(
    `  no reply within ${REPLY_WAIT_MS / 1000} s. Is there an active keyword in ${JSON.stringify(args.text)} for ${account.username}'s influencer, ` +
      "on an approved link of an active campaign? The dashboard's keyword activity says why an event was skipped.",
    2,
  );
}

main().catch((error) => {
  if (error instanceof Stop) {
    (error.exitCode === 0 ? console.log : console.error)(error.message);
    process.exit(error.exitCode);
  }
  console.error(error);
  process.exit(1);
});
