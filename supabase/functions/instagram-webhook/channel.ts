// How an Instagram reply is sent: a private reply to a comment or a DM to the person, from the
// account's own token (refreshed first once it is a day old), with ?s=comment or ?s=dm on the link.
import { asService, type Sql } from "../_shared/db.ts";
import { currentToken, type StoredToken } from "../_shared/instagram/accounts.ts";
import type { InstagramConfig } from "../_shared/instagram/config.ts";
import { sendMessage, type Recipient } from "../_shared/instagram/meta-api.ts";
import { Disconnected, type ReplyChannel } from "../_shared/keyword-engine/send-reply.ts";

export function instagramChannel(sql: Sql, config: InstagramConfig | null): ReplyChannel {
  return {
    sources: { comment: "comment", dm: "dm" },
    async send(target, text) {
      const [stored] = await asService(
        sql,
        (tx) => tx<StoredToken[]>`
          select influencer_id, token_ciphertext, token_issued_at from public.instagram_accounts
          where ig_user_id = ${target.accountId} and influencer_id = ${target.influencerId}`,
      );
      if (!stored || !config) throw new Disconnected("Instagram was disconnected");
      const token = await currentToken(sql, config, stored);
      const recipient: Recipient =
        target.kind === "comment" ? { comment_id: target.externalId } : { id: target.senderId };
      return (await sendMessage(config, token, recipient, text)).message_id;
    },
  };
}
