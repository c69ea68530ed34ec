-- What the API refuses, refused by the database too: direct writes by an approved business, as
-- PostgREST would carry them out with the business's own token, of over-long or malformed
-- profile fields, non-http(s) URLs, an absurd price and commission rates the API does not take.
begin;
\ir helpers.psql

select plan(13);

do $$
begin
  perform tests.create_user('business@test.local', 'business', 'approved');
end
$$;

create function tests.campaign_insert(p_price_cents text, p_rate text, p_images text) returns text
language sql
as $$
  select format($q$insert into public.campaigns (business_id, product_name, price_cents, commission_rate, image_urls)
                  values (%L, 'Direct write', %s, %s, %s)$q$,
                tests.user_id('business@test.local'), p_price_cents, p_rate, p_images)
$$;

select tests.authenticate_as('business@test.local');

-- profile ---------------------------------------------------------------------------------------

select throws_ok($$update public.users set bank_name = repeat('x', 5000000) where email = 'business@test.local'$$,
  '23514', null, 'a 5,000,000-character bank name is refused');
select throws_ok($$update public.users set account_name = repeat('x', 121) where email = 'business@test.local'$$,
  '23514', null, 'an account name over 120 characters is refused');
select throws_ok($$update public.users set account_number = '12-34-abc' where email = 'business@test.local'$$,
  '23514', null, 'an account number with letters is refused');
select throws_ok($$update public.users set business_logo_url = 'javascript:alert(1)' where email = 'business@test.local'$$,
  '23514', null, 'a javascript: logo URL is refused');
select lives_ok($$update public.users set bank_name = 'ABA Bank', account_name = 'Demo Shop', account_number = '000 123 456',
                  business_logo_url = 'https://images.example.com/logo.png' where email = 'business@test.local'$$,
  'the profile the API would accept is written');

-- campaigns -------------------------------------------------------------------------------------

select throws_ok(tests.campaign_insert('9223372036854775807', '0.15', $$array['https://img.example.com/a.png']$$),
  '23514', null, 'a price of 9223372036854775807 cents is refused');
select throws_ok(tests.campaign_insert('100000001', '0.15', $$array['https://img.example.com/a.png']$$),
  '23514', null, 'a price over $1,000,000 is refused');
select throws_ok(tests.campaign_insert('1500', '0.9999', $$array['https://img.example.com/a.png']$$),
  '23514', 'Commission rate can have at most two decimals (0.15 for 15%)', 'a commission rate of 0.9999 is refused');
select throws_ok(tests.campaign_insert('1500', '0.333', $$array['https://img.example.com/a.png']$$),
  '23514', null, 'a commission rate of 0.333 is refused');
select throws_ok(tests.campaign_insert('1500', '0.15', $$array['javascript:alert(1)']$$),
  '23514', null, 'a javascript: image URL is refused');
select throws_ok(tests.campaign_insert('1500', '0.15', $$array['https://img.example.com/a.png', 'data:text/html,<script>alert(1)</script>']$$),
  '23514', null, 'a data:text/html image URL is refused');
select lives_ok(tests.campaign_insert('1500', '0.15', $$array['https://img.example.com/a.png', 'HTTP://img.example.com/b.png']$$),
  'the campaign the API would accept is written');
select throws_ok($$update public.campaigns set commission_rate = 0.125 where product_name = 'Direct write'$$,
  '23514', null, 'an update to a rate with three decimals is refused');

select * from finish();
rollback;
