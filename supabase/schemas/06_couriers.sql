-- Couriers (issue 29): the delivery companies and freelance riders who carry orders and collect
-- the cash at the door. An admin adds and edits them (public.create_courier, update_courier) and
-- assigns each order not yet delivered to one (public.assign_courier); every change is audited
-- (10_audit.sql). Admins read every courier; a shop reads the couriers carrying its own orders
-- (their name and phone, so it knows who picks up). Nobody writes the table but those functions.
--
-- The rider's page: an admin makes a link for a courier (public.create_courier_link,
-- APP_URL/rider/<token>), which opens the courier's unfinished orders without an account until it
-- is revoked (public.revoke_courier_link). Only the token's hash is kept. The rider marks an order
-- picked up, delivered (with the cash collected), refused or unreachable (private.rider_step,
-- through the api function's service role), which moves it as an admin's buttons do, with the
-- courier as the actor in the history and the audit log. Each step carries an id the rider's phone
-- made: a retry of a step already applied answers without doing it again.
--
-- The cash: public.order_cash says, per delivered order a courier carried, what the courier owes
-- for it and what it remitted (06_remittances.sql).

-- types -------------------------------------------------------------------------------------------

create type public.courier_kind as enum ('company', 'freelance');
comment on type public.courier_kind is 'A delivery company, or a freelance rider.';
create type public.cash_status as enum ('with_courier', 'remitted', 'short');
comment on type public.cash_status is 'Where a delivered order''s cash is: still with the courier, remitted, or remitted short of what it owes.';
create type public.rider_step as enum ('picked_up', 'delivered', 'refused', 'unreachable');
comment on type public.rider_step is 'What a rider marks on the rider''s page: picked up from the shop, delivered with the cash, refused at the door, or the customer unreachable.';

-- tables ------------------------------------------------------------------------------------------

create table public.couriers (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint couriers_name_check check (char_length(name) between 1 and 100 and name = btrim(name)),
  phone text not null
    constraint couriers_phone_check check (phone ~ '^\+855[1-9][0-9]{7,8}$')
    constraint couriers_phone_key unique,
  kind public.courier_kind not null,
  active boolean not null default true,
  -- A courier that keeps the delivery fee remits the sale; otherwise it remits all it collected.
  keeps_delivery_fee boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.couriers is 'Delivery companies and freelance riders who carry orders and collect the cash; admins manage them.';
comment on column public.couriers.keeps_delivery_fee is 'True: the courier keeps the delivery fee and remits the sale; false: it remits everything it collected.';
comment on column public.couriers.active is 'An inactive courier is kept (its orders name it) but gets no new orders.';

alter table public.orders add constraint orders_courier_id_fkey foreign key (courier_id) references public.couriers (id);
alter table public.order_status_history add constraint order_status_history_changed_by_courier_fkey
  foreign key (changed_by_courier) references public.couriers (id);

-- Per delivered order a courier carried: what the courier owes for it (due: kept by the delivery's
-- posting and its reversal) and what remittances paid (remitted: kept by public.record_remittance
-- and reverse_remittance, 06_remittances.sql), and from them where the cash is.
create table public.order_cash (
  order_id uuid primary key constraint order_cash_order_id_fkey references public.orders (id),
  courier_id uuid not null constraint order_cash_courier_id_fkey references public.couriers (id),
  -- What the courier owes for the order: 0 once its delivery is reverted.
  due_cents bigint not null constraint order_cash_due_cents_check check (due_cents >= 0),
  remitted_cents bigint not null default 0 constraint order_cash_remitted_cents_check check (remitted_cents >= 0),
  -- When the delivery that made it due was posted: the age of the cash the courier holds.
  delivered_at timestamptz not null,
  status public.cash_status not null generated always as (
    case when remitted_cents >= due_cents then 'remitted'::public.cash_status
         when remitted_cents > 0 then 'short'::public.cash_status
         else 'with_courier'::public.cash_status end) stored
);

comment on table public.order_cash is 'Per delivered order a courier carried: the cash it owes for it, what remittances paid, and the status that follows.';

-- The rider links of couriers: the sha256 of each token, never the token.
create table private.courier_links (
  id uuid primary key default gen_random_uuid(),
  courier_id uuid not null constraint courier_links_courier_id_fkey references public.couriers (id),
  token_hash bytea not null
    constraint courier_links_token_hash_check check (octet_length(token_hash) = 32)
    constraint courier_links_token_hash_key unique,
  created_by uuid not null constraint courier_links_created_by_fkey references public.users (id),
  created_at timestamptz not null default now(),
  revoked_at timestamptz,
  -- When the link last opened the page or made a step, to the minute.
  last_used_at timestamptz
);

-- Every step a rider's phone sent, by the id the phone gave it: a retry of one is answered, not
-- applied again. The cash is what the rider said it collected on a delivery.
create table private.rider_steps (
  step_id uuid primary key,
  courier_id uuid not null constraint rider_steps_courier_id_fkey references public.couriers (id),
  order_id uuid not null constraint rider_steps_order_id_fkey references public.orders (id),
  step public.rider_step not null,
  cash_collected_cents bigint
    constraint rider_steps_cash_collected_check check ((step = 'delivered') = (cash_collected_cents is not null)),
  -- Whether the step moved the order (false: it was already where the step leads).
  applied boolean not null,
  created_at timestamptz not null default now()
);

comment on table private.courier_links is 'Rider links (APP_URL/rider/<token>) of couriers: the token''s sha256, who made it, when it was revoked and last used.';
comment on table private.rider_steps is 'Each step a rider''s page sent, by the id the phone gave it, so a retry is not applied twice.';

-- indexes -----------------------------------------------------------------------------------------

-- The board filtered by courier, newest first (keyset), and the couriers' open orders.
create index orders_courier_id_idx on public.orders (courier_id, created_at desc, id desc);
-- A courier's cash not yet all remitted, oldest first (the Couriers section, the daily reminder).
create index order_cash_courier_open_idx on public.order_cash (courier_id, delivered_at)
  where remitted_cents < due_cents;
create index order_cash_courier_id_idx on public.order_cash (courier_id);
create index courier_links_courier_id_idx on private.courier_links (courier_id, created_at desc);
create index rider_steps_order_id_idx on private.rider_steps (order_id);
create index rider_steps_courier_id_idx on private.rider_steps (courier_id);

-- row level security and grants -------------------------------------------------------------------

alter table public.couriers enable row level security;
revoke all on public.couriers from anon, authenticated;
grant select on public.couriers to authenticated;
grant select on public.couriers to service_role;

alter table public.order_cash enable row level security;
revoke all on public.order_cash from anon, authenticated, service_role;
grant select on public.order_cash to authenticated, service_role;
alter table private.courier_links enable row level security;
revoke all on private.courier_links from public, anon, authenticated, service_role;
alter table private.rider_steps enable row level security;
revoke all on private.rider_steps from public, anon, authenticated, service_role;

create policy "Admins can read every order's cash" on public.order_cash
  for select to authenticated using ((select private.has_role('admin')));
create policy "Users can read the cash of their orders" on public.order_cash
  for select to authenticated using (
    exists (select from public.orders o where o.id = order_cash.order_id
            and (select auth.uid()) in (o.business_id, o.influencer_id)));
create policy "Admins can read every courier" on public.couriers
  for select to authenticated using ((select private.has_role('admin')));
create policy "Businesses can read the couriers of their orders" on public.couriers
  for select to authenticated using (
    exists (select from public.orders o where o.courier_id = couriers.id and o.business_id = (select auth.uid()))
  );

-- functions ---------------------------------------------------------------------------------------

-- An admin adds a courier. A phone already used by another courier is refused (23505, naming it).
-- Audited by couriers_audit (10_audit.sql).
create or replace function public.create_courier(p_name text, p_phone text, p_kind text, p_keeps_delivery_fee boolean)
returns public.couriers
language plpgsql volatile security definer set search_path = ''
as $$
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
$$;
comment on function public.create_courier is 'Admin: adds a courier (name, phone, company or freelance, whether it keeps the delivery fee); audited.';

-- An admin changes a courier; a null parameter keeps its value. Deactivating keeps its orders.
create or replace function public.update_courier(
  p_id uuid,
  p_name text default null,
  p_phone text default null,
  p_kind text default null,
  p_active boolean default null,
  p_keeps_delivery_fee boolean default null
) returns public.couriers
language plpgsql volatile security definer set search_path = ''
as $$
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
$$;
comment on function public.update_courier is 'Admin: changes any of a courier''s name, phone, kind, active and keeps_delivery_fee (null keeps it); audited.';

-- An admin gives an order to a courier, or takes it back (null), while it is not yet delivered or
-- cancelled; only an active courier gets new orders. The same courier again changes nothing.
-- Audited by orders_courier_audit (10_audit.sql).
create or replace function public.assign_courier(p_order_id uuid, p_courier_id uuid) returns public.orders
language plpgsql volatile security definer set search_path = ''
as $$
declare
  current_order public.orders;
  courier public.couriers;
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can assign couriers' using errcode = '42501';
  end if;
  select * into current_order from public.orders where id = p_order_id for no key update;
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
    -- Cash another courier remitted for an earlier delivery of the order would count for this one
    -- (public.order_cash is the order's): that remittance is reversed first.
    if exists (select from public.order_cash c
               where c.order_id = p_order_id and c.courier_id <> p_courier_id and c.remitted_cents > 0) then
      raise exception 'Another courier remitted cash for this order: reverse that remittance first'
        using errcode = '55000', column = 'courier_id';
    end if;
  end if;
  if current_order.courier_id is distinct from p_courier_id then
    update public.orders set courier_id = p_courier_id where id = p_order_id returning * into current_order;
  end if;
  return current_order;
end
$$;
comment on function public.assign_courier is 'Admin: gives an order not yet delivered or cancelled to an active courier, or takes it back (null); audited.';

-- An admin makes a rider link for an active courier: answers the token once (only its hash is
-- kept). Audited by courier_links_audit_create (10_audit.sql).
create or replace function public.create_courier_link(p_courier_id uuid)
returns table (id uuid, token text, created_at timestamptz)
language plpgsql volatile security definer set search_path = ''
as $$
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
$$;
comment on function public.create_courier_link is 'Admin: a new rider link token for an active courier (answered once; its hash is kept); audited.';

-- An admin reads a courier's rider links, newest first: when each was made and by whom, revoked,
-- last used.
create or replace function public.courier_links(p_courier_id uuid)
returns table (id uuid, created_at timestamptz, created_by_email text, revoked_at timestamptz, last_used_at timestamptz)
language plpgsql stable security definer set search_path = ''
as $$
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
$$;
comment on function public.courier_links is 'Admin: a courier''s rider links, newest first, with who made each, its revocation and last use.';

-- An admin revokes one of a courier's rider links: it opens nothing from then on. Revoking it
-- again changes nothing. Audited by courier_links_audit_revoke (10_audit.sql).
create or replace function public.revoke_courier_link(p_courier_id uuid, p_link_id uuid) returns void
language plpgsql volatile security definer set search_path = ''
as $$
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
$$;
comment on function public.revoke_courier_link is 'Admin: revokes a courier''s rider link (again: no change); audited.';

-- The courier a rider link opens, and notes its use (to the minute); null for an unknown or
-- revoked link, or an inactive courier's.
create or replace function private.rider_courier_id(p_token text) returns uuid
language plpgsql volatile security definer set search_path = ''
as $$
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
$$;
comment on function private.rider_courier_id is 'The rider''s page: the courier an unrevoked link of an active courier opens (noting its use), else null.';

-- The rider's page: the courier's unfinished orders (new, ready, on the road), those on the road
-- first, then the oldest, with who receives each, where, and the shop that hands it over.
create or replace function private.rider_orders(p_courier_id uuid, p_limit integer)
returns table (id uuid, order_number text, status public.order_status, product_name text, quantity integer,
               total_cents bigint, created_at timestamptz, delivery_commune_code text, recipient_name text,
               customer_phone text, address_line text, landmark text, delivery_note text, business_name text,
               store_phone text)
language sql stable security definer set search_path = ''
as $$
  select o.id, o.order_number, o.status, o.product_name, o.quantity, o.total_cents, o.created_at,
         o.delivery_commune_code, c.recipient_name, c.customer_phone, c.address_line, c.landmark, c.delivery_note,
         b.business_name, b.store_phone
  from public.orders o
  join private.order_contacts c on c.order_id = o.id
  join public.users b on b.id = o.business_id
  where o.courier_id = p_courier_id and o.status in ('new_order', 'ready_for_pickup', 'out_for_delivery')
  order by o.status = 'out_for_delivery' desc, o.created_at, o.id
  limit p_limit
$$;
comment on function private.rider_orders is 'The rider''s page: a courier''s unfinished orders, on the road first, with recipient, phone, address and shop.';

-- A rider's step on one of its courier's orders (PUT /rider/{token}/orders/{id}), as an admin's
-- buttons would move it:
--   picked_up    new or ready for pickup -> out for delivery
--   delivered    out for delivery -> delivered, posted to the ledger; the cash collected must be
--                the amount to collect (sale and delivery fee)
--   refused      out for delivery -> cancelled, customer_refused
--   unreachable  out for delivery -> cancelled, customer_unreachable
-- in the history and the audit log with the courier as the actor. A step whose id was seen before
-- answers the order as it is now and does nothing; a step to where the order already is is
-- recorded and does nothing. Another courier's order is not found.
create or replace function private.rider_step(
  p_courier_id uuid, p_order_id uuid, p_step_id uuid, p_step text, p_cash_collected_cents bigint default null
) returns table (changed public.orders, applied boolean, replayed boolean)
language plpgsql volatile security definer set search_path = ''
as $$
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
  select * into current_order from public.orders o where o.id = p_order_id and o.courier_id = p_courier_id for no key update;
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
$$;
comment on function private.rider_step is 'The rider''s page: picked_up, delivered (with the cash), refused or unreachable on one of the courier''s orders, with the courier as the actor; a step id seen before is answered, not applied.';

-- grants on functions -----------------------------------------------------------------------------

revoke execute on function public.create_courier(text, text, text, boolean) from public, anon;
grant execute on function public.create_courier(text, text, text, boolean) to authenticated, service_role;
revoke execute on function public.update_courier(uuid, text, text, text, boolean, boolean) from public, anon;
grant execute on function public.update_courier(uuid, text, text, text, boolean, boolean) to authenticated, service_role;
revoke execute on function public.assign_courier(uuid, uuid) from public, anon;
grant execute on function public.assign_courier(uuid, uuid) to authenticated, service_role;
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

-- triggers ----------------------------------------------------------------------------------------

create trigger couriers_touch_updated_at before update on public.couriers
  for each row execute function private.touch_updated_at();
-- Also on public.couriers: couriers_audit; on public.orders: orders_courier_audit (10_audit.sql).
