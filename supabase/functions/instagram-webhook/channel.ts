// How an Instagram reply is sent: a private reply to a comment or a DM to the person, from the
// account's own token (refreshed first once it is a day old), with ?s=comment or ?s=dm on the link.
// A token Instagram refuses as no longer valid marks the account: the influencer must connect again.
import { asService, type Sql } from "../_shared/db.ts";
import { currentToken, markTokenRefused, type StoredToken } from "../_shared/instagram/accounts.ts";
import type { InstagramConfig } from "../_shared/instagram/config.ts";
import { sendMessage, type Recipient } from "../_shared/instagram/meta-api.ts";
import { Disconnected, type ReplyChannel } from "../_shared/keyword-engine/send-reply.ts";
import { MetaError } from "../_shared/meta-call.ts";

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
      try {
        return (await sendMessage(config, token, recipient, text)).message_id;
      } catch (error) {
        if (error instanceof MetaError && error.isTokenRefused) await markTokenRefused(sql, stored);
        throw error;
      }
    },
  };
}
