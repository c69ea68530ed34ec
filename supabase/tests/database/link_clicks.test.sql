-- public.link_clicks, private.click_salt, private.record_click and the click an order keeps, per
-- role: a click is read by the link's influencer, the campaign's business and approved admins,
-- never its visitor hash; no client role writes a click or reads the salt; only service_role (the
-- api function, for anonymous visitors) records one, once per visitor and link a minute; an order
-- keeps a click only when it was on the same link.
begin;
\ir helpers.psql

select plan(89);

-- fixtures --------------------------------------------------------------------------------------

do $$
declare
  scarf_link uuid;
  bag_link uuid;
begin
  perform tests.create_user('admin@test.local', 'admin', 'approved');
  perform tests.create_user('pending-admin@test.local', 'admin', 'pending_approval');
  perform tests.create_user('business@test.local', 'business', 'approved');
  perform tests.create_user('other-business@test.local', 'business', 'approved');
  perform tests.create_user('influencer@test.local', 'influencer', 'approved');
  perform tests.create_user('other-influencer@test.local', 'influencer', 'approved');

  perform tests.create_campaign('business@test.local', 'PgTAP Scarf');
  perform tests.create_campaign('other-business@test.local', 'PgTAP Bag');
  scarf_link := tests.create_link('influencer@test.local', 'PgTAP Scarf', 'approved');
  bag_link := tests.create_link('other-influencer@test.local', 'PgTAP Bag', 'approved');
  perform tests.create_link('influencer@test.local', 'PgTAP Bag', 'pending');
  perform tests.create_zone('PgTAP Khan', 'PgTAP Sangkat', 150);
  -- Approval gives a code; fixtures made as the owner set theirs by hand.
  update public.affiliate_links set short_code = 'PgScarf' where id = scarf_link;
  update public.affiliate_links set short_code = 'PgTaBag' where id = bag_link;
end
$$;

-- A click as the api function records it; returns the click id (null for an unknown code).
create function tests.click(
  p_code text, p_address text, p_user_agent text default 'PgTAP Phone', p_source public.click_source default 'qr'
)
returns uuid
language sql
as $$
  select click_id from private.record_click(p_code, p_source, 't.me', 'mobile', p_address, p_user_agent)
$$;

-- The fixture clicks a caller sees, by letter.
create function tests.visible_clicks(p_a uuid, p_b uuid, p_c uuid) returns text
language sql
as $$
  select coalesce(string_agg(letter, ',' order by letter), '')
  from (select case id when p_a then 'A' when p_b then 'B' else 'C' end as letter
        from public.link_clicks where id in (p_a, p_b, p_c)) k
$$;

-- Every direct write a client might try on the clicks, and every command on the salt.
create function tests.click_write_statements(p_click_id uuid) returns table (label text, statement text)
language sql
as $$
  values
    ('insert into public.link_clicks',
     format($q$insert into public.link_clicks (affiliate_link_id, influencer_id, campaign_id, business_id, source,
                 device_class, visitor_hash)
               select affiliate_link_id, influencer_id, campaign_id, business_id, 'qr', 'mobile', repeat('a', 64)
               from (values (%L::uuid)) v (x) cross join lateral (select * from public.link_clicks where id = x) k$q$,
            p_click_id)),
    ('update public.link_clicks', format($q$update public.link_clicks set source = 'dm' where id = %L$q$, p_click_id)),
    ('delete from public.link_clicks', format($q$delete from public.link_clicks where id = %L$q$, p_click_id)),
    ('truncate public.link_clicks', 'truncate public.link_clicks cascade'),
    ('select private.click_salt', 'select * from private.click_salt'),
    ('insert into private.click_salt', $q$insert into private.click_salt (id, salt) values (false, '\x00')$q$),
    ('update private.click_salt', $q$update private.click_salt set salt = '\x00'$q$),
    ('delete from private.click_salt', 'delete from private.click_salt')
$$;
grant execute on function tests.visible_clicks(uuid, uuid, uuid), tests.click_write_statements(uuid)
  to anon, authenticated, service_role;

