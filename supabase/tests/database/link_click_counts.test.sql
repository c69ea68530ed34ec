-- public.link_click_counts: the live click totals per link. The trigger on link_clicks keeps them
-- (a visitor's repeat within a minute is no click, so no count); they are readable by the link's
-- influencer, the campaign's business and admins, published to Realtime, and written by no role.
begin;
\ir helpers.psql

select plan(14);

do $$
declare
  scarf_link uuid;
  bag_link uuid;
begin
  perform tests.create_user('admin@test.local', 'admin', 'approved');
  perform tests.create_user('business@test.local', 'business', 'approved');
  perform tests.create_user('other-business@test.local', 'business', 'approved');
  perform tests.create_user('influencer@test.local', 'influencer', 'approved');
  perform tests.create_user('other-influencer@test.local', 'influencer', 'approved');
  perform tests.create_campaign('business@test.local', 'Count Scarf');
  perform tests.create_campaign('other-business@test.local', 'Count Bag');
  scarf_link := tests.create_link('influencer@test.local', 'Count Scarf', 'approved');
  bag_link := tests.create_link('other-influencer@test.local', 'Count Bag', 'approved');
  update public.affiliate_links set short_code = 'CntScrf' where id = scarf_link;
  update public.affiliate_links set short_code = 'CntBag1' where id = bag_link;
end
$$;

select tests.act_as_service_role();
select count(*) from private.record_click('CntScrf', 'qr', null, 'mobile', '198.51.100.1', 'phone');
select count(*) from private.record_click('CntScrf', 'qr', null, 'mobile', '198.51.100.1', 'phone');
select count(*) from private.record_click('CntScrf', 'dm', null, 'mobile', '198.51.100.2', 'phone');
select count(*) from private.record_click('CntBag1', 'link', null, 'desktop', '198.51.100.3', 'laptop');

select tests.act_as_owner();
select results_eq($$select affiliate_link_id, clicks from public.link_click_counts order by clicks desc$$,
  format($$values (%L::uuid, 2), (%L::uuid, 1)$$, tests.link_id('influencer@test.local', 'Count Scarf'),
         tests.link_id('other-influencer@test.local', 'Count Bag')),
  'each recorded click counts once on its link; a repeat within a minute does not');

\set writes_denied 'permission denied for table link_click_counts'

select tests.act_as_anon();
select throws_ok($$select clicks from public.link_click_counts$$, '42501', :'writes_denied', 'anon reads no count');

select tests.authenticate_as('influencer@test.local');
select results_eq($$select clicks from public.link_click_counts$$, $$values (2)$$, 'an influencer reads their own link''s count only');
select throws_ok($$update public.link_click_counts set clicks = 100$$, '42501', :'writes_denied', 'an influencer cannot change a count');
select throws_ok($$delete from public.link_click_counts$$, '42501', :'writes_denied', 'an influencer cannot delete a count');

select tests.authenticate_as('business@test.local');
select results_eq($$select clicks from public.link_click_counts$$, $$values (2)$$, 'a business reads its campaign''s link count only');
select tests.authenticate_as('other-business@test.local');
select results_eq($$select clicks from public.link_click_counts$$, $$values (1)$$, 'another business reads only its own');

select tests.authenticate_as('admin@test.local');
select results_eq($$select count(*)::int from public.link_click_counts$$, $$values (2)$$, 'an admin reads every count');
select throws_ok($$insert into public.link_click_counts (affiliate_link_id, influencer_id, business_id, last_click_at)
                   select affiliate_link_id, influencer_id, business_id, now() from public.link_clicks limit 1$$,
  '42501', :'writes_denied', 'an admin cannot insert a count');

select tests.act_as_service_role();
select throws_ok($$update public.link_click_counts set clicks = 0$$, '42501', :'writes_denied',
  'service_role cannot change a count either: only the trigger does');

select tests.act_as_owner();
select ok(not exists (select 1 from pg_publication_tables where pubname = 'supabase_realtime' and tablename = 'link_click_counts'),
  'the counts are not published to Postgres Changes (they go out as live events: live_topics.test.sql)');
select ok(not exists (select 1 from pg_publication_tables where pubname = 'supabase_realtime' and tablename = 'link_clicks'),
  'the clicks themselves (with their visitor hash) are not');
select ok((select relrowsecurity from pg_class where oid = 'public.link_click_counts'::regclass), 'row level security is on');
select is_definer('private', 'count_link_click', array[]::text[], 'the counting trigger runs as its owner');

select * from finish();
rollback;
