// Webhook bodies as Meta sends them for Pages (object "page"). Signing and delivery are the Meta
// fake's (../meta-fake/webhooks.ts): the same X-Hub-Signature-256 over the raw body with the app
// secret. One delivery carries one entry with one change or one messaging item, as Meta does in
// practice (it may batch: the product must accept both).
//
// A comment ("Webhooks for Pages", field feed; the value's fields as Meta delivers them):
//   {"object":"page","entry":[{"id":"<page>","time":<s>,"changes":[{"field":"feed","value":{
//     "from":{"id","name"},"post":{"status_type","is_published","updated_time","promotion_status","id"},
//     "message","post_id":"<page>_<post>","comment_id":"<post>_<comment>","created_time":<s>,
//     "item":"comment","parent_id":"<page>_<post>","verb":"add"}}]}]}
// A Messenger message (field messages) and its echo (field message_echoes): entry time and
// timestamp in milliseconds, sender and recipient by Page-scoped id.
import type { Comment, MessengerMessage, Page } from "./state.ts";

/** Graph's time format in webhook objects: 2025-03-22T18:20:04+0000. */
const graphTime = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "+0000");
const seconds = (ms: number) => Math.floor(ms / 1000);

/** A top-level comment on the Page's post (entry time: when Meta sends it; created_time: the comment's). */
export function commentEvent(page: Page, comment: Omit<Comment, "event" | "repliedWith">) {
  const postId = `${page.id}_${page.postId}`;
  return JSON.stringify({
    object: "page",
    entry: [
      {
        id: page.id,
        time: seconds(Date.now()),
        changes: [
          {
            field: "feed",
            value: {
              from: { id: comment.from.id, name: comment.from.name },
              post: {
                status_type: "added_photos",
                is_published: true,
                updated_time: graphTime(comment.createdAt),
                promotion_status: "inactive",
                id: postId,
              },
              message: comment.text,
              post_id: postId,
              comment_id: comment.id,
              created_time: seconds(comment.createdAt),
              item: "comment",
              parent_id: postId,
              verb: "add",
            },
          },
        ],
      },
    ],
  });
}

/**
 * A message a person wrote to the Page, or (isEcho) one the Page sent, which Meta reports back with
 * is_echo and the app_id of the app that sent it. app_id is a JSON number on Meta's side, written
 * here digit for digit so no rounding can change it.
 */
export function messagingEvent(message: Omit<MessengerMessage, "event">, appId: string) {
  const echo = message.isEcho ? { is_echo: true, app_id: appId } : {};
  const body = JSON.stringify({
    object: "page",
    entry: [
      {
        id: message.pageId,
        time: Date.now(),
        messaging: [
          {
            sender: { id: message.senderId },
            recipient: { id: message.recipientId },
            timestamp: message.createdAt,
            message: { mid: message.mid, ...echo, text: message.text },
          },
        ],
      },
    ],
  });
  return message.isEcho && /^\d+$/.test(appId) ? body.replace(`"app_id":"${appId}"`, `"app_id":${appId}`) : body;
}
