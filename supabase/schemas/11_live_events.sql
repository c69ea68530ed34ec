-- Live events (docs/architecture.md, "Live screens: Broadcast from the database"): what tells an
-- open screen that something it shows has changed. Triggers send each change, as messages of
-- realtime.messages (what realtime.send inserts), to private Broadcast topics, and a screen
-- refetches what an event names:
--   admin                    every order, user, link application and payout request change
--   shop:<business id>       that shop's orders, campaigns, link applications on its campaigns,
--                            payout requests and click counts
--   influencer:<user id>     orders through the influencer's links, their links and campaigns,
--                            keyword triggers, Instagram activity, click counts, payout requests,
--                            their Instagram account and Facebook Page (a token refused)
--   user:<user id>           the account's own row (approval, rejection, suspension)
-- A message is {table, op, id}: which row changed and how, never its data (no phone, email,
-- amount or token), so a topic needs no per-message check. Who may join a topic is decided once,
-- at join, by the read policy below; Realtime checks it again on every token refresh.
--
-- This replaces Postgres Changes, which authorised every change for every subscriber on one
-- thread (tens of changes a second at a few hundred dashboards).

-- joining ----------------------------------------------------------------------------------------

-- A user's own topic: shop:<id> for a business, influencer:<id> for an influencer, null otherwise.
create or replace function private.owner_topic(p_user_id uuid) returns text
language plpgsql stable security definer set search_path = ''
as $$
begin
  return (select case u.user_type when 'business' then 'shop:' when 'influencer' then 'influencer:' end || u.id::text
          from public.users u where u.id = p_user_id);
end
$$;
revoke execute on function private.owner_topic(uuid) from public;

-- Whether the caller may read `topic`: an approved admin the admin topic, every account its own
-- user topic, a business its shop topic and an influencer its influencer topic (whatever their
-- status: their own rows are readable whatever it is, and a pending account has none), and only
-- with a token of a live session: a signed-out session joins nothing, though its token has not
-- expired.
create or replace function private.may_join_topic(topic text) returns boolean
language sql stable security definer set search_path = ''
as $$
  -- A suspended account's sessions are ended already; its status is checked too, so that no token
  -- of it (one signed before the suspension reached the session) joins anything.
  select private.session_is_live()
    and not exists (select 1 from public.users u where u.id = (select auth.uid()) and u.status = 'suspended')
    and case
    when topic = 'admin' then private.has_role('admin')
    when topic = 'user:' || (select auth.uid())::text then true
    else coalesce(topic = private.owner_topic((select auth.uid())), false)
  end
$$;
comment on function private.may_join_topic is 'Whether the caller may join the private Broadcast topic (docs/architecture.md, "Live screens").';
revoke execute on function private.may_join_topic(text) from public;
grant execute on function private.may_join_topic(text) to authenticated;

-- Realtime runs this check as the joining user against a probe row of the channel's topic. The
-- row's own topic is checked (not realtime.topic(), which a caller could set), so a user who could
-- read realtime.messages directly would still see only their topics' messages. anon has no
-- policy: an anonymous caller joins nothing.
create policy "Members can join their live topics" on realtime.messages
  for select to authenticated
  using (extension = 'broadcast' and private.may_join_topic(topic));

-- Clients send nothing: there is no insert policy for anon or authenticated, so Realtime refuses
-- (drops) a broadcast pushed from a browser. The database's own functions send as postgres, which
-- this policy admits whether or not the role bypasses RLS on realtime.messages.
create policy "Only the database broadcasts" on realtime.messages
  for insert to postgres
  with check (extension = 'broadcast' and private is true);

-- sending ----------------------------------------------------------------------------------------

-- The messages of one statement: message i is {table, op, id: p_ids[i]} to the topic p_topics[i]
-- (a null topic is skipped), private, with the table's name as the event. They are inserted into
-- realtime.messages as realtime.send inserts one, but in a single statement: realtime.send costs a
-- statement, a subtransaction and a dynamic SET per message, and every checkout sends three. In
-- an A/B run of place_order (backend CPU, medians of 5 rounds of 1,000 orders) three
-- realtime.send calls added about 1.2 ms an order; one insert adds too little to tell from the
-- noise (under 0.1 ms). Like realtime.send it never fails its caller: a message that cannot be
-- stored (no partition for today) is a WARNING, so a live event can never undo the change it
-- reports.
create or replace function private.send_live_events(p_table text, p_op text, p_ids uuid[], p_topics text[])
returns void
language plpgsql security definer set search_path = ''
as $$
begin
  insert into realtime.messages (topic, extension, event, payload, private)
  select m.topic, 'broadcast', p_table, jsonb_build_object('table', p_table, 'op', p_op, 'id', m.id), true
  from unnest(p_ids, p_topics) as m (id, topic)
  where m.topic is not null;
exception
  when others then
    raise warning 'live events of % were not sent: %', p_table, sqlerrm;
end
$$;
revoke execute on function private.send_live_events(text, text, uuid[], text[]) from public;

-- One row's message to each of its topics.
create or replace function private.send_live_event(p_table text, p_op text, p_id uuid, p_topics text[])
returns void
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.send_live_events(p_table, p_op, array_fill(p_id, array[cardinality(p_topics)]), p_topics);
end
$$;
revoke execute on function private.send_live_event(text, text, uuid, text[]) from public;

