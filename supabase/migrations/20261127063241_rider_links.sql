-- Rider links (issue 29, item 4): private.courier_links and rider_steps, the functions that make,
-- list and revoke links and apply a rider's step, and the courier as an actor in the history and
-- the audit log. Written by npm run db:diff from supabase/schemas/, then completed by hand below.

create type "public"."rider_step" as enum ('picked_up', 'delivered', 'refused', 'unreachable');

drop trigger if exists "order_status_history_audit" on "public"."order_status_history";

alter table "public"."audit_log" drop constraint "audit_log_actor_check";

drop view if exists "private"."recomputed_order_counts";

drop view if exists "private"."recomputed_unrequested_earning_hours";


  create table "private"."courier_links" (
    "id" uuid not null default gen_random_uuid(),
    "courier_id" uuid not null,
    "token_hash" bytea not null,
    "created_by" uuid not null,
    "created_at" timestamp with time zone not null default now(),
    "revoked_at" timestamp with time zone,
    "last_used_at" timestamp with time zone
      );


alter table "private"."courier_links" enable row level security;


  create table "private"."rider_steps" (
    "step_id" uuid not null,
    "courier_id" uuid not null,
    "order_id" uuid not null,
    "step" rider_step not null,
    "cash_collected_cents" bigint,
    "applied" boolean not null,
    "created_at" timestamp with time zone not null default now()
      );


alter table "private"."rider_steps" enable row level security;

alter table "public"."audit_log" add column "actor_courier_id" uuid;

alter table "public"."order_status_history" add column "changed_by_courier" uuid;

CREATE INDEX courier_links_courier_id_idx ON private.courier_links USING btree (courier_id, created_at DESC);

CREATE UNIQUE INDEX courier_links_pkey ON private.courier_links USING btree (id);

CREATE UNIQUE INDEX courier_links_token_hash_key ON private.courier_links USING btree (token_hash);

CREATE INDEX rider_steps_courier_id_idx ON private.rider_steps USING btree (courier_id);

CREATE INDEX rider_steps_order_id_idx ON private.rider_steps USING btree (order_id);

CREATE UNIQUE INDEX rider_steps_pkey ON private.rider_steps USING btree (step_id);

alter table "private"."courier_links" add constraint "courier_links_pkey" PRIMARY KEY using index "courier_links_pkey";

alter table "private"."rider_steps" add constraint "rider_steps_pkey" PRIMARY KEY using index "rider_steps_pkey";

alter table "private"."courier_links" add constraint "courier_links_courier_id_fkey" FOREIGN KEY (courier_id) REFERENCES couriers(id) not valid;

alter table "private"."courier_links" validate constraint "courier_links_courier_id_fkey";

alter table "private"."courier_links" add constraint "courier_links_created_by_fkey" FOREIGN KEY (created_by) REFERENCES users(id) not valid;

alter table "private"."courier_links" validate constraint "courier_links_created_by_fkey";

alter table "private"."courier_links" add constraint "courier_links_token_hash_check" CHECK ((octet_length(token_hash) = 32)) not valid;

alter table "private"."courier_links" validate constraint "courier_links_token_hash_check";

alter table "private"."courier_links" add constraint "courier_links_token_hash_key" UNIQUE using index "courier_links_token_hash_key";

alter table "private"."rider_steps" add constraint "rider_steps_cash_collected_check" CHECK (((step = 'delivered'::rider_step) = (cash_collected_cents IS NOT NULL))) not valid;

alter table "private"."rider_steps" validate constraint "rider_steps_cash_collected_check";

alter table "private"."rider_steps" add constraint "rider_steps_courier_id_fkey" FOREIGN KEY (courier_id) REFERENCES couriers(id) not valid;

alter table "private"."rider_steps" validate constraint "rider_steps_courier_id_fkey";

alter table "private"."rider_steps" add constraint "rider_steps_order_id_fkey" FOREIGN KEY (order_id) REFERENCES orders(id) not valid;

alter table "private"."rider_steps" validate constraint "rider_steps_order_id_fkey";

alter table "public"."audit_log" add constraint "audit_log_actor_courier_id_fkey" FOREIGN KEY (actor_courier_id) REFERENCES couriers(id) not valid;

alter table "public"."audit_log" validate constraint "audit_log_actor_courier_id_fkey";

alter table "public"."order_status_history" add constraint "order_status_history_changed_by_courier_fkey" FOREIGN KEY (changed_by_courier) REFERENCES couriers(id) not valid;

alter table "public"."order_status_history" validate constraint "order_status_history_changed_by_courier_fkey";

