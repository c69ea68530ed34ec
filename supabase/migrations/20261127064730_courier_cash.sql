-- Courier cash and remittances (issue 29, item 5): a cash account per courier, deliveries posted
-- against the courier that carried them, public.order_cash, remittances and their reversals.
-- Written by npm run db:diff from supabase/schemas/, then completed by hand below.

create type "public"."cash_status" as enum ('with_courier', 'remitted', 'short');

alter table "public"."ledger_transactions" drop constraint "ledger_transactions_shape";

drop view if exists "private"."recomputed_order_counts";

drop view if exists "private"."recomputed_unrequested_earning_hours";

drop view if exists "private"."recomputed_unrequested_earnings";


  create table "public"."order_cash" (
    "order_id" uuid not null,
    "courier_id" uuid not null,
    "due_cents" bigint not null,
    "remitted_cents" bigint not null default 0,
    "delivered_at" timestamp with time zone not null,
    "status" cash_status not null generated always as (
CASE
    WHEN (remitted_cents >= due_cents) THEN 'remitted'::cash_status
    WHEN (remitted_cents > 0) THEN 'short'::cash_status
    ELSE 'with_courier'::cash_status
END) stored
      );


alter table "public"."order_cash" enable row level security;


  create table "public"."remittance_orders" (
    "remittance_id" uuid not null,
    "order_id" uuid not null,
    "amount_cents" bigint not null
      );


alter table "public"."remittance_orders" enable row level security;


  create table "public"."remittances" (
    "id" uuid not null default gen_random_uuid(),
    "courier_id" uuid not null,
    "amount_cents" bigint not null,
    "aba_reference" text not null,
    "received_at" timestamp with time zone not null,
    "recorded_by" uuid not null,
    "recorded_at" timestamp with time zone not null default now(),
    "reversed_at" timestamp with time zone,
    "reversed_by" uuid,
    "reversal_reason" text
      );


alter table "public"."remittances" enable row level security;

alter table "public"."ledger_accounts" add column "courier_id" uuid;

alter table "public"."ledger_transactions" add column "remittance_id" uuid;

CREATE UNIQUE INDEX ledger_accounts_courier_id_key ON public.ledger_accounts USING btree (courier_id);

drop index if exists "public"."ledger_accounts_system_kind_key";

CREATE UNIQUE INDEX ledger_accounts_system_kind_key ON public.ledger_accounts USING btree (kind) WHERE ((user_id IS NULL) AND (courier_id IS NULL));

CREATE UNIQUE INDEX ledger_transactions_remittance_key ON public.ledger_transactions USING btree (remittance_id, kind);

CREATE INDEX order_cash_courier_id_idx ON public.order_cash USING btree (courier_id);

CREATE INDEX order_cash_courier_open_idx ON public.order_cash USING btree (courier_id, delivered_at) WHERE (remitted_cents < due_cents);

CREATE UNIQUE INDEX order_cash_pkey ON public.order_cash USING btree (order_id);

CREATE INDEX remittance_orders_order_id_idx ON public.remittance_orders USING btree (order_id);

CREATE UNIQUE INDEX remittance_orders_pkey ON public.remittance_orders USING btree (remittance_id, order_id);

CREATE INDEX remittances_courier_id_idx ON public.remittances USING btree (courier_id, received_at DESC);

CREATE UNIQUE INDEX remittances_pkey ON public.remittances USING btree (id);

CREATE INDEX remittances_recorded_by_idx ON public.remittances USING btree (recorded_by);

CREATE INDEX remittances_reversed_by_idx ON public.remittances USING btree (reversed_by);

alter table "public"."order_cash" add constraint "order_cash_pkey" PRIMARY KEY using index "order_cash_pkey";

alter table "public"."remittance_orders" add constraint "remittance_orders_pkey" PRIMARY KEY using index "remittance_orders_pkey";

alter table "public"."remittances" add constraint "remittances_pkey" PRIMARY KEY using index "remittances_pkey";

alter table "public"."ledger_accounts" add constraint "ledger_accounts_courier" CHECK (((kind = 'courier_cash'::ledger_account_kind) = (courier_id IS NOT NULL))) not valid;

