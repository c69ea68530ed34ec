-- Couriers (issue 29, items 1 and 2): public.couriers, managed by admins through create_courier and
-- update_courier, read by admins and by the shops whose orders they carry; orders.courier_id, set
-- by assign_courier while an order is not yet delivered or cancelled; each change audited.
-- Written by npm run db:diff from supabase/schemas/, then completed by hand (grants, comments).
-- Reviewed by: the session that wrote it.

create type "public"."courier_kind" as enum ('company', 'freelance');

drop view if exists "private"."recomputed_order_counts";

drop view if exists "private"."recomputed_unrequested_earning_hours";


  create table "public"."couriers" (
    "id" uuid not null default gen_random_uuid(),
    "name" text not null,
    "phone" text not null,
    "kind" courier_kind not null,
    "active" boolean not null default true,
    "keeps_delivery_fee" boolean not null default true,
    "created_at" timestamp with time zone not null default now(),
    "updated_at" timestamp with time zone not null default now()
      );


alter table "public"."couriers" enable row level security;

alter table "public"."orders" add column "courier_id" uuid;

CREATE UNIQUE INDEX couriers_phone_key ON public.couriers USING btree (phone);

CREATE UNIQUE INDEX couriers_pkey ON public.couriers USING btree (id);

CREATE INDEX orders_courier_id_idx ON public.orders USING btree (courier_id, created_at DESC, id DESC);

alter table "public"."couriers" add constraint "couriers_pkey" PRIMARY KEY using index "couriers_pkey";

alter table "public"."couriers" add constraint "couriers_name_check" check (char_length(name) between 1 and 100 and name = btrim(name)) not valid;

alter table "public"."couriers" validate constraint "couriers_name_check";

alter table "public"."couriers" add constraint "couriers_phone_check" CHECK ((phone ~ '^\+855[1-9][0-9]{7,8}$'::text)) not valid;

alter table "public"."couriers" validate constraint "couriers_phone_check";

alter table "public"."couriers" add constraint "couriers_phone_key" UNIQUE using index "couriers_phone_key";

alter table "public"."orders" add constraint "orders_courier_id_fkey" FOREIGN KEY (courier_id) REFERENCES couriers(id) not valid;

alter table "public"."orders" validate constraint "orders_courier_id_fkey";

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.audit_courier()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  facts jsonb := jsonb_build_object('name', new.name, 'phone', new.phone, 'kind', new.kind,
                                    'keeps_delivery_fee', new.keeps_delivery_fee);
  changes jsonb;
begin
  if tg_op = 'INSERT' then
    perform private.record_admin_action('courier.create', 'courier', new.id::text, jsonb_build_object('after', facts));
  else
    changes := private.audit_changes(to_jsonb(old), to_jsonb(new), array['updated_at']);
    if changes is not null then
      perform private.record_admin_action('courier.update', 'courier', new.id::text,
        changes || jsonb_build_object('name', new.name));
    end if;
  end if;
  return null;
end
$function$
;

CREATE OR REPLACE FUNCTION private.audit_order_courier()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.record_admin_action('order.courier_assign', 'order', new.id::text,
    jsonb_build_object(
      'before', jsonb_build_object('courier', (select k.name from public.couriers k where k.id = old.courier_id)),
      'after', jsonb_build_object('courier', (select k.name from public.couriers k where k.id = new.courier_id)),
      'order_number', new.order_number));
  return null;
end
$function$
;

CREATE OR REPLACE FUNCTION public.assign_courier(p_order_id uuid, p_courier_id uuid)
 RETURNS orders
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  current_order public.orders;
  courier public.couriers;
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can assign couriers' using errcode = '42501';
  end if;
  select * into current_order from public.orders where id = p_order_id for update;
  if not found then
    raise exception 'Order not found' using errcode = 'P0002';
  end if;
  if current_order.status in ('delivered', 'cancelled') then
    raise exception 'This order is %: its courier can no longer change', current_order.status using errcode = '55000';
  end if;
  if p_courier_id is not null then
    select * into courier from public.couriers where id = p_courier_id;
    if not found then
      raise exception 'Courier not found' using errcode = 'P0002', column = 'courier_id';
    end if;
    if not courier.active and current_order.courier_id is distinct from p_courier_id then
      raise exception 'This courier is not active: activate it first' using errcode = '55000', column = 'courier_id';
    end if;
  end if;
  if current_order.courier_id is distinct from p_courier_id then
    update public.orders set courier_id = p_courier_id where id = p_order_id returning * into current_order;
  end if;
  return current_order;
end
$function$
;

CREATE OR REPLACE FUNCTION public.create_courier(p_name text, p_phone text, p_kind text, p_keeps_delivery_fee boolean)
 RETURNS couriers
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  created public.couriers;
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can manage couriers' using errcode = '42501';
  end if;
  if p_kind is null or not p_kind = any (enum_range(null::public.courier_kind)::text[]) then
    raise exception 'kind must be one of company, freelance' using errcode = '22023', column = 'kind';
  end if;
  insert into public.couriers (name, phone, kind, keeps_delivery_fee)
  values (btrim(p_name), p_phone, p_kind::public.courier_kind, coalesce(p_keeps_delivery_fee, true))
  returning * into created;
  return created;
