-- Cancelling an order with a reason, and reopening it (issue 14, docs/product.md "Order states").
-- A cash-on-delivery order often ends at the door: the customer refuses it or cannot be reached.
-- An admin cancels it from new_order, ready_for_pickup or out_for_delivery with one of the reasons
-- of public.order_cancellation_reason; a delivered order must be reverted first (its revert posts
-- the ledger reversal), so a cancelled order never has money in the ledger. A cancelled order can
-- be reopened as a new order and to nothing else. The order carries the reason while cancelled;
-- the history keeps it for ever.

alter table public.orders add column cancellation_reason public.order_cancellation_reason;
comment on column public.orders.cancellation_reason is 'Why the order was cancelled; set exactly while the status is cancelled.';
alter table public.orders add constraint orders_cancellation_reason_check
  check ((status = 'cancelled') = (cancellation_reason is not null));

alter table public.order_status_history add column cancellation_reason public.order_cancellation_reason;
comment on column public.order_status_history.cancellation_reason is 'The reason given when this change cancelled the order; null for every other change.';
alter table public.order_status_history add constraint order_status_history_cancellation_reason_check
  check ((to_status = 'cancelled') = (cancellation_reason is not null));

-- The stats count cancellations by reason per business and per influencer.
create index orders_cancellation_reason_idx on public.orders (cancellation_reason) where cancellation_reason is not null;

create or replace function private.order_transition_allowed(p_from public.order_status, p_to public.order_status) returns boolean
language sql immutable set search_path = ''
as $$
  select (p_from, p_to) in (
    ('new_order', 'ready_for_pickup'), ('ready_for_pickup', 'out_for_delivery'), ('out_for_delivery', 'delivered'),
    ('ready_for_pickup', 'new_order'),
    ('out_for_delivery', 'ready_for_pickup'), ('out_for_delivery', 'new_order'),
    ('delivered', 'out_for_delivery'), ('delivered', 'ready_for_pickup'), ('delivered', 'new_order'),
    ('new_order', 'cancelled'), ('ready_for_pickup', 'cancelled'), ('out_for_delivery', 'cancelled'),
    ('cancelled', 'new_order')
  )
$$;
comment on function private.order_transition_allowed is 'The order status transitions: one step forward, a listed revert, cancelling before delivery, and reopening a cancelled order as new.';

-- A fourth parameter changes the signature: the old function goes, so no call is ambiguous.
drop function public.change_order_status(uuid, text, text);

create function public.change_order_status(
  p_order_id uuid,
  p_new_status text,
  p_note text default null,
  p_reason text default null
) returns public.orders
language plpgsql security definer set search_path = ''
as $$
declare
  current_order public.orders;
  previous_status public.order_status;
  new_status public.order_status;
  reason public.order_cancellation_reason;
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can change order status' using errcode = '42501';
  end if;
  if p_new_status is null or not p_new_status = any (enum_range(null::public.order_status)::text[]) then
    raise exception 'new_status must be one of %', array_to_string(enum_range(null::public.order_status), ', ')
      using errcode = '22023', column = 'new_status';
  end if;
  new_status := p_new_status::public.order_status;
  -- A cancellation says why; no other change has a reason to give.
  if new_status = 'cancelled' then
    if p_reason is null then
      raise exception 'reason is required to cancel an order' using errcode = '22023', column = 'reason';
    end if;
    if not p_reason = any (enum_range(null::public.order_cancellation_reason)::text[]) then
      raise exception 'reason must be one of %', array_to_string(enum_range(null::public.order_cancellation_reason), ', ')
        using errcode = '22023', column = 'reason';
    end if;
    reason := p_reason::public.order_cancellation_reason;
  elsif p_reason is not null then
    raise exception 'reason is only for cancelling an order' using errcode = '22023', column = 'reason';
  end if;
  -- The row lock makes concurrent changes of one order queue; each then sees the status the
  -- previous one left, so of two identical requests only the first applies.
  select * into current_order from public.orders where id = p_order_id for update;
  if not found then
    raise exception 'Order not found' using errcode = 'P0002';
  end if;
  if not private.order_transition_allowed(current_order.status, new_status) then
    -- The two refusals an admin meets at the door get a message saying what to do instead.
    if current_order.status = 'delivered' and new_status = 'cancelled' then
      raise exception 'A delivered order cannot be cancelled: revert it to Out for Delivery first'
        using errcode = '55000';
    elsif current_order.status = 'cancelled' then
      raise exception 'A cancelled order can only be reopened as a New Order' using errcode = '55000';
    end if;
    raise exception 'Cannot change an order from % to %', current_order.status, p_new_status
      using errcode = '55000';
  end if;

  previous_status := current_order.status;
  update public.orders set status = new_status, cancellation_reason = reason
  where id = p_order_id returning * into current_order;
  insert into public.order_status_history (order_id, from_status, to_status, changed_by, note, cancellation_reason)
  values (p_order_id, previous_status, new_status, (select auth.uid()), p_note, reason);
  -- The ledger moves in the same transaction as the status: both happen or neither. Cancelling
  -- posts nothing: only delivered orders have ledger entries, and delivered cannot be cancelled.
  if new_status = 'delivered' then
    perform private.on_order_delivered(p_order_id);
  elsif previous_status = 'delivered' then
    perform private.on_order_undelivered(p_order_id);
  end if;
  return current_order;
end
$$;
comment on function public.change_order_status is 'An admin moves an order one step forward or back, cancels it with a reason or reopens it; recorded in the history and posted to the ledger.';
revoke execute on function public.change_order_status from public, anon;
grant execute on function public.change_order_status to authenticated, service_role;
