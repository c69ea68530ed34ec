// `npm start`: the whole marketplace on http://127.0.0.1:${PORT:-54321}. Data lives in
// .local-stack/ and survives restarts; `npm run reset` wipes it. Ctrl-C stops everything.
import { join } from "node:path";
import { startStack } from "./stack.ts";

const port = Number(process.env.PORT ?? 54321);
const admin = {
  email: process.env.SEED_ADMIN_EMAIL ?? "admin@example.com",
  password: process.env.SEED_ADMIN_PASSWORD ?? "Admin123!",
};

const stack = await startStack({
  port,
  dataDir: join(import.meta.dirname, "..", ".local-stack"),
  databaseUrl: process.env.DATABASE_URL,
  admin,
  log: (line) => console.log(line),
});

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  console.log("Stopping...");
  await stack.stop();
  process.exit(0);
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);

console.log(`Started in ${(stack.timings.ready / 1000).toFixed(1)} s (${Object.entries(stack.timings)
  .map(([step, ms]) => `${step} ${ms} ms`).join(", ")})`);
console.log(`Ready: ${stack.url}`);
console.log(`
Demo accounts:
  admin       ${admin.email} / ${admin.password}
  business    business@example.com / Demo1234!
  influencer  influencer@example.com / Demo1234!
API ${stack.url}/functions/v1/api   Realtime ${stack.url.replace("http", "ws")}/realtime/v1/websocket   Storage ${stack.url}/storage/v1/
Press Ctrl-C to stop.`);
