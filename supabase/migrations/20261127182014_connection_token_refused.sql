-- A token Meta refuses as no longer valid (OAuth error 190: expired, the password changed, the app
-- removed) is marked on its Instagram account or Facebook Page, so the influencer is asked to
-- connect again instead of finding failed replies one by one in the activity:
-- - instagram_accounts.token_refused_at and facebook_pages.token_refused_at, readable by the
--   influencer (and admins) through the column grants;
-- - private.clear_token_refusal: a changed token (connecting again, a refresh) clears the mark;
-- - private.send_connection_event: every change of an account or Page is a live event on its
--   influencer's topic, so the dashboard's card says it without a reload;
-- - private.queue_telegram_connection_refused: the influencer's Telegram chats are told once per
--   refused token (the kind was added by 20261127181900_telegram_connection_refused_value).
-- The views are dropped and made again by db:diff as in earlier migrations (unchanged).
-- Written by npm run db:diff from supabase/schemas/, the grants, comments and the recomputed
-- views' revokes added by hand. Reviewed by: the session that wrote it.

drop view if exists "private"."recomputed_order_counts";

drop view if exists "private"."recomputed_unrequested_earning_hours";

drop view if exists "private"."recomputed_unrequested_earnings";

alter table "public"."facebook_pages" add column "token_refused_at" timestamp with time zone;

alter table "public"."instagram_accounts" add column "token_refused_at" timestamp with time zone;

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.clear_token_refusal()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if new.token_ciphertext is distinct from old.token_ciphertext then
    new.token_refused_at := null;
  end if;
  return new;
end
$function$
;

CREATE OR REPLACE FUNCTION private.queue_telegram_connection_refused()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  instagram constant boolean := tg_table_name = 'instagram_accounts';
begin
  insert into private.telegram_outbox (telegram_chat_id, kind, payload)
  select c.id, 'connection_refused', jsonb_build_object(
    'platform', case when instagram then 'instagram' else 'facebook' end,
    -- The row is one of two tables: its name is read by key, not as a column of either.
    'name', case when instagram then '@' || (to_jsonb(new) ->> 'username') else to_jsonb(new) ->> 'page_name' end)
  from public.telegram_chats c
  join public.users u on u.id = c.user_id
  where c.user_id = new.influencer_id and u.status = 'approved';
  return null;
end;
$function$
;

CREATE OR REPLACE FUNCTION private.send_connection_event()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  influencer uuid := case when tg_op = 'DELETE' then old.influencer_id else new.influencer_id end;
begin
  perform private.send_live_event(tg_table_name, tg_op, influencer, array['influencer:' || influencer]);
  return null;
end
$function$
;

create or replace view "private"."recomputed_order_counts" as  SELECT s.scope,
    s.scope_id,
    o.status,
    o.cancellation_reason,
    o.confirmation,
    count(*) AS orders,
    (sum(o.subtotal_cents))::bigint AS subtotal_cents,
    (sum(o.commission_cents))::bigint AS commission_cents
   FROM (orders o
     CROSS JOIN LATERAL ( VALUES ('platform'::order_count_scope,private.platform_scope_id()), ('business'::order_count_scope,o.business_id), ('influencer'::order_count_scope,o.influencer_id), ('link'::order_count_scope,o.affiliate_link_id)) s(scope, scope_id))
  GROUP BY s.scope, s.scope_id, o.status, o.cancellation_reason, o.confirmation;


create or replace view "private"."recomputed_unrequested_earnings" as  SELECT e.id AS ledger_entry_id,
    e.account_id,
    t.id AS transaction_id,
    t.order_id,
    e.line,
    e.amount_cents,
    COALESCE(d.created_at, t.created_at) AS earned_at
   FROM (((ledger_entries e
     JOIN ledger_accounts a ON ((a.id = e.account_id)))
     JOIN ledger_transactions t ON ((t.id = e.transaction_id)))
     LEFT JOIN ledger_transactions d ON ((d.id = t.reverses_transaction_id)))
  WHERE ((a.user_id IS NOT NULL) AND (e.line <> 'payout'::ledger_line) AND (NOT (EXISTS ( SELECT 1
           FROM payout_request_entries c
          WHERE (c.ledger_entry_id = e.id)))));


