-- The admin's stats summary (GET /orders/stats/summary, the admin board's filter counts) counts
-- every order per status and cancellation reason, with its sales. Read through the orders
-- policies, Postgres checks each of 100,000 rows against them (about 60 ms on a 2-core machine).
-- An admin may read every row anyway, so this function counts without the per-row check, from an
-- index that holds every column it reads (an index-only scan, about 18 ms): the same totals.
create index orders_stats_idx on public.orders (status, cancellation_reason) include (subtotal_cents);

create function public.all_order_totals()
returns table (status public.order_status, cancellation_reason public.order_cancellation_reason, orders bigint, sales_cents bigint)
language plpgsql stable security definer set search_path = ''
as $$
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can count every order' using errcode = '42501';
  end if;
  return query
    select o.status, o.cancellation_reason, count(*), coalesce(sum(o.subtotal_cents), 0)::bigint
    from public.orders o group by o.status, o.cancellation_reason;
end
$$;
comment on function public.all_order_totals is 'Admin: orders and sales (subtotals) per status and cancellation reason over every order, without the per-row policy check.';
revoke execute on function public.all_order_totals() from public, anon, service_role;
grant execute on function public.all_order_totals() to authenticated;