alter table "public"."ledger_accounts" validate constraint "ledger_accounts_courier";

alter table "public"."ledger_accounts" add constraint "ledger_accounts_courier_id_fkey" FOREIGN KEY (courier_id) REFERENCES couriers(id) not valid;

alter table "public"."ledger_accounts" validate constraint "ledger_accounts_courier_id_fkey";

alter table "public"."ledger_transactions" add constraint "ledger_transactions_remittance_id_fkey" FOREIGN KEY (remittance_id) REFERENCES remittances(id) not valid;

alter table "public"."ledger_transactions" validate constraint "ledger_transactions_remittance_id_fkey";

alter table "public"."order_cash" add constraint "order_cash_courier_id_fkey" FOREIGN KEY (courier_id) REFERENCES couriers(id) not valid;

alter table "public"."order_cash" validate constraint "order_cash_courier_id_fkey";

alter table "public"."order_cash" add constraint "order_cash_due_cents_check" CHECK ((due_cents >= 0)) not valid;

alter table "public"."order_cash" validate constraint "order_cash_due_cents_check";

alter table "public"."order_cash" add constraint "order_cash_order_id_fkey" FOREIGN KEY (order_id) REFERENCES orders(id) not valid;

alter table "public"."order_cash" validate constraint "order_cash_order_id_fkey";

alter table "public"."order_cash" add constraint "order_cash_remitted_cents_check" CHECK ((remitted_cents >= 0)) not valid;

alter table "public"."order_cash" validate constraint "order_cash_remitted_cents_check";

alter table "public"."remittance_orders" add constraint "remittance_orders_amount_cents_check" CHECK ((amount_cents > 0)) not valid;

alter table "public"."remittance_orders" validate constraint "remittance_orders_amount_cents_check";

alter table "public"."remittance_orders" add constraint "remittance_orders_order_id_fkey" FOREIGN KEY (order_id) REFERENCES orders(id) not valid;

alter table "public"."remittance_orders" validate constraint "remittance_orders_order_id_fkey";

alter table "public"."remittance_orders" add constraint "remittance_orders_remittance_id_fkey" FOREIGN KEY (remittance_id) REFERENCES remittances(id) not valid;

alter table "public"."remittance_orders" validate constraint "remittance_orders_remittance_id_fkey";

alter table "public"."remittances" add constraint "remittances_aba_reference_check" CHECK (((aba_reference = btrim(aba_reference)) AND ((char_length(aba_reference) >= 1) AND (char_length(aba_reference) <= 64)))) not valid;

alter table "public"."remittances" validate constraint "remittances_aba_reference_check";

alter table "public"."remittances" add constraint "remittances_amount_cents_check" CHECK ((amount_cents > 0)) not valid;

alter table "public"."remittances" validate constraint "remittances_amount_cents_check";

alter table "public"."remittances" add constraint "remittances_courier_id_fkey" FOREIGN KEY (courier_id) REFERENCES couriers(id) not valid;

alter table "public"."remittances" validate constraint "remittances_courier_id_fkey";

alter table "public"."remittances" add constraint "remittances_recorded_by_fkey" FOREIGN KEY (recorded_by) REFERENCES users(id) not valid;

alter table "public"."remittances" validate constraint "remittances_recorded_by_fkey";

alter table "public"."remittances" add constraint "remittances_reversal" CHECK ((((reversed_at IS NULL) = (reversed_by IS NULL)) AND ((reversed_at IS NULL) = (reversal_reason IS NULL)))) not valid;

alter table "public"."remittances" validate constraint "remittances_reversal";

alter table "public"."remittances" add constraint "remittances_reversal_reason_check" CHECK (((reversal_reason = btrim(reversal_reason)) AND ((char_length(reversal_reason) >= 1) AND (char_length(reversal_reason) <= 500)))) not valid;

alter table "public"."remittances" validate constraint "remittances_reversal_reason_check";

alter table "public"."remittances" add constraint "remittances_reversed_by_fkey" FOREIGN KEY (reversed_by) REFERENCES users(id) not valid;

