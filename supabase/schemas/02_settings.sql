-- Marketplace settings: values an admin changes without a deploy, in one row (public.marketplace_settings):
--   riel_per_usd               the riel exchange rate the checkout page uses to show riel beside
--                              dollars (docs/money.md: riel is shown for the customer's convenience
--                              only; every price and amount stays integer USD cents);
--   commission_hold_days       the holding period after delivery before a commission and business
--                              net can be requested as a payout (06_ledger_and_payouts.sql);
--   repeat_phone_orders, repeat_phone_hours, refusal_flag_percent, refusal_flag_min_finished
--                              the thresholds of the checkout's fraud flags (05_orders.sql);
--   max_commission_rate        the ceiling on a campaign's commission rate (03_campaigns_and_links.sql);
--   release_after_remittance   whether an order's earnings wait for its courier's cash
--                              (06_ledger_and_payouts.sql, 06_remittances.sql);
--   courier_remit_days         the days a courier may hold cash before the admins are reminded.
--
-- No client role writes the table, not even an admin's token at PostgREST: a change goes through
-- public.update_marketplace_settings, which checks the caller; each value's range is its column's
-- CHECK constraint (the API answers each with its field and one message, contract/constraints.ts).
-- Admins read the row (GET /admin/settings); the checkout, whose customers are anonymous, reads
-- the rate through the api function's service connection; readers that may not read the row (a
-- user's own summary, request_payout, the campaigns trigger) get their value from the security
-- definer helpers private.commission_hold and private.commission_ceiling.
--
-- The row is always there: a constraint allows only one, and triggers refuse its deletion and
-- truncation.

-- tables ------------------------------------------------------------------------------------------

create table public.marketplace_settings (
  -- Always true: with the primary key, the table can hold one row at most.
  id boolean primary key default true constraint marketplace_settings_single_row check (id),
  riel_per_usd integer not null default 4100
    constraint marketplace_settings_riel_per_usd_range check (riel_per_usd between 1000 and 10000),
  updated_at timestamptz not null default now(),
  -- The admin who saved the settings last (null until one does). The settings outlive the account.
  -- No index: the table has one row.
  updated_by uuid constraint marketplace_settings_updated_by_fkey references public.users (id) on delete set null,
  commission_hold_days integer not null default 7
    constraint marketplace_settings_commission_hold_days_range check (commission_hold_days between 0 and 90),
  repeat_phone_orders integer not null default 3
    constraint marketplace_settings_repeat_phone_orders_range check (repeat_phone_orders between 2 and 100),
  repeat_phone_hours integer not null default 24
    constraint marketplace_settings_repeat_phone_hours_range check (repeat_phone_hours between 1 and 720),
  refusal_flag_percent integer not null default 30
    constraint marketplace_settings_refusal_flag_percent_range check (refusal_flag_percent between 1 and 100),
  refusal_flag_min_finished integer not null default 10
    constraint marketplace_settings_refusal_flag_min_finished_range check (refusal_flag_min_finished between 1 and 1000),
  -- The 15% platform fee is taken from what the shop keeps after commission (docs/money.md), so a
  -- rate near 1 would leave almost nothing to take it from (a $100 sale at 0.99 would pay the
  -- platform $0.15). A campaign already above the ceiling keeps its rate until its rate is changed.
  -- Plain numeric, so that a third decimal is refused by the check rather than rounded away.
  max_commission_rate numeric not null default 0.50
    constraint marketplace_settings_max_commission_rate_range
      check (max_commission_rate between 0.05 and 0.90 and max_commission_rate = round(max_commission_rate, 2)),
  -- Off (0) until an admin sets it: turning it on cancels every open unconfirmed order older than
  -- the window at the job's next run, so it is a decision to take, not a default to inherit.
  unconfirmed_cancel_hours integer not null default 0
    constraint marketplace_settings_unconfirmed_cancel_hours_range check (unconfirmed_cancel_hours between 0 and 720),
  -- On: nothing is paid out of cash a courier has not handed over. A marketplace whose own staff
  -- collect the cash turns it off.
  release_after_remittance boolean not null default true,
  courier_remit_days integer not null default 3
    constraint marketplace_settings_courier_remit_days_range check (courier_remit_days between 1 and 30)
);

