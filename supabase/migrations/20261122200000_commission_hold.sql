-- The holding period: a delivered order's commission and business net become available for a
-- payout only once `commission_hold_days` have passed since its delivery (a cash-on-delivery
-- order is still refused, returned or disputed in its first days). Until then they are pending.
--
-- Computed when read, from the delivery transaction's time, so no job moves money and a change
-- of the setting applies at once to everything not yet requested. A reversal's entries are held
-- with the delivery they reverse: a revert inside the hold leaves nothing pending, and a revert
-- after the hold (or after a payout) is available at once, as before (a negative balance).

alter table public.marketplace_settings
  add column commission_hold_days integer not null default 7
    constraint marketplace_settings_commission_hold_days_range check (commission_hold_days between 0 and 90);
comment on column public.marketplace_settings.commission_hold_days is 'Days after delivery before a commission and business net can be requested as a payout (0 to 90).';

-- The hold as an interval, for readers that may not read the settings row (a user's own summary,
-- request_payout).
create function private.commission_hold() returns interval
language sql stable security definer set search_path = ''
as $$
  select make_interval(days => commission_hold_days) from public.marketplace_settings where id
$$;
comment on function private.commission_hold is 'The holding period after delivery, from the marketplace settings.';
revoke execute on function private.commission_hold() from public;
grant execute on function private.commission_hold() to authenticated, service_role;

-- settings: either or both values ---------------------------------------------------------------------

drop function public.update_marketplace_settings(integer);

create function public.update_marketplace_settings(p_riel_per_usd integer default null, p_commission_hold_days integer default null)
returns public.marketplace_settings
language plpgsql security definer set search_path = ''
as $$
declare
  saved public.marketplace_settings;
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can change the marketplace settings' using errcode = '42501';
  end if;
  if p_riel_per_usd is null and p_commission_hold_days is null then
    raise exception 'Nothing to change: send riel_per_usd or commission_hold_days' using errcode = '22023';
  end if;
  if p_riel_per_usd is not null and p_riel_per_usd not between 1000 and 10000 then
    raise exception 'riel_per_usd must be a whole number from 1000 to 10000'
      using errcode = '22023', column = 'riel_per_usd';
  end if;
  if p_commission_hold_days is not null and p_commission_hold_days not between 0 and 90 then
    raise exception 'commission_hold_days must be a whole number from 0 to 90'
      using errcode = '22023', column = 'commission_hold_days';
  end if;
  update public.marketplace_settings
  set riel_per_usd = coalesce(p_riel_per_usd, riel_per_usd),
      commission_hold_days = coalesce(p_commission_hold_days, commission_hold_days),
      updated_by = (select auth.uid())
  where id
  returning * into saved;
  return saved;
end
$$;
comment on function public.update_marketplace_settings is 'Admin: sets the riel exchange rate (1000 to 10000 riel per dollar) and/or the commission holding period (0 to 90 days), and records who and when.';
revoke execute on function public.update_marketplace_settings(integer, integer) from public, anon, service_role;
grant execute on function public.update_marketplace_settings(integer, integer) to authenticated;

-- payout requests cover only what the hold has released, and keep the bank snapshot of 20261122180000 --

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

  -- The earning entries no request covers yet and the hold has released (a reversal is released
  -- with the delivery it reverses), read once so the amount is exactly their sum.
  select array_agg(e.id),
         coalesce(sum(e.amount_cents) filter (where e.line <> 'platform_fee'), 0),
         coalesce(-sum(e.amount_cents) filter (where e.line = 'platform_fee'), 0)
    into covered, gross, fee
  from public.ledger_entries e
  join public.ledger_accounts a on a.id = e.account_id
  join public.ledger_transactions t on t.id = e.transaction_id
  left join public.ledger_transactions d on d.id = t.reverses_transaction_id
  where a.user_id = caller.id and e.line <> 'payout'
    and coalesce(d.created_at, t.created_at) <= now() - private.commission_hold()
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
comment on function public.request_payout is 'The caller requests everything available (past the holding period, not yet requested): needs bank details, no pending request, and a positive amount; the request keeps the bank details and KHQR of that moment.';