alter table "public"."remittances" validate constraint "remittances_reversed_by_fkey";

alter table "public"."ledger_transactions" add constraint "ledger_transactions_shape" CHECK (
CASE kind
    WHEN 'delivery'::ledger_transaction_kind THEN ((order_id IS NOT NULL) AND (delivery_number IS NOT NULL) AND (reverses_transaction_id IS NULL) AND (payout_request_id IS NULL) AND (remittance_id IS NULL))
    WHEN 'delivery_reversal'::ledger_transaction_kind THEN ((order_id IS NOT NULL) AND (delivery_number IS NOT NULL) AND (reverses_transaction_id IS NOT NULL) AND (payout_request_id IS NULL) AND (remittance_id IS NULL))
    WHEN 'payout'::ledger_transaction_kind THEN ((order_id IS NULL) AND (delivery_number IS NULL) AND (reverses_transaction_id IS NULL) AND (payout_request_id IS NOT NULL) AND (remittance_id IS NULL))
    WHEN 'remittance'::ledger_transaction_kind THEN ((order_id IS NULL) AND (delivery_number IS NULL) AND (reverses_transaction_id IS NULL) AND (payout_request_id IS NULL) AND (remittance_id IS NOT NULL))
    ELSE ((order_id IS NULL) AND (delivery_number IS NULL) AND (reverses_transaction_id IS NOT NULL) AND (payout_request_id IS NULL) AND (remittance_id IS NOT NULL))
END) not valid;

alter table "public"."ledger_transactions" validate constraint "ledger_transactions_shape";

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.add_cash_due(p_order_id uuid, p_courier_id uuid, p_amount_cents bigint)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION private.audit_remittance()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.record_admin_action(
    case when tg_op = 'INSERT' then 'remittance.record'::public.audit_action else 'remittance.reverse' end,
    'remittance', new.id::text,
    jsonb_build_object(
      'courier', (select k.name from public.couriers k where k.id = new.courier_id),
      'amount_cents', new.amount_cents,
      'aba_reference', new.aba_reference,
      'reason', new.reversal_reason));
  return null;
end
$function$
;

CREATE OR REPLACE FUNCTION private.courier_cash_account_id(p_courier_id uuid)
 RETURNS bigint
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  account bigint;
begin
  insert into public.ledger_accounts (kind, courier_id) values ('courier_cash', p_courier_id)
  on conflict (courier_id) do nothing;
  select a.id into account from public.ledger_accounts a where a.courier_id = p_courier_id;
  return account;
end
$function$
;

CREATE OR REPLACE FUNCTION private.guard_remittance_change()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
  -- (private.keep_balances_of_cash).
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

create or replace view "private"."recomputed_unrequested_earning_hours" as  SELECT u.account_id,
    private.held_for_review(u.line, o.review_status) AS held,
    private.earning_hour(u.earned_at) AS earned_hour,
    (sum(u.amount_cents))::bigint AS amount_cents
   FROM (private.recomputed_unrequested_earnings u
     JOIN orders o ON ((o.id = u.order_id)))
  GROUP BY u.account_id, (private.held_for_review(u.line, o.review_status)), (private.earning_hour(u.earned_at))
 HAVING (sum(u.amount_cents) <> (0)::numeric);


grant select on table "public"."order_cash" to "authenticated";

grant select on table "public"."order_cash" to "service_role";

grant select on table "public"."remittance_orders" to "authenticated";

grant select on table "public"."remittance_orders" to "service_role";

grant select on table "public"."remittances" to "authenticated";

grant select on table "public"."remittances" to "service_role";


  create policy "Admins can read every order's cash"
  on "public"."order_cash"
  as permissive
  for select
  to authenticated
using (( SELECT private.has_role('admin'::user_type) AS has_role));



  create policy "Users can read the cash of their orders"
  on "public"."order_cash"
  as permissive
  for select
  to authenticated
using ((EXISTS ( SELECT
   FROM orders o
  WHERE ((o.id = order_cash.order_id) AND ((( SELECT auth.uid() AS uid) = o.business_id) OR (( SELECT auth.uid() AS uid) = o.influencer_id))))));



  create policy "Admins can read what every remittance pays"
  on "public"."remittance_orders"
  as permissive
  for select
  to authenticated
