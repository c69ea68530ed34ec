-- Deliveries, their reversals, remittances and their reversals lock the earning accounts of their
-- orders in id order before they write the hours (issue 29): a delivery of a courier's order
-- writes them twice (its cash, then its entries), and a rider's step answered 500 once in CI under
-- the seeded run. Written by npm run db:diff from supabase/schemas/, then completed by hand below.

drop view if exists "private"."recomputed_order_counts";

drop view if exists "private"."recomputed_unrequested_earning_hours";

drop view if exists "private"."recomputed_unrequested_earnings";

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.lock_earning_accounts(p_order_ids uuid[])
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select from public.ledger_accounts a
  where a.user_id in (select o.influencer_id from public.orders o where o.id = any (p_order_ids)
                      union select o.business_id from public.orders o where o.id = any (p_order_ids))
  order by a.id
  for no key update
$function$
;

CREATE OR REPLACE FUNCTION private.post_delivery(p_order_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  delivered_order public.orders;
  deliveries integer;
  reversals integer;
  new_transaction_id bigint;
  courier public.couriers;
  cash_account bigint;
  cash_due bigint;
begin
  select * into delivered_order from public.orders where id = p_order_id for update;
  if not found or delivered_order.status <> 'delivered' then
    raise exception 'Order % is not delivered', p_order_id using errcode = '55000';
  end if;
  -- Made on first use, then locked before the hours are written (twice, with a courier's cash).
  perform private.ledger_account_id('influencer', delivered_order.influencer_id),
          private.ledger_account_id('business', delivered_order.business_id);
  perform private.lock_earning_accounts(array[p_order_id]);
  select count(*) filter (where kind = 'delivery'), count(*) filter (where kind = 'delivery_reversal')
    into deliveries, reversals
    from public.ledger_transactions where order_id = p_order_id;
  if deliveries <> reversals then
    raise exception 'Order % already has its delivery posted', p_order_id using errcode = '55000';
  end if;

  -- The cash: the courier that carried the order owes what it collected, less the delivery fee
  -- when it keeps the fee (a fee it remits is the marketplace's, on delivery_fees); an order no
  -- courier carried is the office's cash, its sale only, as before couriers. The order's cash is
  -- noted before the entries, whose trigger reads whether it is in (06_remittances.sql).
  if delivered_order.courier_id is not null then
    select * into courier from public.couriers where id = delivered_order.courier_id;
    cash_account := private.courier_cash_account_id(courier.id);
    cash_due := case when courier.keeps_delivery_fee then delivered_order.subtotal_cents
                     else delivered_order.total_cents end;
    perform private.add_cash_due(p_order_id, courier.id, cash_due);
  else
    cash_account := private.ledger_account_id('delivery_cash');
    cash_due := delivered_order.subtotal_cents;
  end if;

  insert into public.ledger_transactions (kind, order_id, delivery_number, created_by)
  values ('delivery', p_order_id, deliveries + 1, (select auth.uid()))
  returning id into new_transaction_id;
  insert into public.ledger_entries (transaction_id, account_id, line, amount_cents)
  select new_transaction_id, entry.account_id, entry.line, entry.amount_cents
  from (values
    -- The first row's cast types the column (a VALUES list would otherwise make its lines text).
    (cash_account, 'cash_collected'::public.ledger_line, -cash_due),
    (private.ledger_account_id('delivery_fees'), 'delivery_fee', cash_due - delivered_order.subtotal_cents),
    (private.ledger_account_id('influencer', delivered_order.influencer_id), 'commission', delivered_order.commission_cents),
    (private.ledger_account_id('business', delivered_order.business_id), 'gross', delivered_order.business_gross_cents),
    (private.ledger_account_id('business', delivered_order.business_id), 'platform_fee', -delivered_order.platform_fee_cents),
    (private.ledger_account_id('platform_fees'), 'platform_fee', delivered_order.platform_fee_cents)
  ) as entry (account_id, line, amount_cents)
  where entry.amount_cents <> 0;
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


CREATE OR REPLACE FUNCTION private.reverse_delivery(p_order_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  delivery public.ledger_transactions;
  new_transaction_id bigint;
begin
  perform 1 from public.orders where id = p_order_id for update;
  perform private.lock_earning_accounts(array[p_order_id]);
  select t.* into delivery from public.ledger_transactions t
  where t.order_id = p_order_id and t.kind = 'delivery'
    and not exists (select 1 from public.ledger_transactions r where r.reverses_transaction_id = t.id)
  order by t.delivery_number desc
  limit 1;
  if not found then
    raise exception 'Order % has no delivery to reverse', p_order_id using errcode = '55000';
  end if;

  -- The courier that carried it no longer owes its cash (before the entries, as in post_delivery).
  perform private.add_cash_due(p_order_id, a.courier_id, e.amount_cents)
  from public.ledger_entries e join public.ledger_accounts a on a.id = e.account_id
  where e.transaction_id = delivery.id and a.kind = 'courier_cash';

  insert into public.ledger_transactions (kind, order_id, delivery_number, reverses_transaction_id, created_by)
  values ('delivery_reversal', p_order_id, delivery.delivery_number, delivery.id, (select auth.uid()))
  returning id into new_transaction_id;
  insert into public.ledger_entries (transaction_id, account_id, line, amount_cents)
  select new_transaction_id, e.account_id, e.line, -e.amount_cents
  from public.ledger_entries e where e.transaction_id = delivery.id;
end
$function$
;

CREATE OR REPLACE FUNCTION public.record_remittance(p_courier_id uuid, p_amount_cents bigint, p_aba_reference text, p_received_at timestamp with time zone, p_orders jsonb)
 RETURNS remittances
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  recorded public.remittances;
  line record;
  matched bigint := 0;
  new_transaction_id bigint;
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can record remittances' using errcode = '42501';
  end if;
  if not exists (select from public.couriers k where k.id = p_courier_id) then
    raise exception 'Courier not found' using errcode = 'P0002';
  end if;
  if p_received_at > now() + interval '5 minutes' then
    raise exception 'received_at cannot be in the future' using errcode = '22023', column = 'received_at';
  end if;
  if jsonb_typeof(coalesce(p_orders, '[]')) <> 'array' then
    raise exception 'orders must be a list' using errcode = '22023', column = 'orders';
  end if;

  insert into public.remittances (courier_id, amount_cents, aba_reference, received_at, recorded_by)
  values (p_courier_id, p_amount_cents, btrim(p_aba_reference), p_received_at, (select auth.uid()))
  returning * into recorded;

  -- The orders, then their cash rows, are locked first, each in one order: a status change locks
  -- the order before its cash row too (change_order_status, post_delivery), so the two queue
  -- instead of deadlocking, and so do two remittances of an order.
  perform from public.orders o
  where o.order_number in (select given.order_number
                           from jsonb_to_recordset(coalesce(p_orders, '[]')) as given (order_number text))
  order by o.id
  for key share;
  perform from public.order_cash c join public.orders o on o.id = c.order_id
  where o.order_number in (select given.order_number
                           from jsonb_to_recordset(coalesce(p_orders, '[]')) as given (order_number text))
  order by c.order_id
  for update of c;
  for line in
    select o.id as order_id, given.order_number, given.amount_cents, c.due_cents, c.remitted_cents, c.courier_id,
           count(*) over (partition by given.order_number) as times
    from jsonb_to_recordset(coalesce(p_orders, '[]')) as given (order_number text, amount_cents bigint)
    left join public.orders o on o.order_number = given.order_number
    left join public.order_cash c on c.order_id = o.id
    order by given.order_number
  loop
    if line.order_id is null then
      raise exception 'Order % not found', line.order_number using errcode = '22023', column = 'orders';
    elsif line.times > 1 then
      raise exception 'Order % is listed twice', line.order_number using errcode = '22023', column = 'orders';
    elsif line.courier_id is distinct from p_courier_id or line.due_cents = 0 then
      raise exception 'Order % was not delivered by this courier', line.order_number using errcode = '22023', column = 'orders';
    elsif coalesce(line.amount_cents, 0) <= 0 then
      raise exception 'Order %: the amount must be more than 0', line.order_number using errcode = '22023', column = 'orders';
    elsif line.amount_cents > line.due_cents - line.remitted_cents then
      raise exception 'Order %: % is more than the % still due', line.order_number,
        to_char(line.amount_cents / 100.0, 'FM$999999990.00'),
        to_char((line.due_cents - line.remitted_cents) / 100.0, 'FM$999999990.00')
        using errcode = '22023', column = 'orders';
    end if;
    insert into public.remittance_orders (remittance_id, order_id, amount_cents)
    values (recorded.id, line.order_id, line.amount_cents);
    matched := matched + line.amount_cents;
  end loop;
  -- One statement for all its orders: their earnings move in one ordered call
  -- (private.keep_balances_of_cash), their accounts locked first as a delivery's are.
  perform private.lock_earning_accounts(array(select ro.order_id from public.remittance_orders ro
                                              where ro.remittance_id = recorded.id));
  update public.order_cash c set remitted_cents = c.remitted_cents + ro.amount_cents
  from public.remittance_orders ro
  where ro.remittance_id = recorded.id and c.order_id = ro.order_id;
  if matched > p_amount_cents then
    raise exception 'The orders add up to more than the amount received' using errcode = '22023', column = 'amount';
  end if;

  insert into public.ledger_transactions (kind, remittance_id, created_by)
  values ('remittance', recorded.id, (select auth.uid()))
  returning id into new_transaction_id;
  insert into public.ledger_entries (transaction_id, account_id, line, amount_cents)
  values (new_transaction_id, private.courier_cash_account_id(p_courier_id), 'remittance', p_amount_cents),
         (new_transaction_id, private.ledger_account_id('delivery_cash'), 'remittance', -p_amount_cents);
  return recorded;
end
$function$
;

CREATE OR REPLACE FUNCTION public.reverse_remittance(p_remittance_id uuid, p_reason text)
 RETURNS remittances
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  reversed public.remittances;
  posted public.ledger_transactions;
  new_transaction_id bigint;
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can record remittances' using errcode = '42501';
  end if;
  if nullif(btrim(p_reason), '') is null then
    raise exception 'A reason is required to reverse a remittance' using errcode = '22023', column = 'reason';
  end if;
  select * into reversed from public.remittances r where r.id = p_remittance_id for update;
  if not found then
    raise exception 'Remittance not found' using errcode = 'P0002';
  end if;
  if reversed.reversed_at is not null then
    raise exception 'This remittance is already reversed' using errcode = '55000';
  end if;
  update public.remittances r
  set reversed_at = now(), reversed_by = (select auth.uid()), reversal_reason = btrim(p_reason)
  where r.id = p_remittance_id returning * into reversed;
  perform private.lock_earning_accounts(array(select ro.order_id from public.remittance_orders ro
                                              where ro.remittance_id = p_remittance_id));
  update public.order_cash c set remitted_cents = c.remitted_cents - ro.amount_cents
  from public.remittance_orders ro
  where ro.remittance_id = p_remittance_id and c.order_id = ro.order_id;

  select * into posted from public.ledger_transactions t where t.remittance_id = p_remittance_id and t.kind = 'remittance';
  insert into public.ledger_transactions (kind, remittance_id, reverses_transaction_id, created_by)
  values ('remittance_reversal', p_remittance_id, posted.id, (select auth.uid()))
  returning id into new_transaction_id;
  insert into public.ledger_entries (transaction_id, account_id, line, amount_cents)
  select new_transaction_id, e.account_id, e.line, -e.amount_cents
  from public.ledger_entries e where e.transaction_id = posted.id;
  return reversed;
end
$function$
;

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

-- What db:diff does not write: grants on functions and views, and comments.

revoke all on private.recomputed_order_counts from public, anon, authenticated, service_role;
revoke all on private.recomputed_unrequested_earning_hours from public, anon, authenticated, service_role;
revoke all on private.recomputed_unrequested_earnings from public, anon, authenticated, service_role;
revoke execute on function private.lock_earning_accounts(uuid[]) from public;

comment on function private.lock_earning_accounts is 'Locks the ledger accounts of the given orders'' influencers and shops, in id order, before their hours are written more than once.';