-- comments ----------------------------------------------------------------------------------------

comment on table public.marketplace_settings is 'The marketplace''s settings, one row: the riel exchange rate shown at checkout (and later settings as further columns).';
comment on column public.marketplace_settings.riel_per_usd is 'Riel per US dollar, for showing riel beside dollars at checkout only; no price, fee or payout uses it.';
comment on column public.marketplace_settings.commission_hold_days is 'Days after delivery before a commission and business net can be requested as a payout (0 to 90).';
comment on column public.marketplace_settings.repeat_phone_orders is 'repeat_phone flag: this many orders from one phone (the new one included) within repeat_phone_hours.';
comment on column public.marketplace_settings.repeat_phone_hours is 'repeat_phone flag: the window, in hours.';
comment on column public.marketplace_settings.refusal_flag_percent is 'high_refusal_link flag: the link''s customer_refused share of finished orders, in percent, at or above which new orders are flagged.';
comment on column public.marketplace_settings.refusal_flag_min_finished is 'high_refusal_link flag: the finished orders a link needs before its share counts.';
comment on column public.marketplace_settings.unconfirmed_cancel_hours is
  'Hours after which an order still unconfirmed and not yet on its way is cancelled as customer_unreachable by the scheduled job (private.cancel_unconfirmed_orders); 0 turns it off. 0 to 720.';
comment on column public.marketplace_settings.release_after_remittance is
  'On (default): an order''s commission and shop net become available only once the courier that carried it has remitted its cash.';
comment on column public.marketplace_settings.courier_remit_days is
  'Days a courier may hold the cash of a delivery before the admins'' daily Telegram reminder names it (1 to 30, default 3).';
comment on column public.marketplace_settings.max_commission_rate is
  'The highest commission rate a campaign may be given (0.05 to 0.90, default 0.50): the platform fee is 15% of what the shop keeps after commission, so a higher rate leaves little to take it from.';

-- row level security, grants and policies ---------------------------------------------------------

alter table public.marketplace_settings enable row level security;
revoke all on public.marketplace_settings from anon, authenticated, service_role;
grant select on public.marketplace_settings to authenticated, service_role;

create policy "Admins can read the marketplace settings" on public.marketplace_settings
  for select to authenticated using ((select private.has_role('admin')));

-- functions ---------------------------------------------------------------------------------------

-- Every reader (the checkout above all) counts on the row being there, so it is never deleted,
-- not even by the owner; its values are changed instead.
create or replace function private.keep_marketplace_settings_row() returns trigger
language plpgsql set search_path = ''
as $$
begin
  raise exception 'The marketplace settings row is never deleted; change its values instead' using errcode = '55000';
end
$$;
comment on function private.keep_marketplace_settings_row is 'Trigger: the single marketplace_settings row cannot be deleted or truncated.';

-- The hold as an interval, for the security definer functions that read balances
-- (public.payout_balances, request_payout, through private.release_cutoff). The hold is computed when read, from the delivery transaction's time, so no
-- job moves money and a change of the setting applies at once to everything not yet requested.
create or replace function private.commission_hold() returns interval
language sql stable security definer set search_path = ''
as $$
  select make_interval(days => commission_hold_days) from public.marketplace_settings where id
$$;
comment on function private.commission_hold is 'The holding period after delivery, from the marketplace settings.';

-- Whether earnings wait for the courier's cash, for the same readers as commission_hold.
create or replace function private.release_after_remittance() returns boolean
language sql stable security definer set search_path = ''
as $$
  select s.release_after_remittance from public.marketplace_settings s where s.id
$$;
comment on function private.release_after_remittance is 'Whether an order''s earnings wait for its courier''s cash, from the marketplace settings.';

-- Businesses cannot read the settings row (admins only), so the campaigns trigger
-- (private.check_commission_ceiling, 03_campaigns_and_links.sql) reads the ceiling here.
create or replace function private.commission_ceiling() returns numeric
language sql stable security definer set search_path = ''
as $$
  select s.max_commission_rate from public.marketplace_settings s where s.id
