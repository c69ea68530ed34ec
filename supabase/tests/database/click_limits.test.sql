-- The click cap and the /r rate limit (supabase/schemas/07_attribution.sql): one address counts at
-- most 3 clicks per link an hour whatever its user agents, the address is kept only as a salted
-- hash, and private.note_public_request refuses an address's 61st request in a minute. No
-- client role reads the counters or the address hash, and only service_role counts requests.
begin;
\ir helpers.psql

select plan(16);

do $$
declare
  scarf_link uuid;
begin
  perform tests.create_user('business@test.local', 'business', 'approved');
  perform tests.create_user('influencer@test.local', 'influencer', 'approved');
  perform tests.create_campaign('business@test.local', 'PgTAP Cap Scarf');
  scarf_link := tests.create_link('influencer@test.local', 'PgTAP Cap Scarf', 'approved');
  update public.affiliate_links set short_code = 'CapScrf' where id = scarf_link;
end
$$;

create function tests.cap_click(p_address text, p_user_agent text) returns uuid
language sql
as $$
  select click_id from private.record_click('CapScrf', 'qr', null, 'mobile', p_address, p_user_agent)
$$;

-- the cap ------------------------------------------------------------------------------------------

select tests.act_as_service_role();
create temporary table cap_refs on commit drop as
  select n, tests.cap_click('198.51.100.50', 'Agent ' || n) as ref from generate_series(1, 6) n;
select is((select count(distinct ref) from cap_refs), 3::bigint,
  'six user agents from one address make three clicks');
select is((select count(*) from public.link_clicks where campaign_id = tests.campaign_id('PgTAP Cap Scarf')), 3::bigint,
  'only three are recorded');
-- (One transaction has one now(): the three clicks tie on created_at, so which is the latest is
-- not asserted here; the API test sees it.)
select is((select count(*) from cap_refs where n > 3 and ref in (select id from public.link_clicks)), 3::bigint,
  'a visit past the cap answers one of the address''s recorded clicks');
select isnt(tests.cap_click('198.51.100.51', 'Agent 1'), null, 'another address is counted');
select is((select count(*) from public.link_clicks where campaign_id = tests.campaign_id('PgTAP Cap Scarf')), 4::bigint,
  'the other address''s click is recorded');

select tests.act_as_owner();
select is((select count(distinct address_hash) from public.link_clicks
           where campaign_id = tests.campaign_id('PgTAP Cap Scarf')), 2::bigint,
  'each click keeps its address as a hash');
select is_empty($$select 1 from public.link_clicks where address_hash like '%198.51.100%'
                    or address_hash = encode(sha256(convert_to('198.51.100.50', 'UTF8')), 'hex')$$,
  'the address hash is neither the address nor its unsalted digest');
-- An hour later the address counts again.
update public.link_clicks set created_at = created_at - interval '61 minutes'
  where campaign_id = tests.campaign_id('PgTAP Cap Scarf');
select tests.act_as_service_role();
select ok(tests.cap_click('198.51.100.50', 'Agent 7') not in (select ref from cap_refs),
  'an hour later the same address makes a new click');

-- the rate limit ---------------------------------------------------------------------------------------

select lives_ok($$select private.note_public_request('short_link', '198.51.100.60') from generate_series(1, 60)$$,
  'an address makes 60 requests a minute');
select throws_ok($$select private.note_public_request('short_link', '198.51.100.60')$$, 'P0429',
  'Too many requests from this network. Please wait a minute and try again.', 'the 61st is refused');
select lives_ok($$select private.note_public_request('short_link', '198.51.100.61')$$, 'another address is not affected');
select throws_ok($$select private.note_public_request('short_link', ' ')$$, '22023', 'Client address is required',
  'a request without an address is refused');

select tests.act_as_owner();
select is_empty($$select 1 from private.public_requests where address_hash like '%198.51.100%'$$,
  'the counters keep no address in the clear');

-- access ---------------------------------------------------------------------------------------------------

select is((select count(*) from unnest(array['anon', 'authenticated', 'service_role']) r,
                                unnest(array['select', 'insert', 'update', 'delete', 'truncate']) p
           where has_table_privilege(r, 'private.public_requests', p)), 0::bigint,
  'no client role can read or write private.public_requests');
select is((select count(*) from unnest(array['public', 'anon', 'authenticated']) r
           where has_function_privilege(r, 'private.note_public_request(private.public_route, text)', 'execute')
              or has_function_privilege(r, 'private.click_address_hash(text)', 'execute')), 0::bigint,
  'no client role but service_role counts requests or hashes addresses');
select is(has_column_privilege('authenticated', 'public.link_clicks', 'address_hash', 'select'), false,
  'authenticated cannot read a click''s address hash');

select * from finish();
rollback;
