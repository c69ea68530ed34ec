// `npm run email:messages -- --to <address>` prints what the local email fake received for that
// address (as a recipient in to, cc or bcc), oldest first: when, from whom, the subject and the text
// body (`--html` prints the html body instead). It stands in for the inbox the email would reach.
// Needs `npm start` running (it writes the fake's URL to <LOCAL_STACK_DIR or .local-stack>/email-fake.json), or --fake <url>.
import { parseArgs } from "node:util";
import { runningFakeUrl } from "./running-fake.ts";

const USAGE = `Usage:
  npm run email:messages -- --to <address> [--html] [--fake <url>]
Options:
  --to     the recipient whose emails to print (case does not matter)
  --html   print the html body instead of the text one
  --fake   the email fake's URL (default: read from the running stack's email-fake.json)`;

function fail(message: string, code = 1): never {
  (code === 0 ? console.log : console.error)(message);
  process.exit(code);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    to: { type: "string" },
    html: { type: "boolean" },
    fake: { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});
if (values.help) fail(USAGE, 0);
if (positionals.length) fail(`Unexpected argument ${JSON.stringify(positionals[0])}.\n${USAGE}`);
if (!values.to?.trim()) fail(`Say whose emails to print with --to <address>.\n${USAGE}`);
if (!/^[^\s@]+@[^\s@]+$/.test(values.to.trim()))
  fail(`--to must be an email address, not ${JSON.stringify(values.to)}.`);

function fakeUrl(): string {
  try {
    return runningFakeUrl("email-fake.json", "email fake", values.fake);
  } catch (error) {
    fail((error as Error).message);
  }
}

type Email = {
  from: string;
  to: string[];
  subject: string;
  html: string | null;
  text: string | null;
  created_at: string;
};

const to = values.to.trim();
const res = await fetch(`${fakeUrl()}/_fake/emails?to=${encodeURIComponent(to)}`).catch(() =>
  fail(`The email fake at ${fakeUrl()} does not answer: is npm start still running?`),
);
const answer = (await res.json()) as { emails?: Email[]; error?: string };
if (!res.ok || !answer.emails) fail(`The email fake refused: ${answer.error}`);
if (answer.emails.length === 0) console.log(`Nothing has been sent to ${to} yet.`);
for (const email of answer.emails) {
  const body = values.html
    ? (email.html ?? "(no html body; without --html the text one is printed)")
    : (email.text ?? "(no text body; --html prints the html one)");
  console.log(
    `[${email.created_at}] from ${email.from} to ${email.to.join(", ")}\nSubject: ${email.subject}\n\n${body}\n`,
  );
}
