-- public.affiliate_links: every client role x select/insert/update/delete, allowed and denied.
-- Only an approved influencer applies, for themselves, to an active campaign, once; decisions go
-- through public.decide_affiliate_link only (see decide_affiliate_link.test.sql).
begin;
\ir helpers.psql

select plan(41);

-- fixtures --------------------------------------------------------------------------------------

do $$
begin
  perform tests.create_user('business@test.local', 'business', 'approved');
  perform tests.create_user('other-business@test.local', 'business', 'approved');
  perform tests.create_user('pending-business@test.local', 'business', 'pending_approval');
  perform tests.create_user('influencer@test.local', 'influencer', 'approved');
  perform tests.create_user('other-influencer@test.local', 'influencer', 'approved');
  perform tests.create_user('pending-influencer@test.local', 'influencer', 'pending_approval');
  perform tests.create_user('admin@test.local', 'admin', 'approved');

  perform tests.create_campaign('business@test.local', 'Scarf');
  perform tests.create_campaign('business@test.local', 'Ended Hat', 'inactive');
  perform tests.create_campaign('other-business@test.local', 'Bag');

  -- The other influencer already holds links to both businesses' campaigns.
  perform tests.create_link('other-influencer@test.local', 'Scarf', 'approved');
  perform tests.create_link('other-influencer@test.local', 'Bag');
end
$$;

select count(*) as total_links from public.affiliate_links \gset

-- The application every caller below tries: the caller, for the campaign with this name.
create function tests.apply_sql(p_product_name text) returns text
language sql
as $$
  select format('insert into public.affiliate_links (influencer_id, campaign_id) values ((select auth.uid()), %L)',
                tests.campaign_id(p_product_name))
$$;
grant execute on function tests.apply_sql(text) to anon, authenticated, service_role;

-- anon: no privilege at all --------------------------------------------------------------------

select tests.act_as_anon();

select throws_ok($$select * from public.affiliate_links$$, '42501', null,
  'anon cannot select from public.affiliate_links');
select throws_ok(
  format('insert into public.affiliate_links (influencer_id, campaign_id) values (%L, %L)',
         tests.user_id('influencer@test.local'), tests.campaign_id('Scarf')),
  '42501', null, 'anon cannot insert into public.affiliate_links');
select throws_ok($$update public.affiliate_links set status = 'approved'$$, '42501', null,
  'anon cannot update public.affiliate_links');
select throws_ok($$delete from public.affiliate_links$$, '42501', null,
  'anon cannot delete from public.affiliate_links');

-- approved influencer: applies once, for themselves, to active campaigns -----------------------

select tests.authenticate_as('influencer@test.local');

select is_empty($$select * from public.affiliate_links$$,
  'an approved influencer without applications reads no link (not another influencer''s)');
select results_eq(
  format($$with created as (
      insert into public.affiliate_links (influencer_id, campaign_id) values ((select auth.uid()), %L)
      returning influencer_id = (select auth.uid()), status, is_approved, decided_at, decided_by)
    select * from created$$, tests.campaign_id('Scarf')),
  $$values (true, 'pending'::public.link_status, false, null::timestamptz, null::uuid)$$,
  'an approved influencer applies to an active campaign; the link starts pending and undecided');
select lives_ok(tests.apply_sql('Bag'), 'an approved influencer applies to another business''s active campaign');
select throws_ok(tests.apply_sql('Scarf'),
  '23505', 'duplicate key value violates unique constraint "affiliate_links_one_per_campaign"',
  'a second application to the same campaign is refused (23505)');
select throws_ok(tests.apply_sql('Ended Hat'),
  '42501', 'new row violates row-level security policy for table "affiliate_links"',
  'an application to an inactive campaign is refused');
select throws_ok(
  format('insert into public.affiliate_links (influencer_id, campaign_id) values ((select auth.uid()), %L)',
         gen_random_uuid()),
  '42501', 'new row violates row-level security policy for table "affiliate_links"',
  'an application to a campaign that does not exist is refused by the policy');
