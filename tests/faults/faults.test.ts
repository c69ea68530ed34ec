// Faults under load, on a stack of its own: customers keep checking out and an admin keeps
// delivering orders while first the api function is killed and then Postgres crashes. Requests
// during each outage get a quick 503 with Retry-After (no hang), the stack comes back by itself
// (the function is restarted; the API reconnects once Postgres is started again), and no order
// or delivery that was acknowledged is lost.
import { EventEmitter, once } from "node:events";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../local-stack/free-port.ts";
import { startStack, type Stack } from "../../local-stack/stack.ts";

const influencerId = "00000000-0000-4000-8000-00000000a001";
const businessId = "00000000-0000-4000-8000-00000000b001";
const ADDRESSES = 250; // customers' own loopback addresses (127.0.0.2-251), so rate limits stay out of the way

let stack: Stack;
let dataDir: string;
let campaignId: string;
let adminToken: string;
const agents = Array.from({ length: ADDRESSES }, () => new Agent({ keepAlive: true }));

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "marketplace-faults-"));
  chmodSync(dataDir, 0o755);
  stack = await startStack({
    port: await freePort(),
    dataDir,
    admin: { email: "admin@example.com", password: "Admin123!" },
  });
  const sql = postgres(stack.databaseUrl, { max: 1, onnotice: () => {} });
  [{ id: campaignId }] = await sql<{ id: string }[]>`
    insert into public.campaigns (business_id, product_name, price_cents, commission_rate, image_urls)
    values (${businessId}, 'Fault test product', 1250, 0.15, ${["https://example.com/p.png"]}) returning id`;
  await sql`insert into public.affiliate_links (influencer_id, campaign_id, status) values (${influencerId}, ${campaignId}, 'approved')`;
  await sql.end();
  adminToken = (await call("POST", "/auth/login", { email: "admin@example.com", password: "Admin123!" }, 0)).body.token;
});

afterAll(async () => {
  for (const agent of agents) agent.destroy();
  await stack?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  body: any;
  retryAfter?: string;
  ms: number;
}

/** A request through the gateway from loopback address n, timed; a network error counts as status 0. */
function call(method: string, path: string, body: unknown, n: number, token?: string): Promise<Answer> {
  const target = new URL(`${stack.url}/functions/v1/api${path}`);
  const text = body === undefined ? "" : JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(
      {
        hostname: target.hostname,
        port: target.port,
        path: target.pathname,
        method,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(text),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        agent: agents[n % ADDRESSES],
        localAddress: `127.0.0.${(n % ADDRESSES) + 2}`,
      },
      (res) => {
        let data = "";
        res.on("data", (chunk) => (data += chunk));
        res.on("end", () => {
          let parsed: unknown = null;
          try {
            parsed = data ? JSON.parse(data) : null;
          } catch {
            parsed = data;
          }
          resolve({
            status: res.statusCode ?? 0,
            body: parsed,
            retryAfter: res.headers["retry-after"] as string | undefined,
            ms: performance.now() - started,
          });
        });
      },
    );
    req.on("error", () => resolve({ status: 0, body: null, ms: performance.now() - started }));
    req.end(text);
  });
}