-- service_role records clicks (A, B on the scarf link; C on the bag link) ------------------------

select tests.act_as_service_role();
select tests.click('PgScarf', '198.51.100.1') as click_a \gset
select tests.click('PgScarf', '198.51.100.2') as click_b \gset
select tests.click('PgTaBag', '198.51.100.1', p_source => 'dm') as click_c \gset
select isnt(:'click_a'::uuid, null, 'service_role records a click on an approved link''s code');
select results_eq(
  $$select influencer_id, campaign_id from private.record_click('PgScarf', 'link', null, 'desktop', '198.51.100.3', 'x')$$,
  format($$values (%L::uuid, %L::uuid)$$, tests.user_id('influencer@test.local'), tests.campaign_id('PgTAP Scarf')),
  'record_click answers the checkout target: the link''s influencer and campaign');
select is(tests.click('PgScarf', '198.51.100.1'), :'click_a'::uuid,
  'the same visitor on the same link within a minute is the same click');
select isnt(tests.click('PgScarf', '198.51.100.1', 'Another Browser'), :'click_a'::uuid,
  'the same address with another user agent is another visitor');
select is(tests.click('PgTaBag', '198.51.100.1', p_source => 'dm'), :'click_c'::uuid,
  'one visitor''s click on another link is that link''s own click');
select is_empty($$select * from private.record_click('NoSuch1', 'qr', null, 'mobile', '198.51.100.1', 'x')$$,
  'an unknown code records nothing and answers no row');
select is_empty($$select * from private.record_click('', 'qr', null, 'mobile', '198.51.100.1', 'x')$$,
  'an empty code answers no row');
select throws_ok($$select * from private.record_click('PgScarf', 'email', null, 'mobile', '198.51.100.1', 'x')$$,
  '22P02', 'invalid input value for enum click_source: "email"', 'an unknown source is refused (the enum)');
select throws_ok($$select * from private.record_click('PgScarf', 'qr', null, 'watch', '198.51.100.1', 'x')$$,
  '22P02', 'invalid input value for enum device_class: "watch"', 'an unknown device class is refused (the enum)');
select throws_ok($$select * from private.record_click('PgScarf', 'qr', null, 'mobile', ' ', 'x')$$,
  '22023', 'Client address is required', 'a click without a client address is refused');
select is(tests.visible_clicks(:'click_a', :'click_b', :'click_c'), 'A,B,C', 'service_role reads every click');
select throws_ok(statement, '42501', null, 'service_role cannot ' || label || ' (it records through record_click)')
  from tests.click_write_statements(:'click_a');

select tests.act_as_owner();
select results_eq(
  format($$select source, referrer_host, device_class, visitor_hash ~ '^[0-9a-f]{64}$', business_id
           from public.link_clicks where id = %L$$, :'click_a'),
  format($$values ('qr'::public.click_source, 't.me'::text, 'mobile'::public.device_class, true, %L::uuid)$$,
         tests.user_id('business@test.local')),
  'a click keeps its source, referrer host, device class, the campaign''s business and a hex hash');
select is_empty(
  $$select id from public.link_clicks
    where visitor_hash like '%198.51.100%' or visitor_hash = encode(sha256(convert_to('198.51.100.1' || E'\n' || 'PgTAP Phone', 'UTF8')), 'hex')$$,
  'the hash is neither the address nor its unsalted digest');
select is((select count(*) from public.link_clicks where visitor_hash =
            (select visitor_hash from public.link_clicks where id = :'click_a')), 2::bigint,
  'one visitor has one hash on both links (the salt is the database''s, not per link)');
-- A minute later the same visitor counts again.
update public.link_clicks set created_at = now() - interval '61 seconds' where id = :'click_a';
select tests.act_as_service_role();
select isnt(tests.click('PgScarf', '198.51.100.1'), :'click_a'::uuid, 'the same visitor a minute later is a new click');

-- the salt -----------------------------------------------------------------------------------------

