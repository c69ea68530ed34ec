-- The cash couriers carry (issue 29; docs/money.md, "Cash on delivery and couriers").
--
-- A delivery an assigned courier carried posts the cash it collected against the courier's own
-- cash account (a courier_cash ledger account, private.courier_cash_account_id), not the office's
-- delivery_cash (private.post_delivery, 06_ledger_and_payouts.sql). The courier owes the sale, or
-- the sale and the delivery fee when it does not keep the fee.
--
-- A remittance records cash an admin received from a courier (public.record_remittance): the
-- amount, the ABA reference, when it was received, and the orders it pays with an amount each
-- (typed, or read from the courier's statement as CSV by the api function). It posts a remittance
-- transaction (the courier's cash account up, the office's cash down). A remittance is never
-- changed: a wrong one is reversed with a reason (public.reverse_remittance), which posts the
-- opposite transaction and returns its orders to what they owed before.
--
-- public.order_cash (06_couriers.sql) keeps, per delivered order a courier carried, what it owes
-- (due, private.add_cash_due below) and what its remittances paid (remitted), in the same
-- transaction. What a remittance pays beyond its orders is its over-remitted remainder.
--
-- Audited by remittances_audit_record and remittances_audit_reverse (10_audit.sql).

-- tables ------------------------------------------------------------------------------------------


create table public.remittances (
  id uuid primary key default gen_random_uuid(),
  courier_id uuid not null constraint remittances_courier_id_fkey references public.couriers (id),
  amount_cents bigint not null constraint remittances_amount_cents_check check (amount_cents > 0),
  aba_reference text not null constraint remittances_aba_reference_check
    check (aba_reference = btrim(aba_reference) and char_length(aba_reference) between 1 and 64),
  received_at timestamptz not null,
  recorded_by uuid not null constraint remittances_recorded_by_fkey references public.users (id),
  recorded_at timestamptz not null default now(),
  reversed_at timestamptz,
  reversed_by uuid constraint remittances_reversed_by_fkey references public.users (id),
  reversal_reason text constraint remittances_reversal_reason_check
    check (reversal_reason = btrim(reversal_reason) and char_length(reversal_reason) between 1 and 500),
  constraint remittances_reversal check (
    (reversed_at is null) = (reversed_by is null) and (reversed_at is null) = (reversal_reason is null))
);

-- The orders a remittance pays, with the amount it pays for each.
create table public.remittance_orders (
  remittance_id uuid not null constraint remittance_orders_remittance_id_fkey references public.remittances (id),
  order_id uuid not null constraint remittance_orders_order_id_fkey references public.orders (id),
  amount_cents bigint not null constraint remittance_orders_amount_cents_check check (amount_cents > 0),
  primary key (remittance_id, order_id)
);

alter table public.ledger_transactions add constraint ledger_transactions_remittance_id_fkey
  foreign key (remittance_id) references public.remittances (id);

-- comments ----------------------------------------------------------------------------------------

comment on table public.remittances is 'Cash an admin received from a courier (ABA reference, when), never changed; a wrong one is reversed with a reason.';
comment on table public.remittance_orders is 'The orders a remittance pays and the amount for each; what the remittance pays beyond them is over-remitted.';

-- indexes -----------------------------------------------------------------------------------------

create index remittances_courier_id_idx on public.remittances (courier_id, received_at desc);
create index remittances_recorded_by_idx on public.remittances (recorded_by);
create index remittances_reversed_by_idx on public.remittances (reversed_by);
create index remittance_orders_order_id_idx on public.remittance_orders (order_id);

-- row level security and grants -------------------------------------------------------------------

alter table public.remittances enable row level security;
alter table public.remittance_orders enable row level security;
revoke all on public.remittances, public.remittance_orders from anon, authenticated, service_role;
grant select on public.remittances, public.remittance_orders to authenticated, service_role;

create policy "Admins can read every remittance" on public.remittances
  for select to authenticated using ((select private.has_role('admin')));
create policy "Admins can read what every remittance pays" on public.remittance_orders
  for select to authenticated using ((select private.has_role('admin')));

-- integrity ---------------------------------------------------------------------------------------

-- A remittance changes once, when it is reversed; what it pays never changes.
create or replace function private.guard_remittance_change() returns trigger
language plpgsql set search_path = ''
as $$
begin
  -- Nested: a remittance_orders row has no reversed_at to read.
  if tg_table_name = 'remittances' and tg_op = 'UPDATE' then
    if old.reversed_at is null and new.reversed_at is not null
       and (new.id, new.courier_id, new.amount_cents, new.aba_reference, new.received_at, new.recorded_by, new.recorded_at)
           is not distinct from
           (old.id, old.courier_id, old.amount_cents, old.aba_reference, old.received_at, old.recorded_by, old.recorded_at) then
      return new;
    end if;
  end if;
  raise exception 'A remittance is never changed: reverse it with a reason and record it again' using errcode = '55000';
end
$$;
comment on function private.guard_remittance_change is 'Trigger: a remittance is only ever reversed, once; its orders never change.';

-- functions ---------------------------------------------------------------------------------------

-- The cash account of a courier, made on first use.
create or replace function private.courier_cash_account_id(p_courier_id uuid) returns bigint
language plpgsql security definer set search_path = ''
as $$
declare
  account bigint;
begin
  insert into public.ledger_accounts (kind, courier_id) values ('courier_cash', p_courier_id)
  on conflict (courier_id) do nothing;
  select a.id into account from public.ledger_accounts a where a.courier_id = p_courier_id;
  return account;
end
$$;
comment on function private.courier_cash_account_id is 'The ledger account of the cash a courier holds (created on first use).';

-- What a courier owes for an order goes up by a delivery it carried, down by that delivery's
-- reversal (private.post_delivery and reverse_delivery, 06_ledger_and_payouts.sql).
create or replace function private.add_cash_due(p_order_id uuid, p_courier_id uuid, p_amount_cents bigint) returns void
language plpgsql security definer set search_path = ''
as $$
begin
  if p_amount_cents < 0 then
    update public.order_cash c set due_cents = c.due_cents + p_amount_cents where c.order_id = p_order_id;
  else
    insert into public.order_cash as c (order_id, courier_id, due_cents, delivered_at)
    values (p_order_id, p_courier_id, p_amount_cents, now())
    on conflict (order_id) do update
      set due_cents = c.due_cents + excluded.due_cents, courier_id = excluded.courier_id, delivered_at = now();
  end if;
end
$$;
comment on function private.add_cash_due is 'Adds a delivery''s cash (or its reversal''s, negative) to what the courier owes for the order.';

-- An admin records cash received from a courier: the amount, the ABA reference, when it was
-- received, and the orders it pays (p_orders: [{order_number, amount_cents}], each an order this
-- courier delivered and still owes at least that much for). What it pays beyond them is
-- over-remitted. Posts the remittance; audited.
create or replace function public.record_remittance(
  p_courier_id uuid, p_amount_cents bigint, p_aba_reference text, p_received_at timestamptz, p_orders jsonb
) returns public.remittances
language plpgsql volatile security definer set search_path = ''
as $$
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
  -- the order (for no key update) before its cash row too (change_order_status, post_delivery),
  -- so the two queue instead of deadlocking, and so do two remittances of an order. For share,
  -- since for key share would not wait for a status change.
  perform from public.orders o
  where o.order_number in (select given.order_number
                           from jsonb_to_recordset(coalesce(p_orders, '[]')) as given (order_number text))
  order by o.id
  for share;
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
$$;
comment on function public.record_remittance is 'Admin: records cash received from a courier and the orders it pays (each at most what it still owes); posts it; audited.';

-- An admin reverses a remittance recorded wrongly, with a reason: its orders owe again what it
-- paid for them, and the opposite transaction is posted. Once only; audited.
create or replace function public.reverse_remittance(p_remittance_id uuid, p_reason text) returns public.remittances
language plpgsql volatile security definer set search_path = ''
as $$
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
  select * into reversed from public.remittances r where r.id = p_remittance_id for no key update;
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
$$;
comment on function public.reverse_remittance is 'Admin: reverses a remittance with a reason (once): its orders owe again what it paid, and the opposite transaction is posted; audited.';

-- grants on functions -----------------------------------------------------------------------------

revoke execute on function private.guard_remittance_change() from public;
revoke execute on function private.courier_cash_account_id(uuid) from public;
revoke execute on function private.add_cash_due(uuid, uuid, bigint) from public;
revoke execute on function public.record_remittance(uuid, bigint, text, timestamptz, jsonb) from public, anon;
grant execute on function public.record_remittance(uuid, bigint, text, timestamptz, jsonb) to authenticated, service_role;
revoke execute on function public.reverse_remittance(uuid, text) from public, anon;
grant execute on function public.reverse_remittance(uuid, text) to authenticated, service_role;

-- triggers ----------------------------------------------------------------------------------------

create trigger remittances_guard before update or delete on public.remittances
  for each row execute function private.guard_remittance_change();
create trigger remittance_orders_guard before update or delete on public.remittance_orders
  for each row execute function private.guard_remittance_change();
-- An order's cash starting or stopping to be owed moves its earnings between awaiting the cash
-- and not (private.keep_balances_of_cash, 06_ledger_and_payouts.sql).
create trigger order_cash_keep_balances_insert after insert on public.order_cash
  referencing new table as new_cash
  for each statement execute function private.keep_balances_of_cash();
create trigger order_cash_keep_balances_update after update on public.order_cash
  referencing old table as old_cash new table as new_cash
  for each statement execute function private.keep_balances_of_cash();
-- Also on public.remittances: remittances_audit_record and remittances_audit_reverse (10_audit.sql).