/** Load that runs until stopped: customers placing orders, an admin delivering some of them. */
function startLoad() {
  const acknowledgedOrders: string[] = [];
  const acknowledgedDeliveries: string[] = [];
  const answers: (Answer & { at: number })[] = [];
  const toDeliver: string[] = [];
  const events = new EventEmitter(); // "answer" after every answer, "placed" when an order is queued for delivery
  events.setMaxListeners(50);
  let running = true;
  let n = 0;

  const record = (answer: Answer) => {
    answers.push({ ...answer, at: performance.now() });
    events.emit("answer");
  };

  async function customer() {
    while (running) {
      const i = n++;
      const answer = await call(
        "POST",
        "/checkout/order",
        {
          influencer_id: influencerId,
          product_id: campaignId,
          customer_phone: `+8551${String(30_000_000 + i)}`,
          delivery_district: "Tuol Kouk",
          delivery_commune: "Boeng Kak Muoy",
          quantity: 1,
        },
        i,
      );
      if (answer.status === 201) {
        acknowledgedOrders.push(answer.body.order.id);
        if (i % 4 === 0) {
          toDeliver.push(answer.body.order.id);
          events.emit("placed");
        }
      }
      record(answer);
      // Pacing, not waiting for anything: an outage answers at once, and the load should not spin on it.
      if (answer.status !== 201) await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function admin() {
    while (running) {
      const orderId = toDeliver.shift();
      if (!orderId) {
        await once(events, "placed");
        continue;
      }
      let delivered = false;
      for (const status of ["ready_for_pickup", "out_for_delivery", "delivered"]) {
        const answer = await call("PUT", `/admin/orders/${orderId}/status`, { new_status: status }, 0, adminToken);
        record(answer);
        if (answer.status !== 200) break;
        delivered = status === "delivered";
      }
      if (delivered) acknowledgedDeliveries.push(orderId);
    }
  }

  /** Resolves once `done()` holds, checked after every answer. */
  async function until(done: () => boolean) {
    while (!done()) await once(events, "answer");
  }

  const workers = [customer(), customer(), customer(), customer(), admin()];
  return {
    acknowledgedOrders,
    acknowledgedDeliveries,
    answers,
    /** Resolves once `count` more orders have been acknowledged. */
    acknowledged(count: number) {
      const target = acknowledgedOrders.length + count;
      return until(() => acknowledgedOrders.length >= target);
    },
    /** Resolves once a request answered `status` after `since`. */
    answered(status: number, since: number) {
      return until(() => answers.some((a) => a.at >= since && a.status === status));
    },
    async stop() {
      running = false;
      events.emit("placed"); // wake the admin
      await Promise.all(workers);
    },
  };
}

describe("faults under load", () => {
  it("answers 503 quickly while the function or Postgres is down, recovers by itself and loses nothing acknowledged", async () => {
    const load = startLoad();
    await load.acknowledged(50);

    // 1. The function dies.
    const killedAt = performance.now();
    process.kill(stack.api.pid()!, "SIGKILL");
    await stack.api.restarted(1);
    const restartMs = performance.now() - killedAt;
    // Hundreds of acknowledged orders (the probe that found the faults had 358) for the crash to lose.
    await load.acknowledged(350);

    // 2. Postgres crashes, and is started again once the API has answered 503 for a while.
    const crashedAt = performance.now();
    const acknowledgedBeforeCrash = load.acknowledgedOrders.length;
    stack.cluster!.crash();
    await load.answered(503, crashedAt);
    const first503Ms = load.answers.find((a) => a.at >= crashedAt && a.status === 503)!.ms;
    // Let the outage last: 40 more answers (503s at the load's pace, a few seconds).
    const answersSoFar = load.answers.length;
    await load.answered(503, performance.now());
    while (load.answers.length < answersSoFar + 40) await load.answered(503, performance.now());
    stack.cluster!.restart();
    const restartedAt = performance.now();
    await load.acknowledged(1);
    const recoveryMs = performance.now() - restartedAt;
    await load.acknowledged(50);
    await load.stop();

    const during = (from: number, to: number) => load.answers.filter((a) => a.at >= from && a.at <= to);
    const outage = during(crashedAt, restartedAt);
    const unexpected = load.answers.filter((a) => ![200, 201, 503].includes(a.status));
    console.log(
      [
        `faults: ${load.answers.length} requests, ${load.acknowledgedOrders.length} orders and ${load.acknowledgedDeliveries.length} deliveries acknowledged`,
        `  function killed -> restarted and answering in ${restartMs.toFixed(0)} ms`,
        `  Postgres crashed with ${acknowledgedBeforeCrash} orders acknowledged -> first 503 answered in ${first503Ms.toFixed(0)} ms; slowest answer during the outage ${Math.max(...outage.map((a) => a.ms)).toFixed(0)} ms`,
        `  Postgres started -> first order acknowledged after ${recoveryMs.toFixed(0)} ms`,
        `  answers: ${JSON.stringify(Object.fromEntries([...new Set(load.answers.map((a) => a.status))].map((s) => [s, load.answers.filter((a) => a.status === s).length])))}`,
      ].join("\n"),
    );

    // No hang and no 500: every answer is a success or a 503 to retry, with Retry-After.
    expect(unexpected.map((a) => `${a.status} ${JSON.stringify(a.body)}`)).toEqual([]);
    for (const answer of load.answers.filter((a) => a.status === 503)) {
      expect(answer.retryAfter).toBe("5");
      expect(answer.body.error).toBe("unavailable");
    }
    // "Within a few seconds": the connect timeout is 3 s and reconnects back off for at most 1 s.
    expect(Math.max(...outage.map((a) => a.ms))).toBeLessThan(5_000);

    // Nothing acknowledged is lost.
    const sql = postgres(stack.databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const [{ orders }] =
        await sql`select count(*)::int as orders from public.orders where id = any(${load.acknowledgedOrders}::uuid[])`;
      expect(orders).toBe(load.acknowledgedOrders.length);
      const [{ delivered }] = await sql`
        select count(distinct order_id)::int as delivered from public.ledger_transactions
        where kind = 'delivery' and order_id = any(${load.acknowledgedDeliveries}::uuid[])`;
      expect(delivered).toBe(load.acknowledgedDeliveries.length);
    } finally {
      await sql.end();
    }
  }, 180_000);
});
