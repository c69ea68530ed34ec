// `npm run bench:realtime -- [subscribers] [events/s] [seconds] [modes]`: live events at scale, on
// a fresh local stack (defaults 500 subscribers, 20 events/s, 30 s, "changes,broadcast").
//
// Subscribers are supabase-js clients, one WebSocket each, in a child process
// (bench/realtime-clients.ts): one in 50 is an approved admin, the rest influencers with a link
// each. An event is a checkout: an order placed through private.place_order (its triggers all
// run), through the links in turn, committed at the given rate. The influencer whose link it was
// and every admin should hear of it. Each mode runs on the same stack, one after the other:
//   - changes:   Postgres Changes as the SPA used them before issue 25: orders in the
//                supabase_realtime publication (added for this run), each influencer subscribed
//                to INSERTs with the filter influencer_id=eq.<id>, each admin to every INSERT; the
//                stand-in checks each change against each subscriber's RLS.
//   - broadcast: each influencer joined to its private topic influencer:<id>, each admin to
//                admin; the orders' trigger sends with realtime.send.
// For each it prints the commit-to-callback latency (from the INSERT's commit returning to the
// subscriber's callback, both on this machine's clock) p50/p95/p99 over every delivery, deliveries
// missing after 60 s, and the CPU the stack used meanwhile: this process (the gateway and the
// Realtime stand-in; the order loop is a small share) and Postgres (its whole process tree).
// A benchmark, not a test: it asserts nothing.
import { fork } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { SignJWT } from "jose";
import postgres from "postgres";
import { freePort } from "../local-stack/free-port.ts";
import { keys, localSigningKey } from "../local-stack/keys.ts";
import { startStack } from "../local-stack/stack.ts";
import { percentiles, postmasterPidOf, selfCpuMs, treeCpuMs } from "./measure.ts";
import type { FromClients, Subscriber, ToClients } from "./realtime-clients.ts";

const subscriberCount = Number(process.argv[2] ?? 500);
const eventsPerSecond = Number(process.argv[3] ?? 20);
const seconds = Number(process.argv[4] ?? 30);
const modes = (process.argv[5] ?? "changes,broadcast").split(",") as ("changes" | "broadcast")[];
const adminCount = Math.max(1, Math.round(subscriberCount / 50));
const influencerCount = subscriberCount - adminCount;

const dataDir = mkdtempSync(join(tmpdir(), "marketplace-bench-"));
chmodSync(dataDir, 0o755);
const stack = await startStack({
  port: await freePort(),
  dataDir,
  admin: { email: "admin@example.com", password: "Admin123!" },
});
const postmasterPid = postmasterPidOf(dataDir);
const sql = postgres(stack.adminDatabaseUrl, { max: 2, onnotice: () => {} });
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

// --- data: admins, one shop and campaign, influencers with a link each ---------------------------------
const [{ campaign }] = await sql<{ campaign: string }[]>`
  with shop as (
    insert into public.users (email, user_type, status, business_name, decided_at)
    values ('bench-realtime-shop@example.com', 'business', 'approved', 'Realtime Bench Shop', now()) returning id)
  insert into public.campaigns (business_id, product_name, price_cents, commission_rate, description, image_urls)
  select id, 'Realtime bench product', 1000, 0.1, 'Bench', array['https://example.com/p.png'] from shop
  returning id as campaign`;
const admins = await sql<{ id: string }[]>`
  insert into public.users (email, user_type, status, decided_at)
  select 'bench-rt-admin-' || n || '@example.com', 'admin', 'approved', now() from generate_series(1, ${adminCount}) n
  returning id`;
const influencers = await sql<{ id: string }[]>`
  insert into public.users (email, user_type, status, decided_at)
  select 'bench-rt-creator-' || n || '@example.com', 'influencer', 'approved', now()
  from generate_series(1, ${influencerCount}) n
  returning id`;
await sql`
  insert into public.affiliate_links (influencer_id, campaign_id, status, decided_at, short_code)
  select u.id, ${campaign}, 'approved', now(), 'R' || lpad(row_number() over (order by u.id)::text, 6, '0')
  from public.users u where u.email like 'bench-rt-creator-%'`;

// Each subscriber signed in once: a live session of its own, which its token names (a topic admits
// only a token of a live session).
const sessions = new Map(
  (
    await sql<{ user_id: string; session_id: string }[]>`
      insert into private.sessions (user_id, device)
      select id, 'bench:realtime' from public.users
      where email like 'bench-rt-admin-%' or email like 'bench-rt-creator-%'
      returning user_id, session_id`
  ).map((row) => [row.user_id, row.session_id]),
);
const signing = await localSigningKey();
const tokenFor = (id: string) =>
  new SignJWT({ sub: id, role: "authenticated", aud: "authenticated", session_id: sessions.get(id) })
    .setProtectedHeader({ alg: "ES256", typ: "JWT", kid: signing.kid })
    .setIssuedAt()
    .setExpirationTime("2h")
    .sign(signing.privateKey);
