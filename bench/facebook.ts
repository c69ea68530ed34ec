// `npm run bench:facebook -- [comments] [burst]`: how fast keyword comments on a Facebook Page are
// answered on a fresh local stack, through the Facebook fake, the gateway, the facebook-webhook
// function and Postgres (bench/keyword-replies.ts says what is printed).
import { fakeCall, runKeywordBench } from "./keyword-replies.ts";

const page = "Bench Page";

await runKeywordBench((stack) => {
  if (!stack.facebookFake) throw new Error("the bench needs the Facebook fake: unset FACEBOOK_APP_ID");
  const fake = (method: string, path: string, body?: unknown) => fakeCall(stack.facebookFake!.url, method, path, body);
  return {
    async connect(call, creator) {
      const { url } = await call<{ url: string }>("GET", "/facebook/connect", creator);
      const allowed = await fetch(url, {
        method: "POST",
        body: new URLSearchParams({ action: "allow", name: "Bench Creator", pages: page }),
        redirect: "manual",
      });
      const callback = new URL(allowed.headers.get("location")!).searchParams;
      await call("POST", "/facebook/connect", creator, { code: callback.get("code"), state: callback.get("state") });
    },
    async comment(text) {
      const sent = await fake("POST", "comment", { page, text });
      return { commentId: sent.comment_id, webhookMs: sent.ms, createdAt: sent.created_at };
    },
    async repliesToComments(min) {
      const { replies } = await fake("GET", `replies?page=${encodeURIComponent(page)}&min=${min}&wait_ms=30000`);
      return replies.map((r: { recipient: { comment_id: string }; at: string }) => ({
        commentId: r.recipient.comment_id,
        at: r.at,
      }));
    },
  };
});