create or replace view "private"."recomputed_unrequested_earning_hours" as  SELECT u.account_id,
    private.held_for_review(u.line, o.review_status) AS held,
    private.earning_hour(u.earned_at) AS earned_hour,
    (sum(u.amount_cents))::bigint AS amount_cents,
    private.awaiting_cash(oc.status) AS awaiting_cash
   FROM ((private.recomputed_unrequested_earnings u
     JOIN orders o ON ((o.id = u.order_id)))
     LEFT JOIN order_cash oc ON ((oc.order_id = u.order_id)))
  GROUP BY u.account_id, (private.held_for_review(u.line, o.review_status)), (private.earning_hour(u.earned_at)), (private.awaiting_cash(oc.status))
 HAVING (sum(u.amount_cents) <> (0)::numeric);


CREATE TRIGGER facebook_pages_clear_token_refusal BEFORE UPDATE OF token_ciphertext ON public.facebook_pages FOR EACH ROW EXECUTE FUNCTION private.clear_token_refusal();

CREATE TRIGGER facebook_pages_queue_telegram AFTER UPDATE OF token_refused_at ON public.facebook_pages FOR EACH ROW WHEN (((old.token_refused_at IS NULL) AND (new.token_refused_at IS NOT NULL))) EXECUTE FUNCTION private.queue_telegram_connection_refused();

CREATE TRIGGER facebook_pages_send_events AFTER INSERT OR DELETE OR UPDATE ON public.facebook_pages FOR EACH ROW EXECUTE FUNCTION private.send_connection_event();

CREATE TRIGGER instagram_accounts_clear_token_refusal BEFORE UPDATE OF token_ciphertext ON public.instagram_accounts FOR EACH ROW EXECUTE FUNCTION private.clear_token_refusal();

CREATE TRIGGER instagram_accounts_queue_telegram AFTER UPDATE OF token_refused_at ON public.instagram_accounts FOR EACH ROW WHEN (((old.token_refused_at IS NULL) AND (new.token_refused_at IS NOT NULL))) EXECUTE FUNCTION private.queue_telegram_connection_refused();

CREATE TRIGGER instagram_accounts_send_events AFTER INSERT OR DELETE OR UPDATE ON public.instagram_accounts FOR EACH ROW EXECUTE FUNCTION private.send_connection_event();

comment on type public.telegram_notice_kind is 'What a Telegram chat is told: a new order (shops, admins, the order''s influencer), a completed payout (the payee), a sign-up (admins), an order''s new status (a customer following it), an order delivered or refused (its influencer), its cash handed over by the courier (its influencer), the daily reminder of couriers holding cash (admins), and an Instagram or Facebook connection Meta no longer accepts (its influencer).';
comment on function private.clear_token_refusal is 'Trigger: a stored token that changes is no longer refused.';
comment on function private.queue_telegram_connection_refused is 'Trigger: tells the influencer that Instagram or Facebook no longer accepts their connection, so that they connect again.';
revoke execute on function private.clear_token_refusal() from public;
revoke execute on function private.send_connection_event() from public;
revoke execute on function private.queue_telegram_connection_refused() from public;

grant select (token_refused_at) on public.instagram_accounts to authenticated;
grant select (token_refused_at) on public.facebook_pages to authenticated;

revoke all on private.recomputed_order_counts from public, anon, authenticated, service_role;
revoke all on private.recomputed_unrequested_earning_hours from public, anon, authenticated, service_role;
revoke all on private.recomputed_unrequested_earnings from public, anon, authenticated, service_role;
