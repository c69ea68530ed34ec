// What `bench:instagram` and `bench:facebook` share: a fresh local stack with the demo influencer's
// approved link and its keyword, the platform connected through its fake, then keyword comments
// one after another and in a burst. Prints percentiles of
//   the webhook's answer time   (the fake's POST to the webhook until its 200: what Meta waits for)
//   comment to reply            (the comment's creation in the fake until the fake accepted the reply)
// A benchmark, not a test: it asserts nothing beyond every comment being answered.
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../local-stack/free-port.ts";
import { startStack, type Stack } from "../local-stack/stack.ts";
import { percentiles } from "./measure.ts";

/** A call of the api function; its answer's JSON as the caller says it is. */
export type ApiCall = <T>(method: string, path: string, token?: string, body?: unknown) => Promise<T>;

/** A comment as the platform's fake answered it. */
export interface SentComment {
  commentId: string;
  /** How long the webhook took to answer the fake's POST. */
  webhookMs: number;
  createdAt: string;
}

export interface KeywordPlatform {
  /** Connects the demo influencer (whose token is given) through the fake. */
  connect(call: ApiCall, creator: string): Promise<void>;
  comment(text: string): Promise<SentComment>;
  /** The replies sent so far to comments, once there are at least `min` (waiting up to 30 s). */
  repliesToComments(min: number): Promise<{ commentId: string; at: string }[]>;
}

/** Runs the bench with the platform the stack gives (its fake), printing the figures. */
export async function runKeywordBench(platformOf: (stack: Stack) => KeywordPlatform) {
  const sequential = Number(process.argv[2] ?? 50);
  const burst = Number(process.argv[3] ?? 20);
  const dataDir = mkdtempSync(join(tmpdir(), "marketplace-bench-"));
  chmodSync(dataDir, 0o755);
  const stack = await startStack({
    port: await freePort(),
    dataDir,
    admin: { email: "admin@example.com", password: "Admin123!" },
  });

  const call: ApiCall = async <T>(method: string, path: string, token?: string, body?: unknown) => {
    const res = await fetch(`${stack.url}/functions/v1/api${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = await res.json();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(answer)}`);
    return answer as T;
  };
  const login = async (email: string, password: string) =>
    (await call<{ token: string }>("POST", "/auth/login", undefined, { email, password })).token;
  const print = (label: string, values: number[]) =>
    console.log(`${label.padEnd(34)} n=${String(values.length).padStart(3)}  ${percentiles(values)}`);

  try {
    const platform = platformOf(stack);
    const [admin, shop, creator] = await Promise.all([
      login("admin@example.com", "Admin123!"),
      login("business@example.com", "Demo1234!"),
      login("influencer@example.com", "Demo1234!"),
    ]);
    const today = new Date().toISOString().slice(0, 10);
    const { campaign } = await call<{ campaign: { id: string } }>("POST", "/campaigns", shop, {
      product_name: "Bench Scarf",
      price: 12.5,
      commission_rate: 0.15,
      description: "A campaign for the benchmark",
      image_urls: ["https://images.example.com/bench.jpg"],
      start_date: today,
    });
    const { link } = await call<{ link: { id: string } }>("POST", "/affiliate-links/apply", creator, {
      campaign_id: campaign.id,
    });
    await call("PUT", `/admin/affiliate-links/${link.id}/approve`, admin);
    const { triggers } = await call<{ triggers: { campaign_id: string; keyword: string }[] }>(
      "GET",
      "/keyword-triggers/my-triggers",
      creator,
    );
    const keyword = triggers.find((t) => t.campaign_id === campaign.id)!.keyword;
    await platform.connect(call, creator);

    let replied = 0;
    async function measure(count: number, label: string, together: boolean) {
      const comment = (n: number) => platform.comment(`${keyword} please (${label} ${n})`);
      const comments = together ? await Promise.all(Array.from({ length: count }, (_, n) => comment(n))) : [];
      if (!together) for (let n = 0; n < count; n++) comments.push(await comment(n));
      replied += count;
      const replies = await platform.repliesToComments(replied);
      if (replies.length < replied) throw new Error(`only ${replies.length} of ${replied} comments were answered`);
      const toReplyMs = comments.map((sent) => {
        const reply = replies.find((r) => r.commentId === sent.commentId)!;
        return Date.parse(reply.at) - Date.parse(sent.createdAt);
      });
      print(
        `webhook answer, ${label}`,
        comments.map((sent) => sent.webhookMs),
      );
      print(`comment to reply, ${label}`, toReplyMs);
    }

    await measure(5, "warm-up", false);
    console.log(`\n${sequential} comments one after another, then ${burst} at once:`);
    await measure(sequential, "one at a time", false);
    await measure(burst, `burst of ${burst}`, true);
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A control call of a fake (JSON in and out). */
export async function fakeCall(fakeUrl: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${fakeUrl}/_fake/${path}`, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
}
