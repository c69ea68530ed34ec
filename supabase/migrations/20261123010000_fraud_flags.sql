-- Fraud flags, held for review (issue 14 part 3). At checkout an order is flagged when:
--   self_order         the customer's phone is the shop's store phone or the influencer's own phone;
--   repeat_phone       the phone ordered `repeat_phone_orders` times or more (this order included)
--                      within `repeat_phone_hours`, across all links;
--   high_refusal_link  the link's customer_refused share is at least `refusal_flag_percent` over at
--                      least `refusal_flag_min_finished` finished (delivered or cancelled) orders.
-- A flagged order is `held` for review: its commission stays unavailable even after delivery and
-- after the holding period, until an admin clears it (public.review_order) or cancels the order as
-- suspected_fraud (a cancelled order earns nothing). The business's net is not held: the goods
-- were sold and the cash collected whoever ordered them.
--
-- Which rule fired is for admins only: it lives in public.order_flags, readable by admins. The
-- parties see only orders.review_status, so an influencer learns "held for review", never why.

-- thresholds: the marketplace settings are their one place ----------------------------------------

alter table public.marketplace_settings
  add column repeat_phone_orders integer not null default 3
    constraint marketplace_settings_repeat_phone_orders_range check (repeat_phone_orders between 2 and 100),
  add column repeat_phone_hours integer not null default 24
    constraint marketplace_settings_repeat_phone_hours_range check (repeat_phone_hours between 1 and 720),
  add column refusal_flag_percent integer not null default 30
    constraint marketplace_settings_refusal_flag_percent_range check (refusal_flag_percent between 1 and 100),
  add column refusal_flag_min_finished integer not null default 10
    constraint marketplace_settings_refusal_flag_min_finished_range check (refusal_flag_min_finished between 1 and 1000);
comment on column public.marketplace_settings.repeat_phone_orders is 'repeat_phone flag: this many orders from one phone (the new one included) within repeat_phone_hours.';
comment on column public.marketplace_settings.repeat_phone_hours is 'repeat_phone flag: the window, in hours.';
comment on column public.marketplace_settings.refusal_flag_percent is 'high_refusal_link flag: the link''s customer_refused share of finished orders, in percent, at or above which new orders are flagged.';
comment on column public.marketplace_settings.refusal_flag_min_finished is 'high_refusal_link flag: the finished orders a link needs before its share counts.';

-- the influencer's own phone ---------------------------------------------------------------------------

alter table public.users add column phone text
  constraint users_phone_format check (phone ~ '^\+855[1-9][0-9]{7,8}$');
comment on column public.users.phone is 'An influencer''s own phone (+855...), optional: an order from it is flagged self_order.';
grant update (phone) on public.users to authenticated;

-- flags and review ---------------------------------------------------------------------------------

create type public.order_flag as enum ('self_order', 'repeat_phone', 'high_refusal_link');

alter table public.orders add column review_status text
  constraint orders_review_status_values check (review_status in ('held', 'cleared'));
comment on column public.orders.review_status is 'null: never flagged; held: flagged, its commission waits for an admin; cleared: an admin released it.';

create table public.order_flags (
  order_id uuid primary key references public.orders (id),
  flags public.order_flag[] not null constraint order_flags_not_empty check (cardinality(flags) > 0),
  reviewed_by uuid references public.users (id),
  reviewed_at timestamptz,
  created_at timestamptz not null default now()
);
comment on table public.order_flags is 'The rules a flagged order fired at checkout and who cleared it; admins only, so the parties never learn the rule.';
alter table public.order_flags enable row level security;
revoke all on public.order_flags from anon, authenticated;
grant select on public.order_flags to authenticated;
grant select on public.order_flags to service_role;
create policy "Admins can read order flags" on public.order_flags
  for select to authenticated using ((select private.has_role('admin')));

-- repeat_phone reads every order of a phone in a window.
create index order_contacts_customer_phone_idx on private.order_contacts (customer_phone);
-- high_refusal_link reads a link's finished orders.
create index orders_link_status_idx on public.orders (affiliate_link_id, status);

create function private.checkout_flags(p_link public.affiliate_links, p_business_id uuid, p_customer_phone text)
returns public.order_flag[]
language plpgsql stable security definer set search_path = ''
as $$
declare
  settings public.marketplace_settings;
  flags public.order_flag[] := '{}';
  finished integer;
  refused integer;
begin
  select * into settings from public.marketplace_settings where id;
  if exists (select 1 from public.users
             where (id = p_business_id and store_phone = p_customer_phone)
                or (id = p_link.influencer_id and phone = p_customer_phone)) then
    flags := flags || 'self_order'::public.order_flag;
  end if;
  -- Called once the new order's contact is recorded, so the count includes the new order.
  if (select count(*) from private.order_contacts c join public.orders o on o.id = c.order_id
      where c.customer_phone = p_customer_phone
        and o.created_at > now() - make_interval(hours => settings.repeat_phone_hours))
     >= settings.repeat_phone_orders then
    flags := flags || 'repeat_phone'::public.order_flag;
  end if;
  select count(*) filter (where status in ('delivered', 'cancelled')),
         count(*) filter (where status = 'cancelled' and cancellation_reason = 'customer_refused')
    into finished, refused
  from public.orders where affiliate_link_id = p_link.id;
  if finished >= settings.refusal_flag_min_finished and refused * 100 >= settings.refusal_flag_percent * finished then
    flags := flags || 'high_refusal_link'::public.order_flag;
  end if;
  return flags;
