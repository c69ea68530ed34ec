// `npm run facebook:simulate -- comment "SILK please" [--page <Page name>] [--from <person>]`
// `npm run facebook:simulate -- message "SILK" [--page <Page name>] [--from <person>]`
// Acts as a person on the local Facebook fake: the comment on the Page's post, or the Messenger
// message to the Page, is delivered to the app's webhook as Meta would, then this waits (up to
// 10 s) for what the Page sends back and prints it with the comment-to-reply time. Needs `npm
// start` running (it writes the fake's URL to <LOCAL_STACK_DIR or .local-stack>/facebook-fake.json),
// or --fake <url>.
import { parseArgs } from "node:util";
import { runningFakeUrl } from "./running-fake.ts";

const REPLY_WAIT_MS = 10_000;
const USAGE = `Usage:
  npm run facebook:simulate -- comment "SILK please" [--page <Page name>] [--from <person's name>]
  npm run facebook:simulate -- message "SILK" [--page <Page name>] [--from <person's name>]
Options:
  --page  the connected Facebook Page that receives it (name or id; default: the only subscribed one)
  --from  the person's name on Facebook (default "A Follower")
  --fake  the Facebook fake's URL (default: read from the running stack's facebook-fake.json)`;

/** Ends the run with `message` on stderr (stdout for --help) and `exitCode`. */
class Exit extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}
const fail = (message: string, exitCode = 1): never => {
  throw new Exit(message, exitCode);
};

interface PageView {
  id: string;
  name: string;
  subscribed_fields: string[];
}

function options() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      page: { type: "string" },
      from: { type: "string" },
      fake: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) fail(USAGE, 0);
  const [kind, text, ...extra] = positionals;
  if (kind !== "comment" && kind !== "message") return fail(`Say what to simulate: comment or message.\n${USAGE}`);
  if (!text?.trim()) return fail(`Give the ${kind} text, e.g. "SILK please".\n${USAGE}`);
  if (extra.length)
    return fail(`Unexpected argument ${JSON.stringify(extra[0])}: quote the text if it has spaces.\n${USAGE}`);
  let base = "";
  try {
    base = runningFakeUrl("facebook-fake.json", "Facebook fake", values.fake);
  } catch (error) {
    fail((error as Error).message);
  }
  return { kind, text, page: values.page, from: values.from?.trim() || "A Follower", base };
}

/** A control call of the fake; says what to do when it is down or refuses. */
async function control(base: string, path: string, body?: unknown): Promise<any> {
  const init: RequestInit = { signal: AbortSignal.timeout(REPLY_WAIT_MS + 30_000) };
  if (body !== undefined)
    Object.assign(init, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const response = await fetch(`${base}/_fake/${path}`, init).catch(() =>
    fail(`The Facebook fake at ${base} does not answer. Is \`npm start\` still running?`),
  );
  const answer = (await response.json().catch(() => ({}))) as any;
  if (!response.ok) fail(`The Facebook fake refused: ${answer.error ?? `HTTP ${response.status}`}`);
  return answer;
}

function choosePage(pages: PageView[], wanted: string | undefined): PageView {
  if (pages.length === 0)
    return fail(
      "No Facebook Page is connected to the fake yet.\n" +
        "Sign in as an influencer, press Connect Facebook, Allow on the fake's Login dialog, then try again.",
    );
  const names = pages.map((p) => p.name).join(", ");
  if (wanted) {
    const matches = pages.filter((p) => p.id === wanted || p.name.toLowerCase() === wanted.toLowerCase());
    if (matches.length === 1) return matches[0];
    return fail(
      matches.length
        ? `Several Pages are named "${wanted}": give its id with --page.`
        : `No connected Facebook Page "${wanted}". Known: ${names}.`,
    );
  }
  const subscribed = pages.filter((p) => p.subscribed_fields.length > 0);
  if (subscribed.length === 1) return subscribed[0];
  if (pages.length === 1) return pages[0];
  return fail(`Several Pages are connected (${names}): choose one with --page.`);
}

async function main() {
  const args = options();
  const { pages } = (await control(args.base, "pages")) as { pages: PageView[] };
  const page = choosePage(pages, args.page);
  const field = args.kind === "comment" ? "feed" : "messages";
  if (!page.subscribed_fields.includes(field))
    fail(
      `The Page "${page.name}" is known but has not subscribed the app to "${field}" webhooks, so Facebook would send nothing.\n` +
        "The app subscribes while connecting (POST /{page-id}/subscribed_apps): connect the Page again.",
    );

  const replies = (min: number, waitMs: number) =>
    control(
      args.base,
      `replies?${new URLSearchParams({ page: page.id, min: String(min), wait_ms: String(waitMs) })}`,
    ).then((answer) => answer.replies as any[]);
  const before = (await replies(0, 0)).length;
  const event = await control(args.base, args.kind, { page: page.id, text: args.text, from: args.from });
  const what =
    args.kind === "comment"
      ? `Comment ${JSON.stringify(args.text)} by ${args.from} on the post of ${page.name}`
      : `Messenger message ${JSON.stringify(args.text)} from ${args.from} to ${page.name}`;
  if (event.status === null) fail(`${what}: the webhook was not reached: ${event.error ?? event.reason}`);
  console.log(`${what}\n  webhook answered ${event.status} in ${event.ms} ms`);

  const sentAt = Date.parse(event.created_at);
  const answers = (reply: any) =>
    args.kind === "comment"
      ? reply.recipient?.comment_id === event.comment_id
      : reply.recipient?.id === event.psid && Date.parse(reply.at) >= sentAt;
  const deadline = Date.now() + REPLY_WAIT_MS;
  for (let seen = before; Date.now() < deadline;) {
    const all = await replies(seen + 1, Math.max(0, deadline - Date.now()));
    const reply = all.slice(before).find(answers);
    if (reply) {
      const kind = reply.kind === "private_reply" ? "private reply" : "Messenger message";
      console.log(`  reply (${kind}) after ${Date.parse(reply.at) - sentAt} ms:`);
      console.log(String(reply.text).replace(/^/gm, "    "));
      return;
    }
    seen = all.length;
  }
  fail(
    `  no reply within ${REPLY_WAIT_MS / 1000} s. Is there an active keyword in ${JSON.stringify(args.text)} for the influencer of ${page.name}, ` +
      "on an approved link of an active campaign? The facebook-webhook function's log says what it did with the event.",
    2,
  );
}

main().catch((error) => {
  if (!(error instanceof Exit)) {
    console.error(error);
    process.exit(1);
  }
  (error.exitCode === 0 ? console.log : console.error)(error.message);
  process.exit(error.exitCode);
});
