// `npm run telegram:simulate -- start <token>` presses Start on t.me/<bot>?start=<token> as a
// Telegram user on the local Telegram fake: the /start update goes to the app's webhook as
// Telegram would deliver it, then this waits (up to 10 s) for the bot's answer and prints it.
// The token is the part after ?start= of the Link Telegram URL (the whole URL works too).
// `npm run telegram:simulate -- messages [--chat <id>]` prints what the bot sent.
// Needs `npm start` running (it writes the fake's URL to <LOCAL_STACK_DIR or .local-stack>/telegram-fake.json), or --fake <url>.
import { parseArgs } from "node:util";
import { runningFakeUrl } from "./running-fake.ts";

const ANSWER_WAIT_MS = 10_000;
const USAGE = `Usage:
  npm run telegram:simulate -- start <token or Link Telegram URL> [--chat <id>] [--name <first name>] [--km]
  npm run telegram:simulate -- messages [--chat <id>]
Options:
  --chat   the Telegram chat id to act as (default: a new private chat)
  --name   the user's first name (default Sokha)
  --km     the user's Telegram is in Khmer
  --fake   the Telegram fake's URL (default: read from the running stack's telegram-fake.json)`;

function fail(message: string, code = 1): never {
  (code === 0 ? console.log : console.error)(message);
  process.exit(code);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    chat: { type: "string" },
    name: { type: "string" },
    km: { type: "boolean" },
    fake: { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});
if (values.help) fail(USAGE, 0);
const [command, argument, ...extra] = positionals;
if (command !== "start" && command !== "messages") fail(`Say what to simulate: start or messages.\n${USAGE}`);
if (extra.length) fail(`Unexpected argument ${JSON.stringify(extra[0])}.\n${USAGE}`);
if (values.chat !== undefined && !/^-?\d{1,15}$/.test(values.chat)) fail("--chat must be a Telegram chat id (digits).");

function fakeUrl(): string {
  try {
    return runningFakeUrl("telegram-fake.json", "Telegram fake", values.fake);
  } catch (error) {
    fail((error as Error).message);
  }
}

async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(`${fakeUrl()}/_fake/${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).catch(() => fail(`The Telegram fake at ${fakeUrl()} does not answer: is npm start still running?`));
  const answer = (await res.json()) as Record<string, unknown>;
  if (!res.ok) fail(`The Telegram fake refused: ${answer.error}`);
  return answer;
}

type Message = { chat_id: number; text: string; at: string };

if (command === "messages") {
  const query = values.chat ? `?chat_id=${values.chat}` : "";
  const { messages } = (await call("GET", `messages${query}`)) as { messages: Message[] };
  if (messages.length === 0) console.log("The bot has sent nothing yet.");
  for (const m of messages) console.log(`[${m.at}] to ${m.chat_id}:\n${m.text}\n`);
} else {
  if (!argument?.trim()) fail(`Give the token of the Link Telegram URL (after ?start=).\n${USAGE}`);
  const token = argument.includes("start=") ? (new URL(argument).searchParams.get("start") ?? "") : argument.trim();
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(token)) fail("The token is 1-64 characters of A-Z, a-z, 0-9, _ and -.");
  const chatId = values.chat === undefined ? undefined : Number(values.chat);
  const before =
    chatId === undefined ? 0 : ((await call("GET", `messages?chat_id=${chatId}`)).messages as Message[]).length;
  const started = (await call("POST", "start", {
    token,
    chat_id: chatId,
    first_name: values.name,
    language_code: values.km ? "km" : "en",
  })) as { chat_id: number; webhook_status: number; webhook_body: string };
  console.log(
    `Chat ${started.chat_id} pressed Start; the webhook answered ${started.webhook_status} ${started.webhook_body}`,
  );
  const { messages } = (await call(
    "GET",
    `messages?chat_id=${started.chat_id}&min=${before + 1}&wait_ms=${ANSWER_WAIT_MS}`,
  )) as { messages: Message[] };
  const answer = messages[before];
  if (!answer) fail(`The bot did not answer within ${ANSWER_WAIT_MS / 1000} s (see the npm start output).`);
  console.log(`The bot answered:\n${answer.text}`);
  console.log(
    `\nNew orders of that account now arrive in chat ${started.chat_id}: npm run telegram:simulate -- messages --chat ${started.chat_id}`,
  );
}
