-- Self-dealing on link applications (issue 22, item 9, second bullet).
-- A shop that signs its owner up as an influencer and approves "commission" to itself moves money
-- past the platform fee (docs/money.md, the commission ceiling). Before an admin approves a link
-- application, its card says `self_dealing` when the influencer and the shop (the campaign's
-- business) share one of:
--   phone         a phone of one (users.phone, users.store_phone) is a phone of the other;
--   bank_account  an account number of one (users.account_number, or the account number a KHQR
--                 carries in sub-tag 01 of tag 29/30, as ABA's "Receive" codes do) is one of the
--                 other's, digits compared;
--   khqr_account  their saved KHQRs pay the same account: the same Bakong id (sub-tag 00 of tag
--                 29/30) with the same account information (sub-tag 01). ABA puts its own Bakong
--                 id in every personal code, so the id alone would match every two ABA users.
-- Like order_flags, it is for admins only: public.link_self_dealing refuses anyone else, so
-- neither the influencer nor the shop learns that, or why, an application was flagged.

-- The first top-level field of a tag in a TLV string, null when absent or the structure breaks.
create function private.tlv_value(p_text text, p_tag text) returns text
language plpgsql immutable strict set search_path = ''
as $$
declare
  total integer := char_length(p_text);
  at integer := 1;
  size text;
begin
  while at + 3 <= total loop
    size := substr(p_text, at + 2, 2);
    if size !~ '^[0-9]{2}$' then
      return null;
    end if;
    if substr(p_text, at, 2) = p_tag then
      return substr(p_text, at + 4, size::integer);
    end if;
    at := at + 4 + size::integer;
  end loop;
  return null;
end
$$;
comment on function private.tlv_value is 'The value of the first top-level field with this tag in a KHQR-style tag-length-value string (lengths in characters), or null.';
revoke execute on function private.tlv_value(text, text) from public;

-- What identifies where a user is reached and paid: (kind, value) pairs compared across parties.
create function private.account_identifiers(p_user public.users)
returns table (kind text, value text)
language sql immutable set search_path = ''
as $$
  with khqr as (
    select coalesce(private.tlv_value(p_user.khqr, '29'), private.tlv_value(p_user.khqr, '30')) as account
  ), khqr_account as (
    select lower(private.tlv_value(account, '00')) as bakong_id, btrim(private.tlv_value(account, '01')) as info
    from khqr
  )
  select 'phone', regexp_replace(phone, '[^0-9]', '', 'g')
  from unnest(array[p_user.phone, p_user.store_phone]) as phone
  where regexp_replace(phone, '[^0-9]', '', 'g') <> ''
  union
  select 'bank_account', digits
  from (select regexp_replace(p_user.account_number, '[^0-9]', '', 'g') as digits
        union all
        -- A KHQR's account information counts as an account number when it is one (digits, spaces, dashes).
        select regexp_replace(info, '[^0-9]', '', 'g') from khqr_account where info ~ '^[0-9 -]+$') numbers
  where digits <> ''
  union
  select 'khqr_account', bakong_id || '/' || coalesce(info, '')
  from khqr_account where bakong_id is not null
$$;
comment on function private.account_identifiers is 'A user''s phones, account numbers (profile and KHQR) and KHQR account, as (kind, value) pairs for the self-dealing check.';
revoke execute on function private.account_identifiers(public.users) from public;

-- The admin's check (GET /admin/affiliate-links/*): what the application's influencer shares with
-- the shop of its campaign, as the sorted kinds ('bank_account', 'khqr_account', 'phone'); empty
-- when nothing. Not found (an id of no link) answers empty too.
create function public.link_self_dealing(p_link_id uuid) returns text[]
language plpgsql stable security definer set search_path = ''
as $$
declare
  shared text[];
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can see the flags of link applications' using errcode = '42501';
  end if;
  with parties as (
    select l.influencer_id, c.business_id
    from public.affiliate_links l join public.campaigns c on c.id = l.campaign_id
    where l.id = p_link_id
  ), influencer as (
    select i.kind, i.value from parties p join public.users u on u.id = p.influencer_id
    cross join lateral private.account_identifiers(u) i
  ), shop as (
    select i.kind, i.value from parties p join public.users u on u.id = p.business_id
    cross join lateral private.account_identifiers(u) i
  )
  select coalesce(array_agg(distinct influencer.kind order by influencer.kind), '{}')
    into shared
  from influencer join shop using (kind, value);
  return shared;
end
$$;
comment on function public.link_self_dealing is 'Admin: what a link application''s influencer shares with the campaign''s shop (phone, bank_account, khqr_account); non-empty means the application is flagged self_dealing. Refuses everyone but approved admins (42501).';
revoke execute on function public.link_self_dealing(uuid) from public, anon, service_role;
grant execute on function public.link_self_dealing(uuid) to authenticated;