using (( SELECT private.has_role('admin'::user_type) AS has_role));



  create policy "Admins can read every remittance"
  on "public"."remittances"
  as permissive
  for select
  to authenticated
using (( SELECT private.has_role('admin'::user_type) AS has_role));


CREATE TRIGGER remittance_orders_guard BEFORE DELETE OR UPDATE ON public.remittance_orders FOR EACH ROW EXECUTE FUNCTION private.guard_remittance_change();

CREATE TRIGGER remittances_audit_record AFTER INSERT ON public.remittances FOR EACH ROW EXECUTE FUNCTION private.audit_remittance();

CREATE TRIGGER remittances_audit_reverse AFTER UPDATE OF reversed_at ON public.remittances FOR EACH ROW WHEN (((old.reversed_at IS NULL) AND (new.reversed_at IS NOT NULL))) EXECUTE FUNCTION private.audit_remittance();

CREATE TRIGGER remittances_guard BEFORE DELETE OR UPDATE ON public.remittances FOR EACH ROW EXECUTE FUNCTION private.guard_remittance_change();

-- What db:diff does not write: the platform's delivery fees account, grants on functions and
-- views, and comments.

insert into public.ledger_accounts (kind) values ('delivery_fees');

revoke all on private.recomputed_order_counts from public, anon, authenticated, service_role;
revoke all on private.recomputed_unrequested_earning_hours from public, anon, authenticated, service_role;
revoke all on private.recomputed_unrequested_earnings from public, anon, authenticated, service_role;
revoke all on public.order_cash, public.remittances, public.remittance_orders from anon, authenticated, service_role;
grant select on public.order_cash, public.remittances, public.remittance_orders to authenticated, service_role;
revoke execute on function private.guard_remittance_change() from public;
revoke execute on function private.courier_cash_account_id(uuid) from public;
revoke execute on function private.add_cash_due(uuid, uuid, bigint) from public;
revoke execute on function public.record_remittance(uuid, bigint, text, timestamptz, jsonb) from public, anon;
grant execute on function public.record_remittance(uuid, bigint, text, timestamptz, jsonb) to authenticated, service_role;
revoke execute on function public.reverse_remittance(uuid, text) from public, anon;
grant execute on function public.reverse_remittance(uuid, text) to authenticated, service_role;
revoke execute on function private.audit_remittance() from public;

comment on type public.cash_status is 'Where a delivered order''s cash is: still with the courier, remitted, or remitted short of what it owes.';
comment on table public.order_cash is 'Per delivered order a courier carried: the cash it owes for it, what remittances paid, and the status that follows.';
comment on table public.remittances is 'Cash an admin received from a courier (ABA reference, when), never changed; a wrong one is reversed with a reason.';
comment on table public.remittance_orders is 'The orders a remittance pays and the amount for each; what the remittance pays beyond them is over-remitted.';
comment on function private.guard_remittance_change is 'Trigger: a remittance is only ever reversed, once; its orders never change.';
comment on function private.courier_cash_account_id is 'The ledger account of the cash a courier holds (created on first use).';
comment on function private.add_cash_due is 'Adds a delivery''s cash (or its reversal''s, negative) to what the courier owes for the order.';
comment on function public.record_remittance is 'Admin: records cash received from a courier and the orders it pays (each at most what it still owes); posts it; audited.';
comment on function public.reverse_remittance is 'Admin: reverses a remittance with a reason (once): its orders owe again what it paid, and the opposite transaction is posted; audited.';
comment on type public.ledger_account_kind is 'A ledger account: an influencer''s or a business''s earnings, the platform''s fees, the office''s cash (delivery_cash), the cash a courier holds for the marketplace (courier_cash), and the delivery fees couriers remit (delivery_fees).';
comment on function private.audit_remittance is 'Trigger: records an admin''s remittance (amount, reference, courier) or its reversal with the reason.';
comment on function private.post_delivery is 'Posts the delivery transaction of an order entering delivered, its cash against the courier that carried it (else the office); called by change_order_status and rider_step.';
