// How a Facebook reply is sent: from the Page, with its own token, a private reply to a comment
// (?s=fb_comment on the link) or a reply in Messenger to the person (?s=fb_dm). A Page token
// Facebook refuses as no longer valid marks the Page: the influencer must connect it again.
import { asService, type Sql } from "../_shared/db.ts";
import type { FacebookConfig } from "../_shared/facebook/config.ts";
import { sendPageMessage, type PageRecipient } from "../_shared/facebook/graph-api.ts";
import { Disconnected, type ReplyChannel } from "../_shared/keyword-engine/send-reply.ts";
import { MetaError } from "../_shared/meta-call.ts";
import { decryptToken } from "../_shared/token-cipher.ts";

export function facebookChannel(sql: Sql, config: FacebookConfig | null): ReplyChannel {
  return {
    sources: { comment: "fb_comment", dm: "fb_dm" },
    async send(target, text) {
      const [page] = await asService(
        sql,
        (tx) => tx<{ token_ciphertext: string }[]>`
          select token_ciphertext from public.facebook_pages
          where page_id = ${target.accountId} and influencer_id = ${target.influencerId}`,
      );
      if (!page || !config) throw new Disconnected("The Facebook Page was disconnected");
      const token = await decryptToken(config.tokenKey, page.token_ciphertext);
      const recipient: PageRecipient =
        target.kind === "comment" ? { comment_id: target.externalId } : { id: target.senderId };
      try {
        return (await sendPageMessage(config, target.accountId, token, recipient, text)).message_id;
      } catch (error) {
        // Only that token is marked (a reconnect in the meantime stored another), and only the
        // first refusal's time is kept.
        if (error instanceof MetaError && error.isTokenRefused) {
          await asService(
            sql,
            (tx) => tx`
              update public.facebook_pages set token_refused_at = now()
              where influencer_id = ${target.influencerId} and token_ciphertext = ${page.token_ciphertext}
                and token_refused_at is null`,
          );
        }
        throw error;
      }
    },
  };
}