select throws_ok(
  format('insert into public.affiliate_links (influencer_id, campaign_id) values (%L, %L)',
         tests.user_id('pending-influencer@test.local'), tests.campaign_id('Bag')),
  '42501', 'new row violates row-level security policy for table "affiliate_links"',
  'an influencer cannot apply in another influencer''s name');
select throws_ok(
  format($$insert into public.affiliate_links (influencer_id, campaign_id, status) values ((select auth.uid()), %L, 'approved')$$,
         tests.campaign_id('Ended Hat')),
  '42501', 'permission denied for table affiliate_links',
  'an influencer cannot choose the status of an application (column privilege)');
select throws_ok(
  format($$insert into public.affiliate_links (influencer_id, campaign_id, decided_by, decided_at)
           values ((select auth.uid()), %L, (select auth.uid()), now())$$, tests.campaign_id('Ended Hat')),
  '42501', 'permission denied for table affiliate_links',
  'an influencer cannot set decided_by / decided_at (column privilege)');

select results_eq(
  $$select c.product_name, l.status from public.affiliate_links l
    join public.campaigns c on c.id = l.campaign_id order by 1$$,
  $$values ('Bag'::text, 'pending'::public.link_status), ('Scarf', 'pending')$$,
  'an approved influencer reads exactly their own links');
select is_empty(
  format('select * from public.affiliate_links where id = %L', tests.link_id('other-influencer@test.local', 'Scarf')),
  'an approved influencer cannot read another influencer''s link');

select throws_ok(
  format($$update public.affiliate_links set status = 'approved' where id = %L$$, tests.link_id('influencer@test.local', 'Scarf')),
  '42501', 'permission denied for table affiliate_links', 'an influencer cannot approve their own link');
select throws_ok(
  format($$update public.affiliate_links set campaign_id = %L where id = %L$$,
         tests.campaign_id('Ended Hat'), tests.link_id('influencer@test.local', 'Scarf')),
  '42501', 'permission denied for table affiliate_links', 'an influencer cannot move their link to another campaign');
select throws_ok(
  format('delete from public.affiliate_links where id = %L', tests.link_id('influencer@test.local', 'Scarf')),
  '42501', 'permission denied for table affiliate_links', 'an influencer cannot delete (withdraw) their own link');
select throws_ok(
  format('delete from public.affiliate_links where id = %L', tests.link_id('other-influencer@test.local', 'Scarf')),
  '42501', 'permission denied for table affiliate_links', 'an influencer cannot delete another influencer''s link');

select tests.authenticate_as('other-influencer@test.local');
select results_eq(
  $$select c.product_name, l.status from public.affiliate_links l
    join public.campaigns c on c.id = l.campaign_id order by 1$$,
  $$values ('Bag'::text, 'pending'::public.link_status), ('Scarf', 'approved')$$,
  'the other influencer reads only their own links, not the first influencer''s new ones');

-- pending influencer ----------------------------------------------------------------------------

select tests.authenticate_as('pending-influencer@test.local');
select throws_ok(tests.apply_sql('Scarf'),
  '42501', 'new row violates row-level security policy for table "affiliate_links"',
  'a pending influencer cannot apply');
select is_empty($$select * from public.affiliate_links$$, 'a pending influencer reads no link');

-- businesses: read the links to their own campaigns ---------------------------------------------

select tests.authenticate_as('business@test.local');
select results_eq(
  format($$select influencer_id from public.affiliate_links order by influencer_id = %L$$,
         tests.user_id('influencer@test.local')),
  format($$values (%L::uuid), (%L::uuid)$$,
         tests.user_id('other-influencer@test.local'), tests.user_id('influencer@test.local')),
  'an approved business reads the links to its own campaign, from both influencers');
select is_empty(
  format('select * from public.affiliate_links where campaign_id = %L', tests.campaign_id('Bag')),
  'an approved business cannot read the links to another business''s campaign');
select throws_ok(tests.apply_sql('Bag'),
  '42501', 'new row violates row-level security policy for table "affiliate_links"',
  'a business cannot apply for a link');
select throws_ok(
  format('insert into public.affiliate_links (influencer_id, campaign_id) values (%L, %L)',
         tests.user_id('other-influencer@test.local'), tests.campaign_id('Ended Hat')),
  '42501', 'new row violates row-level security policy for table "affiliate_links"',
  'a business cannot apply in an influencer''s name');
