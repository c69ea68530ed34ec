-- live events: written by npm run db:diff from supabase/schemas/. Reviewed by: the session that wrote it (privileges and comments added by hand).

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.may_join_topic(topic text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select case
    when topic = 'admin' then private.has_role('admin')
    when topic = 'user:' || (select auth.uid())::text then true
    else coalesce(topic = private.owner_topic((select auth.uid())), false)
  end
$function$
;

CREATE OR REPLACE FUNCTION private.owner_topic(p_user_id uuid)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select case u.user_type when 'business' then 'shop:' when 'influencer' then 'influencer:' end || u.id::text
  from public.users u where u.id = p_user_id
$function$
;

CREATE OR REPLACE FUNCTION private.send_affiliate_link_event()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  link public.affiliate_links := coalesce(new, old);
begin
  perform private.send_live_event('affiliate_links', tg_op, link.id,
    array['admin', 'influencer:' || link.influencer_id,
          (select 'shop:' || c.business_id from public.campaigns c where c.id = link.campaign_id)]);
  return null;
end
$function$
;

CREATE OR REPLACE FUNCTION private.send_campaign_event()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  campaign public.campaigns := coalesce(new, old);
begin
  perform private.send_live_event('campaigns', tg_op, campaign.id,
    array['shop:' || campaign.business_id]
      || array(select 'influencer:' || l.influencer_id from public.affiliate_links l where l.campaign_id = campaign.id));
  return null;
end
$function$
;

CREATE OR REPLACE FUNCTION private.send_click_count_event()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'UPDATE'
     and floor(extract(epoch from old.last_click_at) / 5) = floor(extract(epoch from new.last_click_at) / 5) then
    return null;
  end if;
  perform private.send_live_event('link_click_counts', tg_op, new.affiliate_link_id,
    array['admin', 'shop:' || new.business_id, 'influencer:' || new.influencer_id]);
  return null;
end
$function$
;

CREATE OR REPLACE FUNCTION private.send_influencer_row_event()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  row_id uuid := case when tg_op = 'DELETE' then old.id else new.id end;
  influencer uuid := case when tg_op = 'DELETE' then old.influencer_id else new.influencer_id end;
begin
  perform private.send_live_event(tg_table_name, tg_op, row_id, array['influencer:' || influencer]);
  return null;
end
$function$
;

CREATE OR REPLACE FUNCTION private.send_live_events(p_table text, p_op text, p_ids uuid[], p_topics text[])
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  insert into realtime.messages (topic, extension, event, payload, private)
  select m.topic, 'broadcast', p_table, jsonb_build_object('table', p_table, 'op', p_op, 'id', m.id), true
  from unnest(p_ids, p_topics) as m (id, topic)
  where m.topic is not null;
exception
  when others then
    raise warning 'live events of % were not sent: %', p_table, sqlerrm;
end
$function$
;

CREATE OR REPLACE FUNCTION private.send_live_event(p_table text, p_op text, p_id uuid, p_topics text[])
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select private.send_live_events(p_table, p_op, array_fill(p_id, array[cardinality(p_topics)]), p_topics)
$function$
;

CREATE OR REPLACE FUNCTION private.send_order_events()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'DELETE' then
    perform private.send_live_events('orders', tg_op, array_agg(o.id), array_agg(t.topic))
    from old_orders o
    cross join lateral unnest(array['admin', 'shop:' || o.business_id, 'influencer:' || o.influencer_id]) as t (topic);
  else
    perform private.send_live_events('orders', tg_op, array_agg(o.id), array_agg(t.topic))
    from new_orders o
    cross join lateral unnest(array['admin', 'shop:' || o.business_id, 'influencer:' || o.influencer_id]) as t (topic);
  end if;
  return null;
end
$function$
;

CREATE OR REPLACE FUNCTION private.send_payout_request_event()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  request public.payout_requests := coalesce(new, old);
begin
  perform private.send_live_event('payout_requests', tg_op, request.id,
    array['admin', private.owner_topic(request.user_id)]);
  return null;
end
$function$
;

CREATE OR REPLACE FUNCTION private.send_user_event()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.send_live_event('users', tg_op, coalesce(new.id, old.id),
    array['admin', 'user:' || coalesce(new.id, old.id)]);
  return null;
end
$function$
;


  create policy "Members can join their live topics"
  on "realtime"."messages"
  as permissive
  for select
  to authenticated
using (((extension = 'broadcast'::text) AND private.may_join_topic(topic)));



  create policy "Only the database broadcasts"
  on "realtime"."messages"
  as permissive
  for insert
  to postgres
with check (((extension = 'broadcast'::text) AND (private IS TRUE)));


CREATE TRIGGER affiliate_links_send_events AFTER INSERT OR DELETE OR UPDATE ON public.affiliate_links FOR EACH ROW EXECUTE FUNCTION private.send_affiliate_link_event();

CREATE TRIGGER campaigns_send_events AFTER INSERT OR DELETE OR UPDATE ON public.campaigns FOR EACH ROW EXECUTE FUNCTION private.send_campaign_event();

CREATE TRIGGER instagram_events_send_events AFTER INSERT OR DELETE OR UPDATE ON public.instagram_events FOR EACH ROW EXECUTE FUNCTION private.send_influencer_row_event();

CREATE TRIGGER keyword_triggers_send_events AFTER INSERT OR DELETE OR UPDATE ON public.keyword_triggers FOR EACH ROW EXECUTE FUNCTION private.send_influencer_row_event();

CREATE TRIGGER link_click_counts_send_events AFTER INSERT OR UPDATE ON public.link_click_counts FOR EACH ROW EXECUTE FUNCTION private.send_click_count_event();

CREATE TRIGGER orders_send_deletes AFTER DELETE ON public.orders REFERENCING OLD TABLE AS old_orders FOR EACH STATEMENT EXECUTE FUNCTION private.send_order_events();

CREATE TRIGGER orders_send_inserts AFTER INSERT ON public.orders REFERENCING NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION private.send_order_events();

CREATE TRIGGER orders_send_updates AFTER UPDATE ON public.orders REFERENCING NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION private.send_order_events();

CREATE TRIGGER payout_requests_send_events AFTER INSERT OR DELETE OR UPDATE ON public.payout_requests FOR EACH ROW EXECUTE FUNCTION private.send_payout_request_event();

CREATE TRIGGER users_send_events AFTER INSERT OR DELETE OR UPDATE ON public.users FOR EACH ROW EXECUTE FUNCTION private.send_user_event();

-- By hand (migra writes no privileges of functions nor comments):
comment on function private.may_join_topic is 'Whether the caller may join the private Broadcast topic (docs/architecture.md, "Live screens").';
revoke execute on function private.may_join_topic(text) from public;
grant execute on function private.may_join_topic(text) to authenticated;
revoke execute on function private.send_live_events(text, text, uuid[], text[]) from public;
revoke execute on function private.send_live_event(text, text, uuid, text[]) from public;
revoke execute on function private.owner_topic(uuid) from public;
revoke execute on function private.send_order_events() from public;
revoke execute on function private.send_user_event() from public;
revoke execute on function private.send_affiliate_link_event() from public;
revoke execute on function private.send_campaign_event() from public;
revoke execute on function private.send_payout_request_event() from public;
revoke execute on function private.send_click_count_event() from public;
revoke execute on function private.send_influencer_row_event() from public;
comment on table public.link_click_counts is 'Clicks per short link, kept by a trigger on link_clicks; its changes are sent to the dashboards as live events (no visitor hash).';

-- Nothing subscribes to Postgres Changes any more: every live screen joins its Broadcast topic.
alter publication supabase_realtime drop table public.users, public.campaigns, public.affiliate_links,
  public.orders, public.payout_requests, public.link_click_counts, public.instagram_events;