end
$$;
comment on function private.checkout_flags is 'The fraud flags of a new order (its contact already recorded) on this link from this phone, with the thresholds of the marketplace settings.';
revoke execute on function private.checkout_flags(public.affiliate_links, uuid, text) from public;

-- Flags are taken when the order's phone is recorded, in the checkout's transaction (place_order
-- inserts the order, then its contact). The order is then marked held for review.
create function private.flag_new_order() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  placed public.orders;
  link public.affiliate_links;
  flags public.order_flag[];
begin
  select * into placed from public.orders where id = new.order_id;
  select * into link from public.affiliate_links where id = placed.affiliate_link_id;
  flags := private.checkout_flags(link, placed.business_id, new.customer_phone);
  if cardinality(flags) > 0 then
    insert into public.order_flags (order_id, flags) values (placed.id, flags);
    update public.orders set review_status = 'held' where id = placed.id;
  end if;
  return null;
end
$$;
revoke execute on function private.flag_new_order() from public;

create trigger order_contacts_flag_new_order after insert on private.order_contacts
  for each row execute function private.flag_new_order();

create function public.review_order(p_order_id uuid, p_decision text) returns public.orders
language plpgsql security definer set search_path = ''
as $$
declare
  reviewed public.orders;
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can review orders' using errcode = '42501';
  end if;
  if p_decision is distinct from 'clear' then
    raise exception 'decision must be clear (to refuse an order, cancel it as suspected_fraud)'
      using errcode = '22023', column = 'decision';
  end if;
  select * into reviewed from public.orders where id = p_order_id for update;
  if not found then
    raise exception 'Order not found' using errcode = 'P0002';
  end if;
  if reviewed.review_status is distinct from 'held' then
    raise exception 'This order is not held for review' using errcode = '55000';
  end if;
  update public.order_flags set reviewed_by = (select auth.uid()), reviewed_at = now() where order_id = p_order_id;
  update public.orders set review_status = 'cleared' where id = p_order_id
  returning * into reviewed;
  return reviewed;
end
$$;
comment on function public.review_order is 'Admin: clears a flagged order held for review, so its commission follows the holding period like any other.';
revoke execute on function public.review_order(uuid, text) from public, anon, service_role;
grant execute on function public.review_order(uuid, text) to authenticated;

-- what the hold releases ---------------------------------------------------------------------------

-- One rule for the payout summary and request_payout: an earning entry (of a delivery, or of the
-- reversal of one, held with the delivery it reverses) is
--   review     a commission of an order held for review;
--   pending    younger than the holding period;
--   available  otherwise.
create function private.earning_state(p_transaction_id bigint, p_line public.ledger_line) returns text
language sql stable security definer set search_path = ''
as $$
  select case
    when p_line = 'commission' and o.review_status = 'held' then 'review'
    when coalesce(d.created_at, t.created_at) > now() - private.commission_hold() then 'pending'
    else 'available'
  end
  from public.ledger_transactions t
  left join public.ledger_transactions d on d.id = t.reverses_transaction_id
  left join public.orders o on o.id = t.order_id
  where t.id = p_transaction_id
$$;
comment on function private.earning_state is 'review, pending or available: whether an earning entry may be requested yet (docs/money.md).';
revoke execute on function private.earning_state(bigint, public.ledger_line) from public;
grant execute on function private.earning_state(bigint, public.ledger_line) to authenticated, service_role;

create or replace function public.request_payout() returns public.payout_requests
language plpgsql security definer set search_path = ''
as $$
declare
  caller public.users;
  covered bigint[];
  gross bigint;
  fee bigint;
  request public.payout_requests;