select throws_ok(
  format($$update public.affiliate_links set status = 'rejected' where id = %L$$,
         tests.link_id('influencer@test.local', 'Scarf')),
  '42501', 'permission denied for table affiliate_links', 'a business cannot decide a link to its campaign');
select throws_ok(
  format('delete from public.affiliate_links where id = %L', tests.link_id('influencer@test.local', 'Scarf')),
  '42501', 'permission denied for table affiliate_links', 'a business cannot delete a link to its campaign');

select tests.authenticate_as('other-business@test.local');
select is(
  (select count(*) from public.affiliate_links where campaign_id = (select id from public.campaigns where product_name = 'Bag')),
  2::bigint,
  'the other business reads the two links to its own campaign');
select is((select count(*) from public.affiliate_links), 2::bigint,
  'the other business reads no link to the first business''s campaign');

select tests.authenticate_as('pending-business@test.local');
select is_empty($$select * from public.affiliate_links$$, 'a pending business reads no link');
select throws_ok(tests.apply_sql('Scarf'),
  '42501', 'new row violates row-level security policy for table "affiliate_links"',
  'a pending business cannot apply for a link');

-- approved admin: reads everything, writes only through decide_affiliate_link ------------------

select tests.authenticate_as('admin@test.local');
select is((select count(*) from public.affiliate_links), :total_links::bigint + 2,
  'an approved admin reads every link (the fixtures and the two applications)');
select throws_ok(tests.apply_sql('Scarf'),
  '42501', 'new row violates row-level security policy for table "affiliate_links"',
  'an admin cannot apply for a link');
select throws_ok(
  format($$update public.affiliate_links set status = 'approved' where id = %L$$,
         tests.link_id('influencer@test.local', 'Scarf')),
  '42501', 'permission denied for table affiliate_links',
  'an admin cannot approve a link by a direct update (only through decide_affiliate_link)');
select throws_ok(
  format('delete from public.affiliate_links where id = %L', tests.link_id('influencer@test.local', 'Scarf')),
  '42501', 'permission denied for table affiliate_links', 'an admin cannot delete a link');

-- service_role ----------------------------------------------------------------------------------

select tests.act_as_service_role();
select is((select count(*) from public.affiliate_links), :total_links::bigint + 2, 'service_role reads every link');
select lives_ok(
  format('insert into public.affiliate_links (influencer_id, campaign_id) values (%L, %L)',
         tests.user_id('other-influencer@test.local'), tests.campaign_id('Ended Hat')),
  'service_role is not bound by the policies (it can insert any link)');
select throws_ok(
  format('insert into public.affiliate_links (influencer_id, campaign_id) values (%L, %L)',
         tests.user_id('influencer@test.local'), tests.campaign_id('Scarf')),
  '23505', 'duplicate key value violates unique constraint "affiliate_links_one_per_campaign"',
  'the one-application-per-campaign constraint binds service_role too');
select throws_ok(
  format($$update public.affiliate_links set status = 'archived' where id = %L$$,
         tests.link_id('influencer@test.local', 'Scarf')),
  '22P02', 'invalid input value for enum link_status: "archived"',
  'a link status other than pending, approved or rejected is refused');

-- nothing the refused statements tried was stored ----------------------------------------------

select tests.act_as_owner();
select results_eq(
  $$select u.email, c.product_name, l.status, l.decided_by
    from public.affiliate_links l
    join public.users u on u.id = l.influencer_id
    join public.campaigns c on c.id = l.campaign_id
    where u.email like '%@test.local'
    order by 1, 2$$,
  $$values ('influencer@test.local'::text, 'Bag'::text, 'pending'::public.link_status, null::uuid),
           ('influencer@test.local', 'Scarf', 'pending', null),
           ('other-influencer@test.local', 'Bag', 'pending', null),
           ('other-influencer@test.local', 'Ended Hat', 'pending', null),
           ('other-influencer@test.local', 'Scarf', 'approved', null)$$,
  'the links are exactly the applications that were allowed, all still undecided but the fixture');

select * from finish();
rollback;