select tests.act_as_owner();
select results_eq($$select count(*), min(octet_length(salt)) from private.click_salt$$,
  $$values (1::bigint, 32)$$, 'one salt of 32 random bytes');
select ok(not has_table_privilege(r, 'private.click_salt', 'select'), r || ' holds no SELECT on private.click_salt')
  from unnest(array['public', 'anon', 'authenticated', 'service_role']) r;

-- anon ---------------------------------------------------------------------------------------------

select tests.act_as_anon();
select throws_ok('select id from public.link_clicks', '42501', 'permission denied for table link_clicks',
  'anon cannot read any click');
select throws_ok($$select * from private.record_click('PgScarf', 'qr', null, 'mobile', '198.51.100.9', 'x')$$,
  '42501', 'permission denied for function record_click',
  'anon cannot record a click directly (only the api function, as service_role, can)');
select throws_ok(statement, '42501', null, 'anon cannot ' || label) from tests.click_write_statements(:'click_a');

-- influencers ---------------------------------------------------------------------------------------

select tests.authenticate_as('influencer@test.local');
select is(tests.visible_clicks(:'click_a', :'click_b', :'click_c'), 'A,B', 'an influencer reads the clicks on its link');
select is_empty(format($$select id from public.link_clicks where influencer_id <> %L$$, tests.user_id('influencer@test.local')),
  'an influencer reads no click on another influencer''s link');
select throws_ok('select visitor_hash from public.link_clicks', '42501', 'permission denied for table link_clicks',
  'an influencer cannot read the visitor hash');
select throws_ok($$select * from private.record_click('PgScarf', 'qr', null, 'mobile', '198.51.100.9', 'x')$$,
  '42501', 'permission denied for function record_click', 'an influencer cannot record a click');
select throws_ok(statement, '42501', null, 'an influencer cannot ' || label)
  from tests.click_write_statements(:'click_a');

select tests.authenticate_as('other-influencer@test.local');
select is(tests.visible_clicks(:'click_a', :'click_b', :'click_c'), 'C', 'the other influencer reads only its own link''s click');

-- businesses -----------------------------------------------------------------------------------------

select tests.authenticate_as('business@test.local');
select is(tests.visible_clicks(:'click_a', :'click_b', :'click_c'), 'A,B', 'a business reads the clicks on its campaign');
select throws_ok('select visitor_hash from public.link_clicks', '42501', 'permission denied for table link_clicks',
  'a business cannot read the visitor hash');
select throws_ok(statement, '42501', null, 'a business cannot ' || label)
  from tests.click_write_statements(:'click_a');

select tests.authenticate_as('other-business@test.local');
select is(tests.visible_clicks(:'click_a', :'click_b', :'click_c'), 'C', 'the other business reads only its campaign''s click');

-- admins ---------------------------------------------------------------------------------------------

select tests.authenticate_as('pending-admin@test.local');
select is(tests.visible_clicks(:'click_a', :'click_b', :'click_c'), '', 'a pending admin reads no click');

select tests.authenticate_as('admin@test.local');
select is(tests.visible_clicks(:'click_a', :'click_b', :'click_c'), 'A,B,C', 'an approved admin reads every click');
select throws_ok('select visitor_hash from public.link_clicks', '42501', 'permission denied for table link_clicks',
  'an admin cannot read the visitor hash');
select throws_ok($$select * from private.record_click('PgScarf', 'qr', null, 'mobile', '198.51.100.9', 'x')$$,
  '42501', 'permission denied for function record_click', 'an admin cannot record a click');
select throws_ok(statement, '42501', null, 'an admin cannot ' || label) from tests.click_write_statements(:'click_a');

-- orders keep their click ----------------------------------------------------------------------------

select tests.act_as_service_role();
select (private.place_order(tests.user_id('influencer@test.local'), tests.campaign_id('PgTAP Scarf'), '+85512000001',
  'PgTAP Khan', 'PgTAP Sangkat', 1, '198.51.100.20', :'click_b', p_recipient_name => 'PgTAP Recipient', p_address_line => 'House 1, Street 2')).id as attributed \gset