alter table "public"."order_status_history" add constraint "order_status_history_one_actor" CHECK (((changed_by IS NULL) OR (changed_by_courier IS NULL))) not valid;

alter table "public"."order_status_history" validate constraint "order_status_history_one_actor";

alter table "public"."audit_log" add constraint "audit_log_actor_check" CHECK ((((actor_id IS NULL) = (actor_email IS NULL)) AND (num_nonnulls(actor_id, actor_courier_id) <= 1) AND ((actor_id IS NOT NULL) OR (actor_courier_id IS NOT NULL) OR (action = 'order.auto_cancel'::audit_action)))) not valid;

alter table "public"."audit_log" validate constraint "audit_log_actor_check";

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.rider_orders(p_courier_id uuid, p_limit integer)
 RETURNS TABLE(id uuid, order_number text, status order_status, product_name text, quantity integer, total_cents bigint, created_at timestamp with time zone, delivery_commune_code text, recipient_name text, customer_phone text, address_line text, landmark text, delivery_note text, business_name text, store_phone text)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select o.id, o.order_number, o.status, o.product_name, o.quantity, o.total_cents, o.created_at,
         o.delivery_commune_code, c.recipient_name, c.customer_phone, c.address_line, c.landmark, c.delivery_note,
         b.business_name, b.store_phone
  from public.orders o
  join private.order_contacts c on c.order_id = o.id
  join public.users b on b.id = o.business_id
  where o.courier_id = p_courier_id and o.status in ('new_order', 'ready_for_pickup', 'out_for_delivery')
  order by o.status = 'out_for_delivery' desc, o.created_at, o.id
  limit p_limit
$function$
;

CREATE OR REPLACE FUNCTION private.audit_courier_link()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.record_admin_action(
    case when tg_op = 'INSERT' then 'courier.link_create'::public.audit_action else 'courier.link_revoke' end,
    'courier', new.courier_id::text,
    jsonb_build_object('link_id', new.id, 'name', (select k.name from public.couriers k where k.id = new.courier_id)));
  return null;
end
$function$
;

CREATE OR REPLACE FUNCTION private.rider_courier_id(p_token text)
 RETURNS uuid
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  link private.courier_links;
begin
  select l.* into link
  from private.courier_links l join public.couriers k on k.id = l.courier_id
  where l.token_hash = extensions.digest(p_token, 'sha256') and l.revoked_at is null and k.active;
  if not found then
    return null;
  end if;
  if link.last_used_at is null or link.last_used_at < now() - interval '1 minute' then
    update private.courier_links set last_used_at = now() where id = link.id;
  end if;
  return link.courier_id;
end
$function$
;

CREATE OR REPLACE FUNCTION private.rider_step(p_courier_id uuid, p_order_id uuid, p_step_id uuid, p_step text, p_cash_collected_cents bigint DEFAULT NULL::bigint)
 RETURNS TABLE(changed orders, applied boolean, replayed boolean)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  current_order public.orders;
  step public.rider_step;
  earlier private.rider_steps;
  target public.order_status;
  reason public.order_cancellation_reason;
  previous_status public.order_status;
  moves boolean;
