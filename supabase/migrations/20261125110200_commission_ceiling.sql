-- A ceiling on the commission rate (issue 22, item 9, first bullet).
-- The 15% platform fee is taken from what the shop keeps after commission (docs/money.md), so a
-- rate near 1 leaves almost nothing to take it from: a $100 sale at 0.99 paid the platform $0.15,
-- and a shop that signs its owner up as an influencer paid almost no fee. The marketplace settings
-- gain max_commission_rate (default 0.50, an admin sets 0.05 to 0.90), and the database refuses a
-- new rate above it, whoever writes through the API or PostgREST. A campaign already above the
-- ceiling keeps its rate (and its orders their snapshot) until its rate is changed.

alter table public.marketplace_settings
  add column max_commission_rate numeric(3, 2) not null default 0.50
    constraint marketplace_settings_max_commission_rate_range check (max_commission_rate between 0.05 and 0.90);
comment on column public.marketplace_settings.max_commission_rate is
  'The highest commission rate a campaign may be given (0.05 to 0.90, default 0.50): the platform fee is 15% of what the shop keeps after commission, so a higher rate leaves little to take it from.';

-- campaigns: new rates stay under the ceiling ----------------------------------------------------

-- Businesses cannot read the settings row (admins only), so the trigger reads the ceiling here.
create function private.commission_ceiling() returns numeric
language sql stable security definer set search_path = ''
as $$
  select s.max_commission_rate from public.marketplace_settings s where s.id
$$;
comment on function private.commission_ceiling is
  'The marketplace''s max_commission_rate, for the campaigns trigger (businesses cannot read the settings row).';
revoke execute on function private.commission_ceiling() from public;
grant execute on function private.commission_ceiling() to authenticated, service_role;

-- Not security definer: current_user is the writer's role.
create function private.check_commission_ceiling() returns trigger
language plpgsql set search_path = ''
as $$
declare
  ceiling numeric;
begin
  -- The owner (migrations, the money tests' fixtures with odd rates such as 0.9999) may store any
  -- rate in (0, 1), as with the two-decimal rule; every client role meets the ceiling.
  if current_user not in ('anon', 'authenticated', 'service_role') then
    return new;
  end if;
  -- An update that keeps the rate (an edit of other fields that sends it too) sets no new rate.
  if tg_op = 'UPDATE' and new.commission_rate = old.commission_rate then
    return new;
  end if;
  -- A rate outside (0, 1) is the column's CHECK's to refuse, with its own message.
  if new.commission_rate is null or new.commission_rate <= 0 or new.commission_rate >= 1 then
    return new;
  end if;
  ceiling := private.commission_ceiling();
  if new.commission_rate > ceiling then
    raise exception '%', format('Commission rate can be at most %s (%s%%), the marketplace''s ceiling',
                                to_char(ceiling, 'FM0.00'), round(ceiling * 100))
      using errcode = '23514', column = 'commission_rate';
  end if;
  return new;
end
$$;
comment on function private.check_commission_ceiling is
  'Trigger: refuses a client''s new campaign commission rate above marketplace_settings.max_commission_rate (SQLSTATE 23514, column commission_rate); the owner is exempt.';
revoke execute on function private.check_commission_ceiling() from public;

create trigger campaigns_commission_ceiling before insert or update of commission_rate on public.campaigns
  for each row execute function private.check_commission_ceiling();

-- settings: the ceiling joins the six values --------------------------------------------------------

drop function public.update_marketplace_settings(integer, integer, integer, integer, integer, integer);

-- The six earlier parameters keep their names and places, so existing calls work unchanged.
create function public.update_marketplace_settings(
  p_riel_per_usd integer default null,
  p_commission_hold_days integer default null,
  p_repeat_phone_orders integer default null,
  p_repeat_phone_hours integer default null,
  p_refusal_flag_percent integer default null,
  p_refusal_flag_min_finished integer default null,
  p_max_commission_rate numeric default null
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
                  p_refusal_flag_percent, p_refusal_flag_min_finished, p_max_commission_rate) = 0 then
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
  if p_max_commission_rate not between 0.05 and 0.90 or p_max_commission_rate <> round(p_max_commission_rate, 2) then
    raise exception 'max_commission_rate must be from 0.05 to 0.90 with at most two decimals'
      using errcode = '22023', column = 'max_commission_rate';
  end if;
  update public.marketplace_settings
  set riel_per_usd = coalesce(p_riel_per_usd, riel_per_usd),
      commission_hold_days = coalesce(p_commission_hold_days, commission_hold_days),
      repeat_phone_orders = coalesce(p_repeat_phone_orders, repeat_phone_orders),
      repeat_phone_hours = coalesce(p_repeat_phone_hours, repeat_phone_hours),
      refusal_flag_percent = coalesce(p_refusal_flag_percent, refusal_flag_percent),
      refusal_flag_min_finished = coalesce(p_refusal_flag_min_finished, refusal_flag_min_finished),
      max_commission_rate = coalesce(p_max_commission_rate, max_commission_rate),
      updated_by = (select auth.uid())
  where id
  returning * into saved;
  return saved;
end
$$;
comment on function public.update_marketplace_settings is 'Admin: sets any of the riel exchange rate, the commission holding period, the fraud-flag thresholds and the commission ceiling (each within its range; null keeps it), and records who and when.';
revoke execute on function public.update_marketplace_settings(integer, integer, integer, integer, integer, integer, numeric) from public, anon, service_role;
grant execute on function public.update_marketplace_settings(integer, integer, integer, integer, integer, integer, numeric) to authenticated;
