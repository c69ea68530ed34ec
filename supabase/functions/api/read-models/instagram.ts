// The Instagram connection and the keyword activity (Instagram and Facebook) as the API returns them. Read as the influencer: the
// column grants leave the token out of reach, and RLS limits rows to their own.
import type { InstagramAccount, InstagramEvent } from "../../_shared/contract/instagram.ts";
import type { Tables } from "../../_shared/database.types.ts";
import type { Tx } from "../../_shared/db.ts";

export type InstagramAccountRow = Pick<
  Tables<"instagram_accounts">,
  "username" | "ig_user_id" | "connected_at" | "token_refused_at"
>;

export async function readInstagramAccount(tx: Tx, influencerId: string): Promise<InstagramAccountRow | undefined> {
  const [row] = await tx<InstagramAccountRow[]>`
    select username, ig_user_id, connected_at, token_refused_at
    from public.instagram_accounts where influencer_id = ${influencerId}`;
  return row;
}

export function toInstagramAccountJson(row: InstagramAccountRow): InstagramAccount {
  return {
    username: row.username,
    user_id: row.ig_user_id,
    connected_at: row.connected_at,
    token_refused_at: row.token_refused_at,
  };
}

type EventRow = Pick<
  Tables<"keyword_events">,
  | "id"
  | "platform"
  | "kind"
  | "keyword"
  | "from_username"
  | "outcome"
  | "skip_reason"
  | "error_code"
  | "error_message"
  | "attempts"
  | "received_at"
  | "finished_at"
> & { campaign_name: string | null };

/** The influencer's 50 newest events on either platform, with the campaign of the keyword that matched. */
export function readInstagramActivity(tx: Tx, influencerId: string) {
  return tx<EventRow[]>`
    select e.id, e.platform, e.kind, e.keyword, c.product_name as campaign_name, e.from_username, e.outcome, e.skip_reason,
           e.error_code, e.error_message, e.attempts, e.received_at, e.finished_at
    from public.keyword_events e
    left join public.keyword_triggers k on k.id = e.keyword_trigger_id
    left join public.campaigns c on c.id = k.campaign_id
    where e.influencer_id = ${influencerId}
    order by e.received_at desc, e.id desc
    limit 50`;
}

export function toInstagramEventJson(row: EventRow): InstagramEvent {
  return { ...row };
}