begin
  if p_step is null or not p_step = any (enum_range(null::public.rider_step)::text[]) then
    raise exception 'step must be one of %', array_to_string(enum_range(null::public.rider_step), ', ')
      using errcode = '22023', column = 'step';
  end if;
  step := p_step::public.rider_step;
  select * into current_order from public.orders o where o.id = p_order_id and o.courier_id = p_courier_id for update;
  if not found then
    raise exception 'Order not found' using errcode = 'P0002';
  end if;
  -- Under the order's lock, so of two sendings of one step only the first applies.
  select * into earlier from private.rider_steps s where s.step_id = p_step_id;
  if found then
    if earlier.order_id <> p_order_id or earlier.step <> step then
      raise exception 'This step id was used for another step' using errcode = '22023', column = 'step_id';
    end if;
    return query select current_order, earlier.applied, true;
    return;
  end if;
  target := case step when 'picked_up' then 'out_for_delivery' when 'delivered' then 'delivered'
                      else 'cancelled' end::public.order_status;
  reason := case step when 'refused' then 'customer_refused' when 'unreachable' then 'customer_unreachable'
                      end::public.order_cancellation_reason;
  moves := current_order.status is distinct from target or current_order.cancellation_reason is distinct from reason;
  if moves and current_order.status in ('delivered', 'cancelled') then
    raise exception 'This order is %: it can no longer change here. Please call the office', current_order.status
      using errcode = '55000';
  elsif moves and step <> 'picked_up' and current_order.status <> 'out_for_delivery' then
    raise exception 'Mark this order picked up first' using errcode = '55000';
  end if;
  if step = 'delivered' then
    if p_cash_collected_cents is null then
      raise exception 'cash_collected is required to mark an order delivered' using errcode = '22023', column = 'cash_collected';
    end if;
    if p_cash_collected_cents <> current_order.total_cents then
      raise exception 'The cash collected must be the amount to collect. Please call the office if the customer paid another amount'
        using errcode = '22023', column = 'cash_collected';
    end if;
  elsif p_cash_collected_cents is not null then
    raise exception 'cash_collected is only for a delivery' using errcode = '22023', column = 'cash_collected';
  end if;
  if moves then
    previous_status := current_order.status;
    update public.orders o set status = target, cancellation_reason = reason
    where o.id = p_order_id returning * into current_order;
    insert into public.order_status_history (order_id, from_status, to_status, changed_by_courier, note, cancellation_reason)
    values (p_order_id, previous_status, target, p_courier_id,
            case step when 'picked_up' then 'Picked up by the rider' when 'delivered' then 'Delivered by the rider'
                      when 'refused' then 'Refused at the door' else 'Customer unreachable' end,
            reason);
    if target = 'delivered' then
      perform private.post_delivery(p_order_id);
    end if;
  end if;
  insert into private.rider_steps (step_id, courier_id, order_id, step, cash_collected_cents, applied)
  values (p_step_id, p_courier_id, p_order_id, step, p_cash_collected_cents, moves);
  return query select current_order, moves, false;
end
$function$
;

CREATE OR REPLACE FUNCTION public.courier_links(p_courier_id uuid)
 RETURNS TABLE(id uuid, created_at timestamp with time zone, created_by_email text, revoked_at timestamp with time zone, last_used_at timestamp with time zone)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can manage couriers' using errcode = '42501';
  end if;
  if not exists (select from public.couriers k where k.id = p_courier_id) then
    raise exception 'Courier not found' using errcode = 'P0002';
  end if;
  return query
    select l.id, l.created_at, u.email, l.revoked_at, l.last_used_at
    from private.courier_links l join public.users u on u.id = l.created_by
    where l.courier_id = p_courier_id
    order by l.created_at desc, l.id;
end
$function$
;

CREATE OR REPLACE FUNCTION public.create_courier_link(p_courier_id uuid)
 RETURNS TABLE(id uuid, token text, created_at timestamp with time zone)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  courier public.couriers;
  new_token text := private.random_token(24);
  made private.courier_links;
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can manage couriers' using errcode = '42501';
  end if;
  select * into courier from public.couriers k where k.id = p_courier_id;
  if not found then
    raise exception 'Courier not found' using errcode = 'P0002';
  end if;
  if not courier.active then
    raise exception 'This courier is not active: activate it first' using errcode = '55000';
  end if;
  insert into private.courier_links (courier_id, token_hash, created_by)
  values (p_courier_id, extensions.digest(new_token, 'sha256'), (select auth.uid()))
  returning * into made;
  return query select made.id, new_token, made.created_at;
end
$function$
;