$$;
comment on function private.commission_ceiling is
  'The marketplace''s max_commission_rate, for the campaigns trigger (businesses cannot read the settings row).';

-- The admin's change (PUT /admin/settings): any of the settings; a null parameter keeps its value.
-- Each range is the column's CHECK constraint, stated nowhere else in SQL: a value outside it fails
-- the update (23514, the constraint named), which the API answers with the constraint's field and
-- message (contract/constraints.ts). updated_at is stamped by the touch trigger. `where id` names
-- the one row: an update without a where clause is refused where pg-safeupdate is loaded. The
-- update also fires marketplace_settings_audit (10_audit.sql), which records the changed values in
-- the audit log.
create or replace function public.update_marketplace_settings(
  p_riel_per_usd integer default null,
  p_commission_hold_days integer default null,
  p_repeat_phone_orders integer default null,
  p_repeat_phone_hours integer default null,
  p_refusal_flag_percent integer default null,
  p_refusal_flag_min_finished integer default null,
  p_max_commission_rate numeric default null,
  p_unconfirmed_cancel_hours integer default null,
  p_release_after_remittance boolean default null,
  p_courier_remit_days integer default null
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
                  p_refusal_flag_percent, p_refusal_flag_min_finished, p_max_commission_rate,
                  p_unconfirmed_cancel_hours, p_release_after_remittance, p_courier_remit_days) = 0 then
    raise exception 'Nothing to change: send at least one setting' using errcode = '22023';
  end if;
  update public.marketplace_settings
  set riel_per_usd = coalesce(p_riel_per_usd, riel_per_usd),
      commission_hold_days = coalesce(p_commission_hold_days, commission_hold_days),
      repeat_phone_orders = coalesce(p_repeat_phone_orders, repeat_phone_orders),
      repeat_phone_hours = coalesce(p_repeat_phone_hours, repeat_phone_hours),
      refusal_flag_percent = coalesce(p_refusal_flag_percent, refusal_flag_percent),
      refusal_flag_min_finished = coalesce(p_refusal_flag_min_finished, refusal_flag_min_finished),
      max_commission_rate = coalesce(p_max_commission_rate, max_commission_rate),
      unconfirmed_cancel_hours = coalesce(p_unconfirmed_cancel_hours, unconfirmed_cancel_hours),
      release_after_remittance = coalesce(p_release_after_remittance, release_after_remittance),
      courier_remit_days = coalesce(p_courier_remit_days, courier_remit_days),
      updated_by = (select auth.uid())
  where id
  returning * into saved;
  return saved;
end
$$;
comment on function public.update_marketplace_settings is 'Admin: sets any of the riel exchange rate, the commission holding period, the fraud-flag thresholds, the commission ceiling, the unconfirmed orders'' cancel window, whether earnings wait for couriers'' cash and the days couriers may hold it (each within its range; null keeps it), and records who and when.';

-- grants on functions -----------------------------------------------------------------------------

revoke execute on function private.keep_marketplace_settings_row() from public;
revoke execute on function private.commission_hold() from public;
revoke execute on function private.commission_ceiling() from public;
revoke execute on function private.release_after_remittance() from public;
grant execute on function private.commission_ceiling() to authenticated, service_role;
revoke execute on function public.update_marketplace_settings(integer, integer, integer, integer, integer, integer, numeric, integer, boolean, integer) from public, anon, service_role;
grant execute on function public.update_marketplace_settings(integer, integer, integer, integer, integer, integer, numeric, integer, boolean, integer) to authenticated;

-- triggers ----------------------------------------------------------------------------------------
-- Also on public.marketplace_settings: marketplace_settings_audit (10_audit.sql).

create trigger marketplace_settings_touch_updated_at before update on public.marketplace_settings
  for each row execute function private.touch_updated_at();
create trigger marketplace_settings_keep_row before delete on public.marketplace_settings
  for each row execute function private.keep_marketplace_settings_row();
create trigger marketplace_settings_no_truncate before truncate on public.marketplace_settings
  for each statement execute function private.keep_marketplace_settings_row();

-- reference data ----------------------------------------------------------------------------------

-- The one row, with the defaults. The triggers above keep it.
insert into public.marketplace_settings default values;
