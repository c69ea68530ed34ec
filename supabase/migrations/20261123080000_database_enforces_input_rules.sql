-- The database holds the input rules the API checks, for every column a client role can write.
-- Hosted Supabase serves this schema through PostgREST at /rest/v1 to the very tokens the api
-- function issues, so an approved business could otherwise write, directly, what the API would
-- refuse: a 5,000,000-character bank name, a `javascript:` logo or image URL, a price of
-- 9223372036854775807 cents, a commission rate of 0.9999 or 0.333.

-- An http(s) URL of at most p_max_length characters without control characters: never
-- javascript:, data: or any other scheme a browser would run or render as a page.
create function private.is_http_url(p_url text, p_max_length integer) returns boolean
language sql immutable set search_path = ''
as $$
  select p_url ~* '^https?:' and length(p_url) <= p_max_length and p_url !~ '[[:cntrl:]]'
$$;
comment on function private.is_http_url is 'True for an http(s) URL within the length, as the API''s URL fields accept them.';

create function private.are_http_urls(p_urls text[]) returns boolean
language sql immutable set search_path = ''
as $$
  select coalesce(bool_and(private.is_http_url(url, 2000)), true) from unnest(p_urls) as url
$$;
comment on function private.are_http_urls is 'True when every element is an http(s) URL of at most 2000 characters.';

-- Constraints evaluate their functions as the writer, so the roles that write need EXECUTE.
revoke execute on function private.is_http_url(text, integer), private.are_http_urls(text[]) from public;
grant execute on function private.is_http_url(text, integer), private.are_http_urls(text[]) to authenticated, service_role;

-- Profile columns a user may update on their own row (the API's limits, schemas/auth.ts).
alter table public.users
  add constraint users_bank_name_length check (bank_name is null or length(bank_name) <= 100),
  add constraint users_account_name_length check (account_name is null or length(account_name) <= 120),
  add constraint users_account_number_digits check (account_number is null or account_number ~ '^[0-9 ]{0,30}$'),
  add constraint users_business_logo_url_http check (business_logo_url is null or private.is_http_url(business_logo_url, 500));

-- Campaign columns a business may write (schemas/campaigns.ts): at most $1,000,000, http(s)
-- images. Name and description lengths, 1 to 5 images and 0 < rate < 1 were already checked.
alter table public.campaigns
  add constraint campaigns_price_at_most_a_million check (price_cents <= 100000000),
  add constraint campaigns_image_urls_http check (private.are_http_urls(image_urls));

-- A client writes rates with at most two decimals (0.15 for 15%), as the API takes them. The
-- owner may store finer ones: the money tests use odd rates to exercise rounding.
create function private.check_client_commission_rate() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') and new.commission_rate <> round(new.commission_rate, 2) then
    raise exception 'Commission rate must have at most two decimals, e.g. 0.15 for 15%%'
      using errcode = '23514', column = 'commission_rate';
  end if;
  return new;
end
$$;
comment on function private.check_client_commission_rate is 'Refuses a client''s commission rate with more than two decimals.';
revoke execute on function private.check_client_commission_rate() from public;

create trigger campaigns_client_commission_rate before insert or update of commission_rate on public.campaigns
  for each row execute function private.check_client_commission_rate();
