-- Marketplace settings: values an admin changes without a deploy, in one row. The first is the
-- riel exchange rate the checkout page uses to show riel beside dollars (docs/money.md: riel is
-- shown for the customer's convenience only; every price and amount stays integer USD cents).
-- Later settings (such as commission_hold_days) become further columns of the same row, so the
-- table is named for all of them.
--
-- No client role writes the table, not even an admin's token at PostgREST: a change goes through
-- public.update_marketplace_settings, which checks the caller and the value as the API does.
-- Admins read the row (GET /admin/settings); the checkout, whose customers are anonymous, reads
-- the rate through the api function's service connection.

create table public.marketplace_settings (
  -- Always true: with the primary key, the table can hold one row at most.
  id boolean primary key default true constraint marketplace_settings_single_row check (id),
  riel_per_usd integer not null default 4100
    constraint marketplace_settings_riel_per_usd_range check (riel_per_usd between 1000 and 10000),
  updated_at timestamptz not null default now(),
  -- The admin who saved the settings last (null until one does). The settings outlive the account.
  -- No index: the table has one row.
  updated_by uuid references public.users (id) on delete set null
);
comment on table public.marketplace_settings is 'The marketplace''s settings, one row: the riel exchange rate shown at checkout (and later settings as further columns).';
comment on column public.marketplace_settings.riel_per_usd is 'Riel per US dollar, for showing riel beside dollars at checkout only; no price, fee or payout uses it.';

-- The one row, with the defaults. The trigger below keeps it.
insert into public.marketplace_settings default values;

alter table public.marketplace_settings enable row level security;
revoke all on public.marketplace_settings from anon, authenticated, service_role;
grant select on public.marketplace_settings to authenticated, service_role;

create policy "Admins can read the marketplace settings" on public.marketplace_settings
  for select to authenticated using ((select private.has_role('admin')));

create trigger marketplace_settings_touch_updated_at before update on public.marketplace_settings
  for each row execute function private.touch_updated_at();

-- Every reader (the checkout above all) counts on the row being there, so it is never deleted,
-- not even by the owner; its values are changed instead.
create function private.keep_marketplace_settings_row() returns trigger
language plpgsql set search_path = ''
as $$
begin
  raise exception 'The marketplace settings row is never deleted; change its values instead' using errcode = '55000';
end
$$;
comment on function private.keep_marketplace_settings_row is 'Trigger: the single marketplace_settings row cannot be deleted or truncated.';
revoke execute on function private.keep_marketplace_settings_row() from public;

create trigger marketplace_settings_keep_row before delete on public.marketplace_settings
  for each row execute function private.keep_marketplace_settings_row();
create trigger marketplace_settings_no_truncate before truncate on public.marketplace_settings
  for each statement execute function private.keep_marketplace_settings_row();

-- The admin's change (PUT /admin/settings). It repeats the API's rule with the API's message, so
-- a direct call gets the same answer; the CHECK constraint stays as the last line of defence.
create function public.update_marketplace_settings(p_riel_per_usd integer)
returns public.marketplace_settings
language plpgsql security definer set search_path = ''
as $$
declare
  saved public.marketplace_settings;
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can change the marketplace settings' using errcode = '42501';
  end if;
  if p_riel_per_usd is null or p_riel_per_usd not between 1000 and 10000 then
    raise exception 'riel_per_usd must be a whole number from 1000 to 10000'
      using errcode = '22023', column = 'riel_per_usd';
  end if;
  -- updated_at is stamped by the touch trigger. `where id` names the one row: an update without a
  -- where clause is refused where pg-safeupdate is loaded.
  update public.marketplace_settings
  set riel_per_usd = p_riel_per_usd, updated_by = (select auth.uid())
  where id
  returning * into saved;
  return saved;
end
$$;
comment on function public.update_marketplace_settings is 'Admin: sets the riel exchange rate (1000 to 10000 riel per dollar) and records who and when.';
revoke execute on function public.update_marketplace_settings(integer) from public, anon, service_role;
grant execute on function public.update_marketplace_settings(integer) to authenticated;