select (private.place_order(tests.user_id('influencer@test.local'), tests.campaign_id('PgTAP Scarf'), '+85512000002',
  'PgTAP Khan', 'PgTAP Sangkat', 1, '198.51.100.20', :'click_c', p_recipient_name => 'PgTAP Recipient', p_address_line => 'House 1, Street 2')).id as foreign_ref \gset
select (private.place_order(tests.user_id('influencer@test.local'), tests.campaign_id('PgTAP Scarf'), '+85512000003',
  'PgTAP Khan', 'PgTAP Sangkat', 1, '198.51.100.20', gen_random_uuid(), p_recipient_name => 'PgTAP Recipient', p_address_line => 'House 1, Street 2')).id as unknown_ref \gset
select (private.place_order(tests.user_id('influencer@test.local'), tests.campaign_id('PgTAP Scarf'), '+85512000004',
  'PgTAP Khan', 'PgTAP Sangkat', 1, '198.51.100.20', p_recipient_name => 'PgTAP Recipient', p_address_line => 'House 1, Street 2')).id as no_ref \gset
select results_eq(
  format($$select id = %L, click_id, source from public.orders where id in (%L, %L, %L, %L) order by id = %L desc$$,
         :'attributed', :'attributed', :'foreign_ref', :'unknown_ref', :'no_ref', :'attributed'),
  format($$values (true, %L::uuid, 'qr'::public.click_source), (false, null, null), (false, null, null), (false, null, null)$$,
         :'click_b'),
  'an order keeps a click on its own link with its source; another link''s click, an unknown id or none leaves it unattributed');

select tests.act_as_owner();
select throws_ok(format($$update public.orders set source = 'dm' where id = %L$$, :'no_ref'), '23514', null,
  'an order has a source only with a click');
select throws_ok(format($$update public.orders set click_id = gen_random_uuid(), source = 'qr' where id = %L$$, :'no_ref'),
  '23503', null, 'an order''s click is a recorded click');

-- schema ---------------------------------------------------------------------------------------------

select policies_are('public', 'link_clicks',
  array['Influencers can read clicks on their links', 'Businesses can read clicks on their campaigns',
        'Admins can read every click'], 'link_clicks has exactly the three read policies');
select is_empty(
  $$select policyname from pg_policies where schemaname = 'public' and tablename = 'link_clicks'
      and (cmd <> 'SELECT' or roles <> array['authenticated']::name[])$$,
  'every policy of link_clicks is a select policy for authenticated');
select ok((select relrowsecurity from pg_class where oid = t::regclass), 'row level security is enabled on ' || t)
  from unnest(array['public.link_clicks', 'private.click_salt']) t;
select table_privs_are('public', 'link_clicks', 'anon', array[]::text[], 'anon holds no privilege on link_clicks');
select table_privs_are('public', 'link_clicks', 'service_role', array['SELECT'], 'service_role may only read link_clicks');
select results_eq(
  $$select r, has_function_privilege(
       r, 'private.record_click(text, public.click_source, text, public.device_class, text, text)', 'execute')
    from unnest(array['public', 'anon', 'authenticated', 'service_role']) r$$,
  $$values ('public'::text, false), ('anon', false), ('authenticated', false), ('service_role', true)$$,
  'record_click is executable by service_role only');
select is_definer('private', 'record_click', array['text', 'click_source', 'text', 'device_class', 'text', 'text'],
  'record_click is security definer');
select is_indexed('public', 'link_clicks', array['affiliate_link_id', 'visitor_hash', 'created_at'],
  'the dedupe lookup is indexed');
select is_indexed('public', 'link_clicks', array[c, 'created_at'], 'clicks by ' || c || ' over time are indexed')
  from unnest(array['influencer_id', 'business_id']) c;
select is_indexed('public', 'orders', 'click_id', 'orders by click are indexed');

select * from finish();
rollback;
