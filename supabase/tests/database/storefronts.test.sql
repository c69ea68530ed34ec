-- Storefronts (issue 30, item 4): an influencer's handle (users.store_handle) is valid, unique
-- and theirs alone to set; the links a storefront shows (public.storefront_links) are written only
-- by their owner through public.set_storefront_links, among their own approved links, each once,
-- in the given order; every other role, the shop and the other influencer included, is refused,
-- and nobody writes the table directly.
begin;
\ir helpers.psql

select plan(27);

do $$
begin
  perform tests.create_user('admin@test.local', 'admin', 'approved');
  perform tests.create_user('shop@test.local', 'business', 'approved');
  perform tests.create_user('creator@test.local', 'influencer', 'approved');
  perform tests.create_user('other@test.local', 'influencer', 'approved');
  perform tests.create_user('pending@test.local', 'influencer', 'pending_approval');
  perform tests.create_campaign('shop@test.local', 'PgTAP Store Silk');
  perform tests.create_campaign('shop@test.local', 'PgTAP Store Soap');
  perform tests.create_campaign('shop@test.local', 'PgTAP Store Tea');
  perform tests.create_link('creator@test.local', 'PgTAP Store Silk', 'approved');
  perform tests.create_link('creator@test.local', 'PgTAP Store Soap', 'approved');
  perform tests.create_link('creator@test.local', 'PgTAP Store Tea', 'pending');
  perform tests.create_link('other@test.local', 'PgTAP Store Silk', 'approved');
end
$$;
select tests.link_id('creator@test.local', 'PgTAP Store Silk') as silk \gset
select tests.link_id('creator@test.local', 'PgTAP Store Soap') as soap \gset
select tests.link_id('creator@test.local', 'PgTAP Store Tea') as tea \gset
select tests.link_id('other@test.local', 'PgTAP Store Silk') as others_silk \gset

-- handles ---------------------------------------------------------------------------------------

select tests.authenticate_as('creator@test.local');
select lives_ok($$update public.users set store_handle = 'dara.style_2' where id = auth.uid()$$,
  'an influencer sets their own handle');
select is((select store_handle from public.users where id = tests.user_id('creator@test.local')), 'dara.style_2',
  'and it is saved');
select throws_ok($$update public.users set store_handle = 'Dara' where id = auth.uid()$$, '23514', null,
  'a handle with capitals is refused');
select throws_ok($$update public.users set store_handle = 'ab' where id = auth.uid()$$, '23514', null,
  'a handle under 3 characters is refused');
select throws_ok(format($$update public.users set store_handle = %L where id = auth.uid()$$, repeat('a', 31)), '23514', null,
  'a handle over 30 characters is refused');
select throws_ok($$update public.users set store_handle = 'dara style' where id = auth.uid()$$, '23514', null,
  'a handle with a space is refused');
select throws_ok($$update public.users set store_handle = 'ដារា' where id = auth.uid()$$, '23514', null,
  'a handle in Khmer letters is refused (the address must be typeable anywhere)');

select tests.authenticate_as('other@test.local');
select throws_ok($$update public.users set store_handle = 'dara.style_2' where id = auth.uid()$$, '23505', null,
  'another influencer cannot take a handle in use');
select is((select count(*)::int from public.users where store_handle is not null), 0,
  'nor does an influencer read anyone else''s row to learn it');
update public.users set store_handle = 'taken.over' where id = tests.user_id('creator@test.local');
select tests.act_as_owner();
select is((select store_handle from public.users where id = tests.user_id('creator@test.local')), 'dara.style_2',
  'an influencer cannot change someone else''s handle (RLS hides their row)');

select tests.authenticate_as('shop@test.local');
select throws_ok($$update public.users set store_handle = 'silk.house' where id = auth.uid()$$, '23514', null,
  'a shop has no storefront handle');
select tests.act_as_anon();
select throws_ok($$update public.users set store_handle = 'anon.store'$$, '42501', null,
  'anon cannot set any handle');

-- the chosen links: only the owner, through the function ----------------------------------------

select tests.authenticate_as('creator@test.local');
select is((select array_agg(affiliate_link_id order by position) from public.set_storefront_links(array[:'soap', :'silk']::uuid[])),
  array[:'soap', :'silk']::uuid[], 'an influencer chooses two of their approved links, in their order');
select is((select array_agg(affiliate_link_id order by position) from public.storefront_links),
  array[:'soap', :'silk']::uuid[], 'and reads them back in that order');
select is((select array_agg(affiliate_link_id order by position) from public.set_storefront_links(array[:'silk']::uuid[])),
  array[:'silk']::uuid[], 'choosing again replaces the whole choice');
select throws_ok(format($$select public.set_storefront_links(array[%L]::uuid[])$$, :'tea'), '22023',
  format('Link %s is not one of your approved links', :'tea'), 'a pending link cannot be shown');
select throws_ok(format($$select public.set_storefront_links(array[%L]::uuid[])$$, :'others_silk'), '22023',
  format('Link %s is not one of your approved links', :'others_silk'), 'nor another influencer''s link');
select throws_ok(format($$select public.set_storefront_links(array[%L, %L]::uuid[])$$, :'silk', :'silk'), '22023',
  'Each product can appear only once in the storefront', 'nor one link twice');
select throws_ok($$select public.set_storefront_links(array(select gen_random_uuid() from generate_series(1, 51)))$$, '22023',
  'A storefront shows at most 50 products', 'nor more than 50');
select is((select array_agg(affiliate_link_id) from public.storefront_links), array[:'silk']::uuid[],
  'a refused choice leaves the saved one as it was');
select throws_ok(format($$insert into public.storefront_links (affiliate_link_id, influencer_id, position) values (%L, auth.uid(), 2)$$, :'soap'),
  '42501', null, 'an influencer cannot write the table directly');
select throws_ok($$delete from public.storefront_links$$, '42501', null, 'nor delete from it directly');

select tests.authenticate_as('other@test.local');
select is((select count(*)::int from public.storefront_links), 0, 'another influencer reads none of it');
select is((select count(*)::int from public.set_storefront_links('{}')), 0,
  'and clearing their own storefront leaves the first one''s alone');
select tests.act_as_owner();
select is((select count(*)::int from public.storefront_links where influencer_id = tests.user_id('creator@test.local')), 1,
  'the first influencer''s choice is still there');

select tests.authenticate_as('shop@test.local');
select throws_ok(format($$select public.set_storefront_links(array[%L]::uuid[])$$, :'silk'), '42501',
  'Only approved influencers have a storefront', 'a shop cannot choose anyone''s storefront');
select tests.authenticate_as('pending@test.local');
select throws_ok($$select public.set_storefront_links('{}')$$, '42501',
  'Only approved influencers have a storefront', 'nor an influencer not yet approved');

select * from finish();
rollback;