CREATE OR REPLACE FUNCTION public.revoke_courier_link(p_courier_id uuid, p_link_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can manage couriers' using errcode = '42501';
  end if;
  update private.courier_links l set revoked_at = coalesce(l.revoked_at, now())
  where l.id = p_link_id and l.courier_id = p_courier_id;
  if not found then
    raise exception 'Rider link not found' using errcode = 'P0002';
  end if;
end
$function$
;

CREATE OR REPLACE FUNCTION private.audit_order_status()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  details jsonb := jsonb_build_object(
      'before', jsonb_build_object('status', new.from_status),
      'after', jsonb_build_object('status', new.to_status),
      'reason', new.cancellation_reason,
      'note', new.note,
      'order_number', (select o.order_number from public.orders o where o.id = new.order_id));
begin
  -- A rider's step (private.rider_step) names its courier as the actor; there is no account.
  if new.changed_by_courier is not null then
    insert into public.audit_log (actor_courier_id, action, target_type, target_id, details)
    values (new.changed_by_courier, 'order.status_change', 'order', new.order_id::text,
            details - array(select d.key from jsonb_each(details) as d where d.value = 'null'::jsonb));
    return null;
  end if;
  -- A shop's own step (public.mark_order_ready) is audited with the shop as the actor.
  perform private.record_admin_action('order.status_change', 'order', new.order_id::text, details,
    p_shop_may_act => true);
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


create or replace view "private"."recomputed_unrequested_earning_hours" as  SELECT u.account_id,
    private.held_for_review(u.line, o.review_status) AS held,
    private.earning_hour(u.earned_at) AS earned_hour,
    (sum(u.amount_cents))::bigint AS amount_cents
   FROM (private.recomputed_unrequested_earnings u
     JOIN orders o ON ((o.id = u.order_id)))
  GROUP BY u.account_id, (private.held_for_review(u.line, o.review_status)), (private.earning_hour(u.earned_at))
 HAVING (sum(u.amount_cents) <> (0)::numeric);


CREATE TRIGGER courier_links_audit_create AFTER INSERT ON private.courier_links FOR EACH ROW EXECUTE FUNCTION private.audit_courier_link();

CREATE TRIGGER courier_links_audit_revoke AFTER UPDATE OF revoked_at ON private.courier_links FOR EACH ROW WHEN (((old.revoked_at IS NULL) AND (new.revoked_at IS NOT NULL))) EXECUTE FUNCTION private.audit_courier_link();

CREATE TRIGGER order_status_history_audit AFTER INSERT ON public.order_status_history FOR EACH ROW WHEN (((new.changed_by IS NOT NULL) OR (new.changed_by_courier IS NOT NULL))) EXECUTE FUNCTION private.audit_order_status();

-- What db:diff does not write: grants on tables, functions and views, and comments.

revoke all on private.recomputed_order_counts from public, anon, authenticated, service_role;
revoke all on private.recomputed_unrequested_earning_hours from public, anon, authenticated, service_role;
revoke all on private.courier_links from public, anon, authenticated, service_role;
revoke all on private.rider_steps from public, anon, authenticated, service_role;
revoke execute on function public.create_courier_link(uuid) from public, anon;
grant execute on function public.create_courier_link(uuid) to authenticated, service_role;
revoke execute on function public.courier_links(uuid) from public, anon;
grant execute on function public.courier_links(uuid) to authenticated, service_role;
revoke execute on function public.revoke_courier_link(uuid, uuid) from public, anon;
grant execute on function public.revoke_courier_link(uuid, uuid) to authenticated, service_role;
revoke execute on function private.rider_courier_id(text) from public;
grant execute on function private.rider_courier_id(text) to service_role;
revoke execute on function private.rider_orders(uuid, integer) from public;
grant execute on function private.rider_orders(uuid, integer) to service_role;
revoke execute on function private.rider_step(uuid, uuid, uuid, text, bigint) from public;
grant execute on function private.rider_step(uuid, uuid, uuid, text, bigint) to service_role;
revoke execute on function private.audit_courier_link() from public;

comment on type public.rider_step is 'What a rider marks on the rider''s page: picked up from the shop, delivered with the cash, refused at the door, or the customer unreachable.';
comment on type private.public_route is 'A public route with a rate limit per address: short_link (GET /r/*), order_page (the customer''s order page) or rider_page (a courier''s rider page, /rider/*).';
comment on type public.audit_action is 'An action the audit log records, named <target>.<verb>: an admin''s, a courier''s on its rider page (order.status_change), or (order.auto_cancel) a scheduled job''s acting on a rule an admin set.';
comment on table private.courier_links is 'Rider links (APP_URL/rider/<token>) of couriers: the token''s sha256, who made it, when it was revoked and last used.';
comment on table private.rider_steps is 'Each step a rider''s page sent, by the id the phone gave it, so a retry is not applied twice.';
comment on function public.create_courier_link is 'Admin: a new rider link token for an active courier (answered once; its hash is kept); audited.';
comment on function public.courier_links is 'Admin: a courier''s rider links, newest first, with who made each, its revocation and last use.';
comment on function public.revoke_courier_link is 'Admin: revokes a courier''s rider link (again: no change); audited.';
comment on function private.rider_courier_id is 'The rider''s page: the courier an unrevoked link of an active courier opens (noting its use), else null.';
comment on function private.rider_orders is 'The rider''s page: a courier''s unfinished orders, on the road first, with recipient, phone, address and shop.';
comment on function private.rider_step is 'The rider''s page: picked_up, delivered (with the cash), refused or unreachable on one of the courier''s orders, with the courier as the actor; a step id seen before is answered, not applied.';
comment on function private.audit_courier_link is 'Trigger: records an admin''s new rider link of a courier, or its revocation.';
comment on function private.audit_order_status is 'Trigger: records an admin''s (or the shop''s own, or a courier''s rider''s) change of an order''s status, with the cancellation reason.';
