// `npm run bench:instagram -- [comments] [burst]`: how fast keyword comments are answered on a
// fresh local stack, through the Meta fake, the gateway, the instagram-webhook function and
// Postgres. Prints percentiles of
//   the webhook's answer time   (the fake's POST to the webhook until its 200: what Meta waits for)
//   comment to reply            (the comment's creation in the fake until the fake accepted the reply)
// first for comments one after another, then for a burst of comments at once. A benchmark, not a
// test: it asserts nothing beyond every comment being answered.
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../local-stack/free-port.ts";
import { startStack } from "../local-stack/stack.ts";

const sequential = Number(process.argv[2] ?? 50);
const burst = Number(process.argv[3] ?? 20);

const dataDir = mkdtempSync(join(tmpdir(), "marketplace-bench-"));
chmodSync(dataDir, 0o755);
const stack = await startStack({
  port: await freePort(),
  dataDir,
  admin: { email: "admin@example.com", password: "Admin123!" },
});

async function call(method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${stack.url}/functions/v1/api${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(answer)}`);
  return answer;
}

async function fake(method: string, path: string, body?: unknown) {
  const res = await fetch(`${stack.metaFake!.url}/_fake/${path}`, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
}

const login = async (email: string, password: string) =>
  (await call("POST", "/auth/login", undefined, { email, password })).token as string;

function percentiles(label: string, values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  console.log(
    `${label.padEnd(34)} n=${String(sorted.length).padStart(3)}  p50 ${at(50)} ms  p95 ${at(95)} ms  max ${at(100)} ms`,
  );
}

try {
  if (!stack.metaFake) throw new Error("the bench needs the Meta fake: unset INSTAGRAM_APP_ID");
  const [admin, shop, creator] = await Promise.all([
    login("admin@example.com", "Admin123!"),
    login("business@example.com", "Demo1234!"),
    login("influencer@example.com", "Demo1234!"),
  ]);
  const today = new Date().toISOString().slice(0, 10);
  const { campaign } = await call("POST", "/campaigns", shop, {
    product_name: "Bench Scarf",
    price: 12.5,
    commission_rate: 0.15,
    description: "A campaign for the benchmark",
    image_urls: ["https://images.example.com/bench.jpg"],
    start_date: today,
  });
  const { link } = await call("POST", "/affiliate-links/apply", creator, { campaign_id: campaign.id });
  await call("PUT", `/admin/affiliate-links/${link.id}/approve`, admin);
  const { triggers } = await call("GET", "/keyword-triggers/my-triggers", creator);
  const keyword = triggers.find((t: { campaign_id: string }) => t.campaign_id === campaign.id).keyword;

  const username = "bench.creator";
  const { url } = await call("GET", "/instagram/connect", creator);
  const allowed = await fetch(url, {
    method: "POST",
    body: new URLSearchParams({ username, action: "allow" }),
    redirect: "manual",
  });
  const callback = new URL(allowed.headers.get("location")!).searchParams;
  await call("POST", "/instagram/connect", creator, { code: callback.get("code"), state: callback.get("state") });

  let replied = 0;
  async function measure(count: number, label: string, together: boolean) {
    const webhookMs: number[] = [];
    const toReplyMs: number[] = [];
    const comment = async (n: number) =>
      fake("POST", "comments", { account: username, text: `${keyword} please (${label} ${n})` });
    const comments = together ? await Promise.all(Array.from({ length: count }, (_, n) => comment(n))) : [];
    if (!together) for (let n = 0; n < count; n++) comments.push(await comment(n));
    replied += count;
    const { replies } = await fake("GET", `replies?account=${username}&min=${replied}&wait_ms=30000`);
    if (replies.length < replied) throw new Error(`only ${replies.length} of ${replied} comments were answered`);
    for (const sent of comments) {
      webhookMs.push(sent.webhook_ms);
      const reply = replies.find(
        (r: { recipient: { comment_id?: string } }) => r.recipient.comment_id === sent.comment_id,
      );
      toReplyMs.push(Date.parse(reply.at) - Date.parse(sent.created_at));
    }
    percentiles(`webhook answer, ${label}`, webhookMs);
    percentiles(`comment to reply, ${label}`, toReplyMs);
  }

  await measure(5, "warm-up", false);
  console.log(`\n${sequential} comments one after another, then ${burst} at once:`);
  await measure(sequential, "one at a time", false);
  await measure(burst, `burst of ${burst}`, true);
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