const adminTokens = await Promise.all(admins.map((row) => tokenFor(row.id)));
const influencerTokens = await Promise.all(influencers.map((row) => tokenFor(row.id)));

function subscribersFor(mode: "broadcast" | "changes"): Subscriber[] {
  return [
    ...influencers.map((row, i) => ({
      token: influencerTokens[i],
      topic: `influencer:${row.id}`,
      filter: mode === "changes" ? `influencer_id=eq.${row.id}` : undefined,
    })),
    ...admins.map((_row, i) => ({ token: adminTokens[i], topic: "admin" })),
  ];
}

let phone = 0;
async function runMode(mode: "broadcast" | "changes") {
  if (mode === "changes") await sql`alter publication supabase_realtime add table public.orders`;
  const child = fork(join(import.meta.dirname, "realtime-clients.ts"), [], { execArgv: ["--import", "tsx"] });
  const next = <K extends FromClients["kind"]>(kind: K) =>
    new Promise<Extract<FromClients, { kind: K }>>((resolve) => {
      const onMessage = (message: FromClients) => {
        if (message.kind !== kind) return;
        child.off("message", onMessage);
        resolve(message as Extract<FromClients, { kind: K }>);
      };
      child.on("message", onMessage);
    });
  const joinStarted = performance.now();
  const ready = next("ready");
  child.send({
    kind: "join",
    url: stack.url,
    apikey: keys.publishableKey,
    mode,
    subscribers: subscribersFor(mode),
  } satisfies ToClients);
  const { failed } = await ready;
  console.log(
    `${mode}: ${subscriberCount} subscribers (influencers ${influencerCount}, admins ${adminCount}) joined in ` +
      `${((performance.now() - joinStarted) / 1000).toFixed(1)} s; refused: ${failed.length}${failed.length ? ` (${failed[0]})` : ""}`,
  );

  // Commit the events at the rate, each timed from its commit returning.
  const committedAt = new Map<string, number>();
  const total = eventsPerSecond * seconds;
  const cpuBefore = { self: selfCpuMs().own, postgres: treeCpuMs(postmasterPid) };
  const started = performance.now();
  for (let n = 0; n < total; n++) {
    const due = started + (n * 1000) / eventsPerSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    phone++;
    const [order] = await sql<{ id: string }[]>`
      select (private.place_order(${influencers[n % influencerCount].id}, ${campaign},
        ${"+8559" + String(phone).padStart(8, "0")}, 'Tuol Kouk', 'Boeng Kak Ti Muoy', 1,
        ${`10.${(phone >> 16) % 256}.${(phone >> 8) % 256}.${phone % 256}`}, null, 'Bench Customer', 'House 1, Street 2')).id`;
    committedAt.set(order.id, performance.timeOrigin + performance.now());
  }
  const sendSeconds = (performance.now() - started) / 1000;

  // Wait (up to 60 s) until every delivery arrived: each order to its influencer and every admin.
  const expected = total * (1 + adminCount);
  const deadline = performance.now() + 60_000;
  for (;;) {
    const counted = next("count");
    child.send({ kind: "count" } satisfies ToClients);
    if ((await counted).received >= expected || performance.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const elapsed = (performance.now() - started) / 1000;
  const cpu = {
    self: selfCpuMs().own - cpuBefore.self,
    postgres: treeCpuMs(postmasterPid) - cpuBefore.postgres,
  };
  const reported = next("report");
  child.send({ kind: "report" } satisfies ToClients);
  const report = await reported;
  const latencies = report.received
    .filter(([, id]) => committedAt.has(id))
    .map(([, id, at]) => Math.max(0, at - committedAt.get(id)!));
  console.log(
    `${mode}: ${total} events in ${sendSeconds.toFixed(1)} s (${(total / sendSeconds).toFixed(1)}/s), ` +
      `${latencies.length} of ${expected} deliveries; commit -> callback ${percentiles(latencies)}\n` +
      `  CPU from the first commit to the last delivery (${elapsed.toFixed(1)} s): stack's Node (gateway + Realtime stand-in) ${(cpu.self / elapsed / 10).toFixed(1)}% of a core, ` +
      `Postgres ${(cpu.postgres / elapsed / 10).toFixed(1)}% of a core; load ${load()}`,
  );
  if (mode === "changes") await sql`alter publication supabase_realtime drop table public.orders`;
}

try {
  for (const mode of modes) await runMode(mode);
} finally {
  await sql.end();
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
