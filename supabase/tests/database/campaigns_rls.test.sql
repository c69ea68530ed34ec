-- public.campaigns: every client role x select/insert/update/delete, allowed and denied, through
-- the table and column grants, the row-level security policies, the check constraints and the
-- one-way status trigger (deactivating stamps deactivated_at and ends the keyword triggers).
begin;
\ir helpers.psql

select plan(74);

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

  perform tests.create_campaign('business@test.local', 'Own Scarf');
  perform tests.create_campaign('business@test.local', 'Own Gloves');
  perform tests.create_campaign('business@test.local', 'Own Old Hat', 'inactive');
  perform tests.create_campaign('other-business@test.local', 'Other Bag');
  perform tests.create_campaign('other-business@test.local', 'Other Old Shoe', 'inactive');
  perform tests.create_campaign('other-business@test.local', 'Other Ended Watch', 'inactive');
  perform tests.create_campaign('pending-business@test.local', 'Pending Cup');

  -- The influencer holds a link to an ended campaign and links (with keyword triggers) to two
  -- active ones; the other influencer holds a link to one active campaign only.
  perform tests.create_keyword_trigger(
    tests.create_link('influencer@test.local', 'Other Ended Watch', 'approved'), 'WATCH', false);
  perform tests.create_keyword_trigger(
    tests.create_link('influencer@test.local', 'Own Gloves', 'approved'), 'GLOVES');
  perform tests.create_keyword_trigger(
    tests.create_link('influencer@test.local', 'Other Bag', 'approved'), 'BAG');
  perform tests.create_keyword_trigger(
    tests.create_link('other-influencer@test.local', 'Other Bag', 'approved'), 'BAG');

  -- Backdate the campaigns with the trigger off (it would stamp now() on this update too).
  alter table public.campaigns disable trigger campaigns_touch_updated_at;
  update public.campaigns
  set created_at = timestamptz '2026-01-01 00:00+00', updated_at = timestamptz '2026-01-01 00:00+00',
      deactivated_at = case when status = 'inactive' then timestamptz '2026-01-01 00:00+00' end;
  alter table public.campaigns enable trigger campaigns_touch_updated_at;
end
$$;
select count(*) as total_campaigns from public.campaigns \gset