exception when unique_violation then
  raise exception 'Another courier already has this phone number' using errcode = '23505', column = 'phone';
end
$function$
;

CREATE OR REPLACE FUNCTION public.update_courier(p_id uuid, p_name text DEFAULT NULL::text, p_phone text DEFAULT NULL::text, p_kind text DEFAULT NULL::text, p_active boolean DEFAULT NULL::boolean, p_keeps_delivery_fee boolean DEFAULT NULL::boolean)
 RETURNS couriers
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  saved public.couriers;
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can manage couriers' using errcode = '42501';
  end if;
  if p_kind is not null and not p_kind = any (enum_range(null::public.courier_kind)::text[]) then
    raise exception 'kind must be one of company, freelance' using errcode = '22023', column = 'kind';
  end if;
  update public.couriers
  set name = coalesce(btrim(p_name), name),
      phone = coalesce(p_phone, phone),
      kind = coalesce(p_kind::public.courier_kind, kind),
      active = coalesce(p_active, active),
      keeps_delivery_fee = coalesce(p_keeps_delivery_fee, keeps_delivery_fee)
  where id = p_id
  returning * into saved;
  if not found then
    raise exception 'Courier not found' using errcode = 'P0002';
  end if;
  return saved;
exception when unique_violation then
  raise exception 'Another courier already has this phone number' using errcode = '23505', column = 'phone';
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


grant select on table "public"."couriers" to "authenticated";

grant delete on table "public"."couriers" to "service_role";

grant insert on table "public"."couriers" to "service_role";

grant references on table "public"."couriers" to "service_role";

grant select on table "public"."couriers" to "service_role";

grant trigger on table "public"."couriers" to "service_role";

grant truncate on table "public"."couriers" to "service_role";

grant update on table "public"."couriers" to "service_role";


  create policy "Admins can read every courier"
  on "public"."couriers"
  as permissive
  for select
  to authenticated
using (( SELECT private.has_role('admin'::user_type) AS has_role));



  create policy "Businesses can read the couriers of their orders"
  on "public"."couriers"
  as permissive
  for select
  to authenticated
using ((EXISTS ( SELECT
   FROM orders o
  WHERE ((o.courier_id = couriers.id) AND (o.business_id = ( SELECT auth.uid() AS uid))))));


CREATE TRIGGER couriers_audit AFTER INSERT OR UPDATE ON public.couriers FOR EACH ROW EXECUTE FUNCTION private.audit_courier();

CREATE TRIGGER couriers_touch_updated_at BEFORE UPDATE ON public.couriers FOR EACH ROW EXECUTE FUNCTION private.touch_updated_at();

CREATE TRIGGER orders_courier_audit AFTER UPDATE OF courier_id ON public.orders FOR EACH ROW WHEN ((old.courier_id IS DISTINCT FROM new.courier_id)) EXECUTE FUNCTION private.audit_order_courier();

-- What db:diff does not write: grants on functions and views, and comments.

revoke all on private.recomputed_order_counts from public, anon, authenticated, service_role;
revoke all on private.recomputed_unrequested_earning_hours from public, anon, authenticated, service_role;
revoke all on public.couriers from anon, authenticated;
grant select on public.couriers to authenticated;
revoke execute on function public.create_courier(text, text, text, boolean) from public, anon;
grant execute on function public.create_courier(text, text, text, boolean) to authenticated, service_role;
revoke execute on function public.update_courier(uuid, text, text, text, boolean, boolean) from public, anon;
grant execute on function public.update_courier(uuid, text, text, text, boolean, boolean) to authenticated, service_role;
revoke execute on function public.assign_courier(uuid, uuid) from public, anon;
grant execute on function public.assign_courier(uuid, uuid) to authenticated, service_role;
revoke execute on function private.audit_courier() from public;
revoke execute on function private.audit_order_courier() from public;

comment on type public.courier_kind is 'A delivery company, or a freelance rider.';
comment on table public.couriers is 'Delivery companies and freelance riders who carry orders and collect the cash; admins manage them.';
comment on column public.couriers.keeps_delivery_fee is 'True: the courier keeps the delivery fee and remits the sale; false: it remits everything it collected.';
comment on column public.couriers.active is 'An inactive courier is kept (its orders name it) but gets no new orders.';
comment on function public.create_courier is 'Admin: adds a courier (name, phone, company or freelance, whether it keeps the delivery fee); audited.';
comment on function public.update_courier is 'Admin: changes any of a courier''s name, phone, kind, active and keeps_delivery_fee (null keeps it); audited.';
comment on function public.assign_courier is 'Admin: gives an order not yet delivered or cancelled to an active courier, or takes it back (null); audited.';
comment on function private.audit_courier is 'Trigger: records an admin''s new courier, or the changed values of one.';
comment on function private.audit_order_courier is 'Trigger: records an admin''s assignment of an order to a courier (before and after, by name).';
