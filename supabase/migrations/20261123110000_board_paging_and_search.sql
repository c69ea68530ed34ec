-- Keyset paging and search for the boards (issue 15): every list is read newest first by
-- (created_at, id) in descending order, a page at a time, so each page is one range scan of an
-- index on exactly that order (with the list's filter column in front where a list is filtered).
-- The indexes they replace had the time alone, which leaves ties between rows created in the
-- same microsecond unordered.
--
-- The customer's phone is searched by any run of at least four of its digits. A trigram index
-- (pg_trgm) answers `like '%1234%'` from the index; a digits-suffix column would only find the
-- last digits, and a customer who calls often reads the middle of their number. The phone stays
-- in private.order_contacts: the search is an admin-only security definer function that returns
-- order ids, never phones.

create extension if not exists pg_trgm with schema extensions;

drop index public.orders_created_at_idx;
drop index public.orders_business_id_idx;
drop index public.orders_influencer_id_idx;
drop index public.orders_status_idx;
create index orders_created_at_id_idx on public.orders (created_at desc, id desc);
create index orders_business_id_idx on public.orders (business_id, created_at desc, id desc);
create index orders_influencer_id_idx on public.orders (influencer_id, created_at desc, id desc);
create index orders_status_idx on public.orders (status, created_at desc, id desc);

drop index public.payout_requests_user_id_idx;
create index payout_requests_requested_at_id_idx on public.payout_requests (requested_at desc, id desc);
create index payout_requests_user_id_idx on public.payout_requests (user_id, requested_at desc, id desc);

drop index public.users_created_at_idx;
create index users_created_at_id_idx on public.users (created_at desc, id desc);

drop index public.affiliate_links_created_at_idx;
drop index public.affiliate_links_pending_idx;
create index affiliate_links_created_at_id_idx on public.affiliate_links (created_at desc, id desc);
create index affiliate_links_pending_idx on public.affiliate_links (created_at desc, id desc) where status = 'pending';

create index order_contacts_phone_trgm_idx on private.order_contacts
  using gin (customer_phone extensions.gin_trgm_ops);

create function public.search_order_ids_by_phone(p_digits text)
returns setof uuid
language plpgsql stable security definer set search_path = ''
as $$
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can search customer phone numbers' using errcode = '42501';
  end if;
  if p_digits is null or p_digits !~ '^[0-9]{4,12}$' then
    raise exception 'Search by phone needs at least 4 digits' using errcode = '22023', column = 'q';
  end if;
  -- Phones are stored as +855XXXXXXXX; a caller reads them as 0XX XXX XXX, so digits starting
  -- with 0 also match the number's start after the country code.
  return query
    select c.order_id from private.order_contacts c
    where c.customer_phone like '%' || p_digits || '%'
       or (p_digits like '0%' and c.customer_phone like '+855' || substr(p_digits, 2) || '%');
end
$$;
comment on function public.search_order_ids_by_phone is 'Admin only: the orders whose customer phone contains the given digits (at least 4; a leading 0 also stands for +855).';
revoke execute on function public.search_order_ids_by_phone from public, anon;
grant execute on function public.search_order_ids_by_phone to authenticated, service_role;
