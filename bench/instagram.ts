// `npm run bench:instagram -- [comments] [burst]`: how fast keyword comments on Instagram are
// answered on a fresh local stack, through the Meta fake, the gateway, the instagram-webhook
// function and Postgres (bench/keyword-replies.ts says what is printed).
import { fakeCall, runKeywordBench } from "./keyword-replies.ts";

const username = "bench.creator";

await runKeywordBench((stack) => {
  if (!stack.metaFake) throw new Error("the bench needs the Meta fake: unset INSTAGRAM_APP_ID");
  const fake = (method: string, path: string, body?: unknown) => fakeCall(stack.metaFake!.url, method, path, body);
  return {
    async connect(call, creator) {
      const { url } = await call<{ url: string }>("GET", "/instagram/connect", creator);
      const allowed = await fetch(url, {
        method: "POST",
        body: new URLSearchParams({ username, action: "allow" }),
        redirect: "manual",
      });
      const callback = new URL(allowed.headers.get("location")!).searchParams;
      await call("POST", "/instagram/connect", creator, { code: callback.get("code"), state: callback.get("state") });
    },
    async comment(text) {
      const sent = await fake("POST", "comments", { account: username, text });
      return { commentId: sent.comment_id, webhookMs: sent.webhook_ms, createdAt: sent.created_at };
    },
    async repliesToComments(min) {
      const { replies } = await fake("GET", `replies?account=${username}&min=${min}&wait_ms=30000`);
      return replies.map((r: { recipient: { comment_id: string }; at: string }) => ({
        commentId: r.recipient.comment_id,
        at: r.at,
      }));
    },
  };
});