-- Orders change in bulk (an admin's bulk status change), so one statement sends all its rows, in
-- one insert.
create or replace function private.send_order_events() returns trigger
language plpgsql security definer set search_path = ''
as $$
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
$$;
revoke execute on function private.send_order_events() from public;

create or replace function private.send_user_event() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.send_live_event('users', tg_op, coalesce(new.id, old.id),
    array['admin', 'user:' || coalesce(new.id, old.id)]);
  return null;
end
$$;
revoke execute on function private.send_user_event() from public;

-- A link: the admin's applications, the influencer's links, the shop's applications.
create or replace function private.send_affiliate_link_event() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  link public.affiliate_links := coalesce(new, old);
begin
  perform private.send_live_event('affiliate_links', tg_op, link.id,
    array['admin', 'influencer:' || link.influencer_id,
          (select 'shop:' || c.business_id from public.campaigns c where c.id = link.campaign_id)]);
  return null;
end
$$;
revoke execute on function private.send_affiliate_link_event() from public;

-- A campaign: its shop, and every influencer with a link to it (their cards show its price).
create or replace function private.send_campaign_event() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  campaign public.campaigns := coalesce(new, old);
begin
  perform private.send_live_event('campaigns', tg_op, campaign.id,
    array['shop:' || campaign.business_id]
      || array(select 'influencer:' || l.influencer_id from public.affiliate_links l where l.campaign_id = campaign.id));
  return null;
end
$$;
revoke execute on function private.send_campaign_event() from public;

create or replace function private.send_payout_request_event() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  request public.payout_requests := coalesce(new, old);
begin
  perform private.send_live_event('payout_requests', tg_op, request.id,
    array['admin', private.owner_topic(request.user_id)]);
  return null;
end
$$;
revoke execute on function private.send_payout_request_event() from public;

-- Clicks come in bursts (a story with thousands of views), so a link's count is sent at most
-- once per 5-second window: on the first click of a window. A screen refetches again a window
-- after an event, which picks up the clicks of the rest of that window (src/lib/live-topics.ts).
create or replace function private.send_click_count_event() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'UPDATE'
     and floor(extract(epoch from old.last_click_at) / 5) = floor(extract(epoch from new.last_click_at) / 5) then
    return null;
  end if;
  perform private.send_live_event('link_click_counts', tg_op, new.affiliate_link_id,
    array['admin', 'shop:' || new.business_id, 'influencer:' || new.influencer_id]);
  return null;
end
$$;
revoke execute on function private.send_click_count_event() from public;

-- Keyword triggers and Instagram activity belong to one influencer.
create or replace function private.send_influencer_row_event() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  row_id uuid := case when tg_op = 'DELETE' then old.id else new.id end;
  influencer uuid := case when tg_op = 'DELETE' then old.influencer_id else new.influencer_id end;
begin
  perform private.send_live_event(tg_table_name, tg_op, row_id, array['influencer:' || influencer]);
  return null;
end
$$;
revoke execute on function private.send_influencer_row_event() from public;

-- The influencer's Instagram account and Facebook Page (08_keyword_automation.sql): connected,
-- refreshed, disconnected, and above all a token Meta refused, which the dashboard's card must
-- say without a reload. One row per influencer: the event carries the influencer's id.
create or replace function private.send_connection_event() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  influencer uuid := case when tg_op = 'DELETE' then old.influencer_id else new.influencer_id end;
begin
  perform private.send_live_event(tg_table_name, tg_op, influencer, array['influencer:' || influencer]);
  return null;
end
$$;
revoke execute on function private.send_connection_event() from public;

-- An order's cash (06_couriers.sql): due at a delivery a courier carried, paid by a remittance or
-- its reversal. Its shop's and influencer's earnings wait on it, and the admin's Couriers tab shows
-- it; the event carries the order's id.
create or replace function private.send_order_cash_event() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.send_live_event('order_cash', tg_op, new.order_id,
    (select array['admin', 'shop:' || o.business_id, 'influencer:' || o.influencer_id]
     from public.orders o where o.id = new.order_id));
  return null;
end
$$;
revoke execute on function private.send_order_cash_event() from public;

-- triggers -----------------------------------------------------------------------------------------

create trigger orders_send_inserts after insert on public.orders
  referencing new table as new_orders
  for each statement execute function private.send_order_events();
create trigger orders_send_updates after update on public.orders
  referencing new table as new_orders
  for each statement execute function private.send_order_events();
create trigger orders_send_deletes after delete on public.orders
  referencing old table as old_orders
  for each statement execute function private.send_order_events();

create trigger users_send_events after insert or update or delete on public.users
  for each row execute function private.send_user_event();

create trigger affiliate_links_send_events after insert or update or delete on public.affiliate_links
  for each row execute function private.send_affiliate_link_event();

create trigger campaigns_send_events after insert or update or delete on public.campaigns
  for each row execute function private.send_campaign_event();

create trigger payout_requests_send_events after insert or update or delete on public.payout_requests
  for each row execute function private.send_payout_request_event();

create trigger link_click_counts_send_events after insert or update on public.link_click_counts
  for each row execute function private.send_click_count_event();

create trigger keyword_triggers_send_events after insert or update or delete on public.keyword_triggers
  for each row execute function private.send_influencer_row_event();

create trigger keyword_events_send_events after insert or update or delete on public.keyword_events
  for each row execute function private.send_influencer_row_event();
create trigger instagram_accounts_send_events after insert or update or delete on public.instagram_accounts
  for each row execute function private.send_connection_event();
create trigger facebook_pages_send_events after insert or update or delete on public.facebook_pages
  for each row execute function private.send_connection_event();
create trigger order_cash_send_events after insert or update on public.order_cash
  for each row execute function private.send_order_cash_event();
