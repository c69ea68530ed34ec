// `npm start`: the whole marketplace on http://127.0.0.1:${PORT:-54321}. Data lives in
// .local-stack/ and survives restarts; `npm run reset` wipes it. Ctrl-C stops everything.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startStack, type Stack } from "./stack.ts";

const port = Number(process.env.PORT ?? 54321);
// LOCAL_STACK_DIR lets a second stack run beside the first (each needs its own folder).
const dataDir = process.env.LOCAL_STACK_DIR ?? join(import.meta.dirname, "..", ".local-stack");
const lockFile = join(dataDir, "stack.pid");
const admin = {
  email: process.env.SEED_ADMIN_EMAIL ?? "admin@example.com",
  password: process.env.SEED_ADMIN_PASSWORD ?? "Admin123!",
};

// One stack per data folder: a second one would stop the first one's Postgres.
if (existsSync(lockFile)) {
  const other = Number(readFileSync(lockFile, "utf8"));
  if (other && isAlive(other)) {
    console.error(
      `Another npm start (PID ${other}) is using ${dataDir}. Stop it first (Ctrl-C there, or kill -INT ${other}).`,
    );
    process.exit(1);
  }
}
mkdirSync(dataDir, { recursive: true });
writeFileSync(lockFile, String(process.pid));

let stack: Stack | undefined;
let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  if (!stack) return; // still starting: stopped as soon as start-up returns (below)
  console.log("Stopping...");
  await stack?.stop();
  rmSync(lockFile, { force: true });
  rmSync(join(dataDir, "meta-fake.json"), { force: true });
  rmSync(join(dataDir, "facebook-fake.json"), { force: true });
  rmSync(join(dataDir, "telegram-fake.json"), { force: true });
  rmSync(join(dataDir, "email-fake.json"), { force: true });
  process.exit(0);
}
// Installed before starting so Ctrl-C during start-up also cleans up what was started.
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);

try {
  stack = await startStack({
    port,
    dataDir,
    databaseUrl: process.env.DATABASE_URL,
    admin,
    log: (line) => console.log(line),
  });
} catch (error) {
  console.error(error);
  rmSync(lockFile, { force: true });
  process.exit(1);
}
if (stopping) {
  stopping = false;
  await shutdown();
}

console.log(
  `Started in ${(stack.timings.ready / 1000).toFixed(1)} s (${Object.entries(stack.timings)
    .map(([step, ms]) => `${step} at ${ms} ms`)
    .join(", ")})`,
);
console.log(`Ready: ${stack.url}`);
// The simulate command finds the Meta fake here (npm run instagram:simulate).
const metaFakeFile = join(dataDir, "meta-fake.json");
if (stack.metaFake) writeFileSync(metaFakeFile, JSON.stringify({ url: stack.metaFake.url }));
else rmSync(metaFakeFile, { force: true });
// And the Facebook fake (npm run facebook:simulate).
const facebookFakeFile = join(dataDir, "facebook-fake.json");
if (stack.facebookFake) writeFileSync(facebookFakeFile, JSON.stringify({ url: stack.facebookFake.url }));
else rmSync(facebookFakeFile, { force: true });
// And the Telegram fake (npm run telegram:simulate).
const telegramFakeFile = join(dataDir, "telegram-fake.json");
if (stack.telegramFake) writeFileSync(telegramFakeFile, JSON.stringify({ url: stack.telegramFake.url }));
else rmSync(telegramFakeFile, { force: true });
const emailFakeFile = join(dataDir, "email-fake.json");
if (stack.emailFake) writeFileSync(emailFakeFile, JSON.stringify({ url: stack.emailFake.url }));
else rmSync(emailFakeFile, { force: true });
console.log(`
Demo accounts:
  admin       ${admin.email} / ${admin.password}
  business    business@example.com / Demo1234!
  influencer  influencer@example.com / Demo1234!
Postgres: ${stack.postgres}
Database ${stack.databaseUrl} (migrations' role)   superuser ${stack.adminDatabaseUrl}
API ${stack.url}/functions/v1/api   Instagram webhook ${stack.url}/functions/v1/instagram-webhook   Facebook webhook ${stack.url}/functions/v1/facebook-webhook
Telegram: ${stack.telegramFake ? `the Telegram fake at ${stack.telegramFake.url} (npm run telegram:simulate -- start <token of Link Telegram>)` : "the bot named by TELEGRAM_BOT_TOKEN"}
Email: ${stack.emailFake ? `the email fake at ${stack.emailFake.url} (npm run email:messages -- --to <address>)` : "the API named by EMAIL_API_URL with EMAIL_API_KEY"}
Instagram: ${stack.metaFake ? `the Meta fake at ${stack.metaFake.url} (npm run instagram:simulate -- comment "SILK please")` : "the app named by INSTAGRAM_APP_ID"}
Facebook: ${stack.facebookFake ? `the Facebook fake at ${stack.facebookFake.url} (npm run facebook:simulate -- comment "SILK please")` : "the app named by FACEBOOK_APP_ID"}
Realtime ${stack.url.replace("http", "ws")}/realtime/v1/websocket   Storage ${stack.url}/storage/v1/
Press Ctrl-C to stop.`);

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
