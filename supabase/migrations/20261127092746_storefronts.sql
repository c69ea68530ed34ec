-- Storefronts (issue 30, item 4): an influencer's store handle (users.store_handle, shown as
-- APP_URL/s/<handle>), the approved links they show there in their order (public.storefront_links,
-- written only by public.set_storefront_links), and the comments of the new click sources.
-- Written by npm run db:diff from supabase/schemas/, completed by hand (grants, comments, the
-- recomputed views' revokes). Reviewed by: the session that wrote it.

drop view if exists "private"."recomputed_order_counts";

drop view if exists "private"."recomputed_unrequested_earning_hours";

drop view if exists "private"."recomputed_unrequested_earnings";


  create table "public"."storefront_links" (
    "affiliate_link_id" uuid not null,
    "influencer_id" uuid not null,
    "position" smallint not null
      );


alter table "public"."storefront_links" enable row level security;

alter table "public"."users" add column "store_handle" text;

CREATE UNIQUE INDEX storefront_links_pkey ON public.storefront_links USING btree (affiliate_link_id);

CREATE UNIQUE INDEX storefront_links_position_key ON public.storefront_links USING btree (influencer_id, "position");

CREATE UNIQUE INDEX users_store_handle_key ON public.users USING btree (store_handle);

alter table "public"."storefront_links" add constraint "storefront_links_pkey" PRIMARY KEY using index "storefront_links_pkey";

alter table "public"."storefront_links" add constraint "storefront_links_affiliate_link_id_fkey" FOREIGN KEY (affiliate_link_id) REFERENCES affiliate_links(id) not valid;

alter table "public"."storefront_links" validate constraint "storefront_links_affiliate_link_id_fkey";

alter table "public"."storefront_links" add constraint "storefront_links_influencer_id_fkey" FOREIGN KEY (influencer_id) REFERENCES users(id) not valid;

alter table "public"."storefront_links" validate constraint "storefront_links_influencer_id_fkey";

alter table "public"."storefront_links" add constraint "storefront_links_position_check" CHECK ((("position" >= 1) AND ("position" <= 50))) not valid;

alter table "public"."storefront_links" validate constraint "storefront_links_position_check";

alter table "public"."storefront_links" add constraint "storefront_links_position_key" UNIQUE using index "storefront_links_position_key";

alter table "public"."users" add constraint "users_store_handle_format" CHECK ((store_handle ~ '^[a-z0-9._]{3,30}$'::text)) not valid;

alter table "public"."users" validate constraint "users_store_handle_format";

alter table "public"."users" add constraint "users_store_handle_only_for_influencers" CHECK (((store_handle IS NULL) OR (user_type = 'influencer'::user_type))) not valid;

alter table "public"."users" validate constraint "users_store_handle_only_for_influencers";

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION public.set_storefront_links(p_link_ids uuid[])
 RETURNS SETOF storefront_links
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  caller uuid := (select auth.uid());
  foreign_link uuid;
begin
  if not private.has_role('influencer') then
    raise exception 'Only approved influencers have a storefront' using errcode = '42501';
  end if;
  if p_link_ids is null or array_position(p_link_ids, null) is not null then
    raise exception 'link_ids must be a list of link ids' using errcode = '22023', column = 'link_ids';
  end if;
  if cardinality(p_link_ids) > 50 then
    raise exception 'A storefront shows at most 50 products' using errcode = '22023', column = 'link_ids';
  end if;
  if cardinality(p_link_ids) <> (select count(distinct link_id) from unnest(p_link_ids) as chosen (link_id)) then
    raise exception 'Each product can appear only once in the storefront' using errcode = '22023', column = 'link_ids';
  end if;
  select chosen.link_id into foreign_link
  from unnest(p_link_ids) as chosen (link_id)
  where not exists (
    select 1 from public.affiliate_links l
    where l.id = chosen.link_id and l.influencer_id = caller and l.status = 'approved'
  )
  limit 1;
  if found then
    raise exception 'Link % is not one of your approved links', foreign_link using errcode = '22023', column = 'link_ids';
  end if;

  -- Serialises two saves of one influencer (two tabs): the later one wins whole.
  perform 1 from public.users where id = caller for update;
  delete from public.storefront_links where influencer_id = caller;
  insert into public.storefront_links (affiliate_link_id, influencer_id, position)
  select chosen.link_id, caller, chosen.ord from unnest(p_link_ids) with ordinality as chosen (link_id, ord);
  return query select * from public.storefront_links where influencer_id = caller order by position;
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


revoke all on public.storefront_links from anon, authenticated;
grant select on table "public"."storefront_links" to "authenticated";

grant delete on table "public"."storefront_links" to "service_role";

grant insert on table "public"."storefront_links" to "service_role";

grant references on table "public"."storefront_links" to "service_role";

grant select on table "public"."storefront_links" to "service_role";

grant trigger on table "public"."storefront_links" to "service_role";

grant truncate on table "public"."storefront_links" to "service_role";

grant update on table "public"."storefront_links" to "service_role";


  create policy "Admins can read every storefront"
  on "public"."storefront_links"
  as permissive
  for select
  to authenticated
using (( SELECT private.has_role('admin'::user_type) AS has_role));



  create policy "Influencers can read their own storefront"
  on "public"."storefront_links"
  as permissive
  for select
  to authenticated
using ((influencer_id = ( SELECT auth.uid() AS uid)));

grant update (store_handle) on public.users to authenticated;

revoke execute on function public.set_storefront_links(uuid[]) from public, anon;
grant execute on function public.set_storefront_links(uuid[]) to authenticated;

revoke all on private.recomputed_order_counts from public, anon, authenticated, service_role;
revoke all on private.recomputed_unrequested_earning_hours from public, anon, authenticated, service_role;
revoke all on private.recomputed_unrequested_earnings from public, anon, authenticated, service_role;

comment on table public.storefront_links is 'The approved links an influencer shows on their storefront (APP_URL/s/<handle>), in order; written only by public.set_storefront_links.';
comment on function public.set_storefront_links is 'An approved influencer shows exactly these of their approved links on their storefront, in this order (at most 50; an empty list clears it).';
comment on type public.click_source is 'Where a short link was shared: the ?s= of the short URL (qr; dm and comment on Instagram; fb_dm and fb_comment on Facebook; store, the influencer''s storefront), else link.';
comment on column public.link_clicks.source is 'Where the link was shared: ?s= of the short URL (one of public.click_source), else link.';