begin
  select * into caller from public.users where id = (select auth.uid());
  if not found or caller.user_type not in ('business', 'influencer') then
    raise exception 'Only businesses and influencers can request payouts' using errcode = '42501';
  end if;
  if coalesce(btrim(caller.bank_name), '') = '' or coalesce(btrim(caller.account_name), '') = ''
     or coalesce(btrim(caller.account_number), '') = '' then
    raise exception 'Please complete your bank account information in your profile before requesting a payout.'
      using errcode = '22023', column = 'bank_details';
  end if;
  -- One user's requests queue here; each then sees the request the one before it made.
  perform pg_advisory_xact_lock(hashtextextended('payout:' || caller.id::text, 0));
  if exists (select 1 from public.payout_requests where user_id = caller.id and status = 'pending') then
    raise exception 'You already have a pending payout request.' using errcode = '55000';
  end if;

  -- The earning entries no request covers yet that are available (private.earning_state), read
  -- once so the amount is exactly their sum.
  select array_agg(e.id),
         coalesce(sum(e.amount_cents) filter (where e.line <> 'platform_fee'), 0),
         coalesce(-sum(e.amount_cents) filter (where e.line = 'platform_fee'), 0)
    into covered, gross, fee
  from public.ledger_entries e
  join public.ledger_accounts a on a.id = e.account_id
  where a.user_id = caller.id and e.line <> 'payout'
    and private.earning_state(e.transaction_id, e.line) = 'available'
    and not exists (select 1 from public.payout_request_entries c where c.ledger_entry_id = e.id);
  if gross - fee <= 0 then
    raise exception 'You have no available balance to request a payout.' using errcode = '55000';
  end if;

  -- The bank details and KHQR are kept as they are now: later profile edits do not change where
  -- this request is paid.
  insert into public.payout_requests (user_id, amount_cents, gross_cents, fee_cents,
                                      bank_name, account_name, account_number, khqr)
  values (caller.id, gross - fee, gross, fee,
          btrim(caller.bank_name), btrim(caller.account_name), btrim(caller.account_number), caller.khqr)
  returning * into request;
  insert into public.payout_request_entries (ledger_entry_id, payout_request_id)
  select entry_id, request.id from unnest(covered) as entry_id;
  return request;
end
$$;
comment on function public.request_payout is 'The caller requests everything available (past the holding period, not held for review, not yet requested): needs bank details, no pending request, and a positive amount; the request keeps the bank details and KHQR of that moment.';

-- settings: any of the six values ------------------------------------------------------------------

drop function public.update_marketplace_settings(integer, integer);

create function public.update_marketplace_settings(
  p_riel_per_usd integer default null,
  p_commission_hold_days integer default null,
  p_repeat_phone_orders integer default null,
  p_repeat_phone_hours integer default null,
  p_refusal_flag_percent integer default null,
  p_refusal_flag_min_finished integer default null
) returns public.marketplace_settings
language plpgsql security definer set search_path = ''
as $$
declare
  saved public.marketplace_settings;
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can change the marketplace settings' using errcode = '42501';
  end if;
  if num_nonnulls(p_riel_per_usd, p_commission_hold_days, p_repeat_phone_orders, p_repeat_phone_hours,
                  p_refusal_flag_percent, p_refusal_flag_min_finished) = 0 then
    raise exception 'Nothing to change: send at least one setting' using errcode = '22023';
  end if;
  if p_riel_per_usd not between 1000 and 10000 then
    raise exception 'riel_per_usd must be a whole number from 1000 to 10000'
      using errcode = '22023', column = 'riel_per_usd';
  end if;
  if p_commission_hold_days not between 0 and 90 then
    raise exception 'commission_hold_days must be a whole number from 0 to 90'
      using errcode = '22023', column = 'commission_hold_days';
  end if;
  if p_repeat_phone_orders not between 2 and 100 then
    raise exception 'repeat_phone_orders must be a whole number from 2 to 100'
      using errcode = '22023', column = 'repeat_phone_orders';
  end if;
  if p_repeat_phone_hours not between 1 and 720 then
    raise exception 'repeat_phone_hours must be a whole number from 1 to 720'
      using errcode = '22023', column = 'repeat_phone_hours';
  end if;
  if p_refusal_flag_percent not between 1 and 100 then
    raise exception 'refusal_flag_percent must be a whole number from 1 to 100'
      using errcode = '22023', column = 'refusal_flag_percent';
  end if;
  if p_refusal_flag_min_finished not between 1 and 1000 then
    raise exception 'refusal_flag_min_finished must be a whole number from 1 to 1000'
      using errcode = '22023', column = 'refusal_flag_min_finished';
  end if;
  update public.marketplace_settings
  set riel_per_usd = coalesce(p_riel_per_usd, riel_per_usd),
      commission_hold_days = coalesce(p_commission_hold_days, commission_hold_days),
      repeat_phone_orders = coalesce(p_repeat_phone_orders, repeat_phone_orders),
      repeat_phone_hours = coalesce(p_repeat_phone_hours, repeat_phone_hours),
      refusal_flag_percent = coalesce(p_refusal_flag_percent, refusal_flag_percent),
      refusal_flag_min_finished = coalesce(p_refusal_flag_min_finished, refusal_flag_min_finished),
      updated_by = (select auth.uid())
  where id
  returning * into saved;
  return saved;
end
$$;
comment on function public.update_marketplace_settings is 'Admin: sets any of the riel exchange rate, the commission holding period and the fraud-flag thresholds (each within its range; null keeps it), and records who and when.';
revoke execute on function public.update_marketplace_settings(integer, integer, integer, integer, integer, integer) from public, anon, service_role;
grant execute on function public.update_marketplace_settings(integer, integer, integer, integer, integer, integer) to authenticated;
