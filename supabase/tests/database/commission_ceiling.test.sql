-- The commission ceiling (issue 22, item 9): marketplace_settings.max_commission_rate (default
-- 0.50, an admin sets 0.05 to 0.90) bounds every new campaign rate a client writes, through the
-- API or PostgREST; a campaign already above it keeps its rate until the rate is changed.
begin;
\ir helpers.psql

select plan(21);

do $$
begin
  perform tests.create_user('admin@test.local', 'admin', 'approved');
  perform tests.create_user('business@test.local', 'business', 'approved');
  perform tests.create_user('influencer@test.local', 'influencer', 'approved');
  -- A campaign from before the ceiling, at a rate above it.
  perform tests.create_priced_campaign('business@test.local', 'PgTAP Generous Lamp', 10000, 0.80);
end
$$;
-- Whatever an earlier test file left, start from the default.
update public.marketplace_settings set max_commission_rate = 0.50 where id;

\set ceiling_50 'Commission rate can be at most 0.50 (50%), the marketplace''s ceiling'
\set ceiling_70 'Commission rate can be at most 0.70 (70%), the marketplace''s ceiling'
\set range 'new row for relation "marketplace_settings" violates check constraint "marketplace_settings_max_commission_rate_range"'

select col_default_is('public', 'marketplace_settings', 'max_commission_rate', '0.50',
  'the ceiling defaults to 0.50');

-- A business, as the API writes for it -----------------------------------------------------------

select tests.authenticate_as('business@test.local');
select lives_ok(
  $$insert into public.campaigns (business_id, product_name, price_cents, commission_rate, image_urls)
    values ((select auth.uid()), 'PgTAP Half Lamp', 10000, 0.50, array['https://img.test/a.png'])$$,
  'a rate at the ceiling is taken');
select throws_ok(
  $$insert into public.campaigns (business_id, product_name, price_cents, commission_rate, image_urls)
    values ((select auth.uid()), 'PgTAP Greedy Lamp', 10000, 0.51, array['https://img.test/a.png'])$$,
  '23514', :'ceiling_50', 'a rate above the ceiling is refused, naming the ceiling');
select throws_ok(
  $$insert into public.campaigns (business_id, product_name, price_cents, commission_rate, image_urls)
    values ((select auth.uid()), 'PgTAP Greedy Lamp', 10000, 0.99, array['https://img.test/a.png'])$$,
  '23514', :'ceiling_50', 'the 0.99 that paid the platform 15 cents on $100 is refused');

-- The campaign from before keeps its rate while other fields change, even when the rate is sent.
select lives_ok(
  format($$update public.campaigns set product_name = 'PgTAP Generous Lamp', description = 'Renamed', commission_rate = 0.80
           where id = %L$$, tests.campaign_id('PgTAP Generous Lamp')),
  'a campaign above the ceiling is edited without changing its rate');
select throws_ok(
  format($$update public.campaigns set commission_rate = 0.70 where id = %L$$, tests.campaign_id('PgTAP Generous Lamp')),
  '23514', :'ceiling_50', 'a new rate for it must meet the ceiling, even a lower one');
select lives_ok(
  format($$update public.campaigns set commission_rate = 0.40 where id = %L$$, tests.campaign_id('PgTAP Generous Lamp')),
  'a new rate under the ceiling is taken');
select throws_ok(
  format($$update public.campaigns set commission_rate = 0.80 where id = %L$$, tests.campaign_id('PgTAP Generous Lamp')),
  '23514', :'ceiling_50', 'once lowered, the old rate above the ceiling cannot come back');
select is_empty($$select * from public.marketplace_settings$$, 'the business still reads no settings row');

-- The admin moves the ceiling -----------------------------------------------------------------------

select tests.authenticate_as('admin@test.local');
select is((public.update_marketplace_settings(p_max_commission_rate => 0.70)).max_commission_rate, 0.70::numeric,
  'an admin raises the ceiling to 0.70');
select is((public.update_marketplace_settings(4100)).max_commission_rate, 0.70::numeric,
  'a call that does not name the ceiling (the six-parameter form) leaves it alone');
select throws_ok($$select public.update_marketplace_settings(p_max_commission_rate => 0.04)$$, '23514', :'range',
  'below 0.05 is refused by the column''s constraint');
select throws_ok($$select public.update_marketplace_settings(p_max_commission_rate => 0.91)$$, '23514', :'range',
  'above 0.90 is refused');
select throws_ok($$select public.update_marketplace_settings(p_max_commission_rate => 0.555)$$, '23514', :'range',
  'three decimals are refused by the same constraint, never rounded away');
select results_eq(
  $$select details from public.audit_log where action = 'settings.update' and created_at = now() order by id limit 1$$,
  $$values ('{"before": {"max_commission_rate": 0.50}, "after": {"max_commission_rate": 0.70}}'::jsonb)$$,
  'the change is in the audit log');

select tests.authenticate_as('business@test.local');
select lives_ok(
  $$insert into public.campaigns (business_id, product_name, price_cents, commission_rate, image_urls)
    values ((select auth.uid()), 'PgTAP Raised Lamp', 10000, 0.70, array['https://img.test/a.png'])$$,
  'under the raised ceiling, 0.70 is taken');
select throws_ok(
  $$insert into public.campaigns (business_id, product_name, price_cents, commission_rate, image_urls)
    values ((select auth.uid()), 'PgTAP Greedy Lamp', 10000, 0.71, array['https://img.test/a.png'])$$,
  '23514', :'ceiling_70', 'and 0.71 is refused, naming the new ceiling');
select throws_ok($$select public.update_marketplace_settings(p_max_commission_rate => 0.90)$$, '42501',
  'Only admins can change the marketplace settings', 'a business cannot move the ceiling');

-- Nobody stores a ceiling out of range; the owner may give a campaign any rate (money fixtures).
select tests.act_as_owner();
select throws_ok($$update public.marketplace_settings set max_commission_rate = 0.95 where id$$, '23514', null,
  'the CHECK keeps the ceiling within 0.05 to 0.90, whoever writes');
select lives_ok(
  format($$update public.campaigns set commission_rate = 0.9999 where id = %L$$, tests.campaign_id('PgTAP Raised Lamp')),
  'the owner of the tables may store any rate (the money rules'' rounding fixtures)');
select tests.act_as_service_role();
select throws_ok(
  format($$update public.campaigns set commission_rate = 0.75 where id = %L$$, tests.campaign_id('PgTAP Half Lamp')),
  '23514', :'ceiling_70', 'the service role meets the ceiling too');

select * from finish();
rollback;
