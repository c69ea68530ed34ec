-- Campaign dates (days in Phnom Penh, both ends included): a campaign that has not started or has
-- ended takes no orders (private.place_order) and no link applications (the insert policy of
-- public.affiliate_links, tried directly as an influencer would through PostgREST), each with a
-- message that says which.
begin;
\ir helpers.psql

select plan(12);

do $$
begin
  perform tests.create_user('business@test.local', 'business', 'approved');
  perform tests.create_user('influencer@test.local', 'influencer', 'approved');
  perform tests.create_user('applicant@test.local', 'influencer', 'approved');
  perform tests.create_zone('PgTAP Khan', 'PgTAP Sangkat', 150);
  perform tests.create_campaign('business@test.local', 'PgTAP Ended');
  perform tests.create_campaign('business@test.local', 'PgTAP Future');
  perform tests.create_campaign('business@test.local', 'PgTAP Last Day');
  perform tests.create_campaign('business@test.local', 'PgTAP First Day');
  update public.campaigns set start_date = date '2020-01-01', end_date = date '2020-01-31' where product_name = 'PgTAP Ended';
  update public.campaigns set start_date = private.cambodia_today() + 30 where product_name = 'PgTAP Future';
  update public.campaigns set end_date = private.cambodia_today() where product_name = 'PgTAP Last Day';
  update public.campaigns set start_date = private.cambodia_today() where product_name = 'PgTAP First Day';
  perform tests.create_link('influencer@test.local', 'PgTAP Ended', 'approved');
  perform tests.create_link('influencer@test.local', 'PgTAP Future', 'approved');
  perform tests.create_link('influencer@test.local', 'PgTAP Last Day', 'approved');
  perform tests.create_link('influencer@test.local', 'PgTAP First Day', 'approved');
  delete from private.checkout_attempts;
end
$$;

create function tests.order_sql(p_product_name text, p_phone text) returns text
language sql
as $$
  select format('select id from private.place_order(%L, %L, %L, %L, %L, 1, %L, p_recipient_name => ''PgTAP Recipient'', p_address_line => ''House 1, Street 2'')',
    tests.user_id('influencer@test.local'), tests.campaign_id(p_product_name), p_phone,
    'PgTAP Khan', 'PgTAP Sangkat', '198.51.100.7')
$$;

create function tests.apply_sql(p_product_name text) returns text
language sql
as $$
  select format('insert into public.affiliate_links (influencer_id, campaign_id) values (%L, %L)',
    tests.user_id('applicant@test.local'), tests.campaign_id(p_product_name))
$$;

-- the reason, in words ----------------------------------------------------------------------------

select is(private.campaign_closed_reason('active', date '2020-01-01', date '2020-01-31'),
  'This campaign ended on 31 January 2020 and no longer takes orders.', 'an ended campaign says when it ended');
select is(private.campaign_closed_reason('active', date '2099-03-05', null),
  'This campaign has not started yet. It opens on 5 March 2099.', 'a future campaign says when it opens');
select is(private.campaign_closed_reason('inactive', null, null),
  'This campaign is no longer accepting new orders', 'an inactive campaign says so');
select ok(private.campaign_closed_reason('active', null, null) is null, 'an active campaign without dates is open');

-- orders (the checkout, as the api function calls it) ----------------------------------------------

select tests.act_as_service_role();
select throws_ok(tests.order_sql('PgTAP Ended', '+85512000001'), '55000',
  'This campaign ended on 31 January 2020 and no longer takes orders.', 'an ended campaign takes no order');
select throws_like(tests.order_sql('PgTAP Future', '+85512000002'), 'This campaign has not started yet. It opens on %',
  'a campaign that has not started takes no order');
select lives_ok(tests.order_sql('PgTAP Last Day', '+85512000003'), 'the end date itself still takes orders');
select lives_ok(tests.order_sql('PgTAP First Day', '+85512000004'), 'the start date itself takes orders');

-- applications, directly as an approved influencer ----------------------------------------------

select tests.act_as_owner();
select tests.authenticate_as('applicant@test.local');
select throws_ok(tests.apply_sql('PgTAP Ended'), '42501', null, 'no application to an ended campaign');
select throws_ok(tests.apply_sql('PgTAP Future'), '42501', null, 'no application to a campaign that has not started');
select lives_ok(tests.apply_sql('PgTAP Last Day'), 'an application on the last day is taken');
select lives_ok(tests.apply_sql('PgTAP First Day'), 'an application on the first day is taken');

select * from finish();
rollback;