-- Seed data may hold more campaigns: the named lists below look at the fixtures' campaigns only.
create function tests.is_fixture_business(p_business_id uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (select 1 from public.users where id = p_business_id and email like '%@test.local')
$$;
grant execute on function tests.is_fixture_business(uuid) to authenticated;

-- An insert of one campaign for the caller, with SQL literals for the checked columns.
create function tests.campaign_insert_sql(
  p_price text, p_rate text, p_images text,
  p_start text default 'null', p_end text default 'null', p_name text default $$'Checked Item'$$
) returns text
language sql
as $$
  select format(
    'insert into public.campaigns (business_id, product_name, price_cents, commission_rate, image_urls, start_date, end_date)
     values ((select auth.uid()), %s, %s, %s, %s, %s, %s)',
    p_name, p_price, p_rate, p_images, p_start, p_end)
$$;
grant execute on function tests.campaign_insert_sql(text, text, text, text, text, text) to authenticated;

-- anon: no privilege at all --------------------------------------------------------------------

select tests.act_as_anon();

select throws_ok($$select * from public.campaigns$$, '42501', null,
  'anon cannot select from public.campaigns');
select throws_ok(
  format($$insert into public.campaigns (business_id, product_name, price_cents, commission_rate, image_urls)
           values (%L, 'Anon Item', 100, 0.1, array['https://img.test/a.png'])$$, tests.user_id('business@test.local')),
  '42501', null, 'anon cannot insert into public.campaigns');
select throws_ok($$update public.campaigns set description = 'x'$$, '42501', null,
  'anon cannot update public.campaigns');
select throws_ok($$delete from public.campaigns$$, '42501', null,
  'anon cannot delete from public.campaigns');

-- approved business: reads and creates its own ------------------------------------------------

select tests.authenticate_as('business@test.local');

select results_eq($$select product_name from public.campaigns order by 1$$,
  array['Own Gloves', 'Own Old Hat', 'Own Scarf'],
  'an approved business reads exactly its own campaigns, active and inactive');
select is_empty(format('select * from public.campaigns where id = %L', tests.campaign_id('Other Bag')),
  'an approved business cannot read another business''s active campaign');

select results_eq(
  $$with created as (
      insert into public.campaigns (business_id, product_name, price_cents, commission_rate, description,
                                    image_urls, start_date, end_date)
      values ((select auth.uid()), 'New Lamp', 1999, 0.12, 'A warm lamp',
              array['https://img.test/1.png', 'https://img.test/2.png'], date '2026-12-01', date '2026-12-01')
      returning business_id = (select auth.uid()), status, is_active, deactivated_at)
    select * from created$$,
  $$values (true, 'active'::public.campaign_status, true, null::timestamptz)$$,
  'an approved business creates a campaign for itself; it starts active with no deactivated_at');
select throws_ok(
  format($$insert into public.campaigns (business_id, product_name, price_cents, commission_rate, image_urls)
           values (%L, 'Planted Item', 100, 0.1, array['https://img.test/a.png'])$$,
         tests.user_id('other-business@test.local')),
  '42501', 'new row violates row-level security policy for table "campaigns"',
  'an approved business cannot create a campaign with another business''s business_id');
select throws_ok(
  $$insert into public.campaigns (business_id, product_name, price_cents, commission_rate, image_urls, status)
    values ((select auth.uid()), 'Status Item', 100, 0.1, array['https://img.test/a.png'], 'inactive')$$,
  '42501', 'permission denied for table campaigns',
  'a business cannot choose the status of a new campaign (column privilege)');
select throws_ok(
  $$insert into public.campaigns (business_id, product_name, price_cents, commission_rate, image_urls, deactivated_at)
    values ((select auth.uid()), 'Stamp Item', 100, 0.1, array['https://img.test/a.png'], now())$$,
  '42501', 'permission denied for table campaigns',
  'a business cannot set deactivated_at of a new campaign (column privilege)');
select throws_ok(
  format($$insert into public.campaigns (id, business_id, product_name, price_cents, commission_rate, image_urls)
           values (%L, (select auth.uid()), 'Id Item', 100, 0.1, array['https://img.test/a.png'])$$, gen_random_uuid()),
  '42501', 'permission denied for table campaigns',
  'a business cannot choose the id of a new campaign (column privilege)');

-- check constraints -----------------------------------------------------------------------------

select throws_ok(tests.campaign_insert_sql('0', '0.15', $$array['https://img.test/a.png']$$),
  '23514', 'new row for relation "campaigns" violates check constraint "campaigns_price_cents_check"',
  'price_cents 0 is refused (price > 0)');
select throws_ok(tests.campaign_insert_sql('-100', '0.15', $$array['https://img.test/a.png']$$),
  '23514', 'new row for relation "campaigns" violates check constraint "campaigns_price_cents_check"',
  'a negative price_cents is refused');
select throws_ok(tests.campaign_insert_sql('100', '0', $$array['https://img.test/a.png']$$),
  '23514', 'new row for relation "campaigns" violates check constraint "campaigns_commission_rate_check"',
  'commission_rate 0 is refused (rate in (0, 1))');
select throws_ok(tests.campaign_insert_sql('100', '1', $$array['https://img.test/a.png']$$),
  '23514', 'new row for relation "campaigns" violates check constraint "campaigns_commission_rate_check"',
  'commission_rate 1 is refused (rate in (0, 1))');
select throws_ok(tests.campaign_insert_sql('100', '15', $$array['https://img.test/a.png']$$),
  '23514', 'new row for relation "campaigns" violates check constraint "campaigns_commission_rate_check"',
  'commission_rate 15 (meaning 15%) is refused');
select throws_ok(tests.campaign_insert_sql('100', '0.15', $$array[]::text[]$$),
  '23514', 'new row for relation "campaigns" violates check constraint "campaigns_image_urls_check"',
  'a campaign without images is refused');
select throws_ok(tests.campaign_insert_sql('100', '0.15',
    $$array['https://img.test/1.png', 'https://img.test/2.png', 'https://img.test/3.png',
            'https://img.test/4.png', 'https://img.test/5.png', 'https://img.test/6.png']$$),
  '23514', 'new row for relation "campaigns" violates check constraint "campaigns_image_urls_check"',
  'a campaign with 6 images is refused');
select lives_ok(tests.campaign_insert_sql('1', '0.01',
    $$array['https://img.test/1.png', 'https://img.test/2.png', 'https://img.test/3.png',
            'https://img.test/4.png', 'https://img.test/5.png']$$, p_name => $$'Edge Item'$$),
  'the limits are inclusive: 1 cent, rate 0.01 (two decimals, as the API takes it) and 5 images are accepted');
select throws_ok(tests.campaign_insert_sql('100', '0.15', $$array['https://img.test/a.png']$$,
    $$date '2026-12-02'$$, $$date '2026-12-01'$$),
  '23514', 'new row for relation "campaigns" violates check constraint "campaigns_dates_in_order"',
  'an end date before the start date is refused');
select throws_ok(tests.campaign_insert_sql('100', '0.15', $$array['https://img.test/a.png']$$, p_name => $$'   '$$),
  '23514', 'new row for relation "campaigns" violates check constraint "campaigns_product_name_check"',
  'a blank product name is refused');

-- approved business: updates its own, only the granted columns ---------------------------------

select results_eq(
  format($$with changed as (
      update public.campaigns
      set price_cents = 3000, commission_rate = 0.2, description = 'Soft silk',
          image_urls = array['https://img.test/s1.png', 'https://img.test/s2.png'],
          start_date = date '2026-12-01', end_date = date '2027-01-31'
      where id = %L returning id)
    select count(*) from changed$$, tests.campaign_id('Own Scarf')),
  array[1::bigint],
  'an approved business updates price, rate, description, images and dates of its own campaign');
select results_eq(
  format($$select price_cents, commission_rate, description, cardinality(image_urls), end_date,
                  updated_at = now(), created_at
           from public.campaigns where id = %L$$, tests.campaign_id('Own Scarf')),
  $$values (3000::bigint, 0.2::numeric, 'Soft silk'::text, 2, date '2027-01-31', true,
            timestamptz '2026-01-01 00:00+00')$$,
  'the update is stored, updated_at is stamped now and created_at is kept');
select results_eq(
  $$with changed as (
      update public.campaigns set product_name = 'New Lamp Deluxe' where product_name = 'New Lamp' returning id)
    select count(*) from changed$$,
  array[1::bigint],
  'an approved business renames its own campaign');
select throws_ok(
  format($$update public.campaigns set price_cents = 0 where id = %L$$, tests.campaign_id('Own Scarf')),
  '23514', 'new row for relation "campaigns" violates check constraint "campaigns_price_cents_check"',
  'an update to price 0 is refused by the check constraint');
select throws_ok(
  format($$update public.campaigns set end_date = date '2026-11-01' where id = %L$$, tests.campaign_id('Own Scarf')),
  '23514', 'new row for relation "campaigns" violates check constraint "campaigns_dates_in_order"',
  'an update that puts the end date before the start date is refused');
select throws_ok(
  format($$update public.campaigns set status = 'paused' where id = %L$$, tests.campaign_id('Own Scarf')),
  '22P02', 'invalid input value for enum campaign_status: "paused"',
  'a status other than active or inactive is refused');

select throws_ok(
  format($$update public.campaigns set business_id = %L where id = %L$$,
         tests.user_id('other-business@test.local'), tests.campaign_id('Own Scarf')),
  '42501', 'permission denied for table campaigns',
  'a business cannot change business_id (hand its campaign to another business)');
select throws_ok(
  format($$update public.campaigns set created_at = now() - interval '1 year' where id = %L$$, tests.campaign_id('Own Scarf')),
  '42501', 'permission denied for table campaigns', 'a business cannot change created_at');
select throws_ok(
  format($$update public.campaigns set updated_at = now() where id = %L$$, tests.campaign_id('Own Scarf')),
  '42501', 'permission denied for table campaigns', 'a business cannot set updated_at');
select throws_ok(
  format($$update public.campaigns set is_active = default where id = %L$$, tests.campaign_id('Own Scarf')),
  '42501', 'permission denied for table campaigns', 'a business cannot update is_active (column privilege)');
select throws_ok(
  format($$update public.campaigns set is_active = true where id = %L$$, tests.campaign_id('Own Old Hat')),
  '428C9', null, 'is_active is generated from status and cannot be set to a value');
select throws_ok(
  format($$update public.campaigns set deactivated_at = null where id = %L$$, tests.campaign_id('Own Old Hat')),
  '42501', 'permission denied for table campaigns', 'a business cannot change deactivated_at');
select throws_ok(
  format($$update public.campaigns set id = %L where id = %L$$, gen_random_uuid(), tests.campaign_id('Own Scarf')),
  '42501', 'permission denied for table campaigns', 'a business cannot change a campaign''s id');

-- approved business: another business's campaign ---------------------------------------------

select results_eq(
  format($$with changed as (
      update public.campaigns set price_cents = 1, description = 'Hijacked' where id = %L returning id)
    select count(*) from changed$$, tests.campaign_id('Other Bag')),
  array[0::bigint],
  'updating another business''s campaign affects 0 rows');
select results_eq(
  format($$with changed as (
      update public.campaigns set status = 'inactive' where id = %L returning id)
    select count(*) from changed$$, tests.campaign_id('Other Bag')),
  array[0::bigint],
  'deactivating another business''s campaign affects 0 rows');
select throws_ok(format('delete from public.campaigns where id = %L', tests.campaign_id('Own Scarf')),
  '42501', 'permission denied for table campaigns', 'a business cannot delete its own campaign');
select throws_ok(format('delete from public.campaigns where id = %L', tests.campaign_id('Other Bag')),
  '42501', 'permission denied for table campaigns', 'a business cannot delete another business''s campaign');

-- deactivation is one-way -----------------------------------------------------------------------

select results_eq(
  format($$with changed as (
      update public.campaigns set status = 'inactive' where id = %L
      returning status, is_active, deactivated_at = now())
    select * from changed$$, tests.campaign_id('Own Gloves')),
  $$values ('inactive'::public.campaign_status, false, true)$$,
  'an approved business deactivates its own campaign; deactivated_at is stamped now');
select throws_ok(
  format($$update public.campaigns set status = 'active' where id = %L$$, tests.campaign_id('Own Gloves')),
  '55000', 'An inactive campaign cannot be reactivated',
  'the campaign just deactivated cannot be reactivated (55000)');
select throws_ok(
  format($$update public.campaigns set status = 'active', description = 'Back again' where id = %L$$,
         tests.campaign_id('Own Old Hat')),
  '55000', 'An inactive campaign cannot be reactivated',
  'a long-inactive campaign cannot be reactivated, not even along with another change (55000)');
select results_eq(
  format($$with changed as (
      update public.campaigns set status = 'inactive' where id = %L returning deactivated_at)
    select * from changed$$, tests.campaign_id('Own Old Hat')),
  array[timestamptz '2026-01-01 00:00+00'],
  'setting inactive again keeps the original deactivated_at');
select results_eq($$select product_name, is_active from public.campaigns order by 1$$,
  $$values ('Edge Item'::text, true), ('New Lamp Deluxe', true), ('Own Gloves', false),
           ('Own Old Hat', false), ('Own Scarf', true)$$,
  'deactivated campaigns stay on the business''s list, shown inactive');

select tests.act_as_owner();
select results_eq(
  format($$select keyword, is_active from public.keyword_triggers where campaign_id = %L$$,
         tests.campaign_id('Own Gloves')),
  $$values ('GLOVES'::text, false)$$,
  'deactivating a campaign deactivates its keyword triggers');
select results_eq(
  $$select keyword, is_active, count(*) from public.keyword_triggers
    where campaign_id <> (select id from public.campaigns where product_name = 'Own Gloves')
      and influencer_id in (select id from public.users where email like '%@test.local')
    group by 1, 2 order by 1$$,
  $$values ('BAG'::text, true, 2::bigint), ('WATCH', false, 1::bigint)$$,
  'the keyword triggers of other campaigns are left as they were');
select results_eq(
  $$select price_cents, description, status from public.campaigns where product_name = 'Other Bag'$$,
  $$values (2500::bigint, ''::text, 'active'::public.campaign_status)$$,
  'another business''s campaign was left unchanged');
select is((select status from public.campaigns where product_name = 'Own Old Hat'), 'inactive',
  'the refused reactivation left the campaign inactive');

-- pending business ------------------------------------------------------------------------------

select tests.authenticate_as('pending-business@test.local');

select results_eq($$select product_name from public.campaigns$$, array['Pending Cup'],
  'a pending business reads only its own campaign (made here by the owner)');
select throws_ok(
  $$insert into public.campaigns (business_id, product_name, price_cents, commission_rate, image_urls)
    values ((select auth.uid()), 'Pending Item', 100, 0.1, array['https://img.test/a.png'])$$,
  '42501', 'new row violates row-level security policy for table "campaigns"',
  'a pending business cannot create a campaign');
select results_eq(
  format($$with changed as (
      update public.campaigns set description = 'Edited while pending' where id = %L returning id)
    select count(*) from changed$$, tests.campaign_id('Pending Cup')),
  array[0::bigint],
  'a pending business cannot update even its own campaign (0 rows)');
select throws_ok(format('delete from public.campaigns where id = %L', tests.campaign_id('Pending Cup')),
  '42501', 'permission denied for table campaigns', 'a pending business cannot delete a campaign');

-- approved influencer: active campaigns plus the ones they hold links to ------------------------

select tests.authenticate_as('influencer@test.local');

select results_eq(
  $$select product_name from public.campaigns where tests.is_fixture_business(business_id) order by 1$$,
  array['Edge Item', 'New Lamp Deluxe', 'Other Bag', 'Other Ended Watch', 'Own Gloves', 'Own Scarf', 'Pending Cup'],
  'an approved influencer reads every active campaign and the inactive ones they hold links to');
select is_empty(
  $$select product_name from public.campaigns c
    where c.status <> 'active'
      and not exists (select 1 from public.affiliate_links l
                      where l.campaign_id = c.id and l.influencer_id = (select auth.uid()))$$,
  'every inactive campaign an approved influencer reads is one they hold a link to');
select is_empty(format('select * from public.campaigns where id = %L', tests.campaign_id('Other Old Shoe')),
  'an approved influencer cannot read an inactive campaign they hold no link to');
select throws_ok(
  format($$insert into public.campaigns (business_id, product_name, price_cents, commission_rate, image_urls)
           values (%L, 'Influencer Item', 100, 0.1, array['https://img.test/a.png'])$$,
         tests.user_id('business@test.local')),
  '42501', 'new row violates row-level security policy for table "campaigns"',
  'an influencer cannot create a campaign for a business');
select throws_ok(
  $$insert into public.campaigns (business_id, product_name, price_cents, commission_rate, image_urls)
    values ((select auth.uid()), 'Own Influencer Item', 100, 0.1, array['https://img.test/a.png'])$$,
  '42501', 'new row violates row-level security policy for table "campaigns"',
  'an influencer cannot create a campaign for themselves');
select results_eq(
  format($$with changed as (
      update public.campaigns set commission_rate = 0.9, status = 'inactive' where id = %L returning id)
    select count(*) from changed$$, tests.campaign_id('Own Scarf')),
  array[0::bigint],
  'an influencer cannot update a campaign they can read (0 rows)');
select throws_ok(format('delete from public.campaigns where id = %L', tests.campaign_id('Own Scarf')),
  '42501', 'permission denied for table campaigns', 'an influencer cannot delete a campaign');

select tests.authenticate_as('other-influencer@test.local');
select results_eq(
  $$select product_name from public.campaigns where tests.is_fixture_business(business_id) order by 1$$,
  array['Edge Item', 'New Lamp Deluxe', 'Other Bag', 'Own Scarf', 'Pending Cup'],
  'another approved influencer reads only active campaigns: not the inactive ones the first influencer holds links to');

-- pending influencer and unknown tokens: nothing ----------------------------------------------

select tests.authenticate_as('pending-influencer@test.local');
select is_empty($$select * from public.campaigns$$, 'a pending influencer reads no campaign');
select throws_ok(
  $$insert into public.campaigns (business_id, product_name, price_cents, commission_rate, image_urls)
    values ((select auth.uid()), 'Pending Influencer Item', 100, 0.1, array['https://img.test/a.png'])$$,
  '42501', 'new row violates row-level security policy for table "campaigns"',
  'a pending influencer cannot create a campaign');

select tests.authenticate_as_id(gen_random_uuid());
select is_empty($$select * from public.campaigns$$, 'a token whose sub has no account reads no campaign');
select throws_ok(
  $$insert into public.campaigns (business_id, product_name, price_cents, commission_rate, image_urls)
    values ((select auth.uid()), 'Ghost Item', 100, 0.1, array['https://img.test/a.png'])$$,
  '42501', null, 'a token whose sub has no account cannot create a campaign');

-- approved admin: reads everything, writes nothing ---------------------------------------------

select tests.authenticate_as('admin@test.local');

select is((select count(*) from public.campaigns), :total_campaigns::bigint + 2,
  'an approved admin reads every campaign (the fixtures plus the two the business created)');
select throws_ok(
  format($$insert into public.campaigns (business_id, product_name, price_cents, commission_rate, image_urls)
           values (%L, 'Admin Item', 100, 0.1, array['https://img.test/a.png'])$$,
         tests.user_id('business@test.local')),
  '42501', 'new row violates row-level security policy for table "campaigns"',
  'an admin cannot create a campaign for a business');
select results_eq(
  format($$with changed as (
      update public.campaigns set description = 'Admin edit' where id = %L returning id)
    select count(*) from changed$$, tests.campaign_id('Other Bag')),
  array[0::bigint],
  'an admin cannot update a campaign (0 rows)');
select results_eq(
  format($$with changed as (
      update public.campaigns set status = 'inactive' where id = %L returning id)
    select count(*) from changed$$, tests.campaign_id('Other Bag')),
  array[0::bigint],
  'an admin cannot deactivate a campaign (0 rows)');
select throws_ok(format('delete from public.campaigns where id = %L', tests.campaign_id('Other Bag')),
  '42501', 'permission denied for table campaigns', 'an admin cannot delete a campaign');

-- service_role: bypasses RLS, still bound by the one-way status --------------------------------

select tests.act_as_service_role();

select is((select count(*) from public.campaigns), :total_campaigns::bigint + 2,
  'service_role reads every campaign');
select lives_ok(
  format($$insert into public.campaigns (business_id, product_name, price_cents, commission_rate, image_urls)
           values (%L, 'Service Item', 100, 0.1, array['https://img.test/a.png'])$$,
         tests.user_id('other-business@test.local')),
  'service_role creates a campaign for a business');
select results_eq(
  $$with changed as (
      update public.campaigns set status = 'inactive' where product_name = 'Service Item'
      returning deactivated_at = now())
    select * from changed$$,
  array[true],
  'service_role deactivates a campaign and the trigger stamps deactivated_at');
select throws_ok(
  format($$update public.campaigns set status = 'active' where id = %L$$, tests.campaign_id('Own Gloves')),
  '55000', 'An inactive campaign cannot be reactivated',
  'service_role cannot reactivate a campaign either (55000)');

select tests.act_as_owner();
select is((select count(*) from public.campaigns
            where status = 'inactive' and deactivated_at is null and tests.is_fixture_business(business_id)),
  0::bigint, 'every inactive campaign has a deactivated_at');
select results_eq(
  $$select product_name, status from public.campaigns
    where business_id = (select id from public.users where email = 'business@test.local') order by 1$$,
  $$values ('Edge Item'::text, 'active'::public.campaign_status), ('New Lamp Deluxe', 'active'), ('Own Gloves', 'inactive'),
           ('Own Old Hat', 'inactive'), ('Own Scarf', 'active')$$,
  'the business''s campaigns end as expected: nothing the refused statements tried was stored');

select * from finish();
rollback;
