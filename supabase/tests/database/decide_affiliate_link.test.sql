-- public.decide_affiliate_link(): only an approved admin approves or rejects a pending link, once;
-- an approval needs an active campaign with fewer than 10 approved links and creates the link's
-- keyword trigger (a keyword unique among the influencer's active triggers, a DM template with
-- the link). Every other caller is refused before anything is looked up.
begin;
\ir helpers.psql

select plan(48);

-- fixtures --------------------------------------------------------------------------------------

do $$
begin
  perform tests.create_user('admin@test.local', 'admin', 'approved');
  perform tests.create_user('pending-admin@test.local', 'admin', 'pending_approval');
  perform tests.create_user('business@test.local', 'business', 'approved');
  perform tests.create_user('influencer@test.local', 'influencer', 'approved');
  perform tests.create_user('other-influencer@test.local', 'influencer', 'approved');

  perform tests.create_campaign('business@test.local', 'Silk Scarf');
  perform tests.create_campaign('business@test.local', 'Silk Tie');
  perform tests.create_campaign('business@test.local', 'Silk Gloves');
  perform tests.create_campaign('business@test.local', 'A lamp');
  perform tests.create_campaign('business@test.local', 'T-Shirt classic');
  perform tests.create_campaign('business@test.local', 'Supercalifragilistic Mug');
  perform tests.create_campaign('business@test.local', 'Ended Hat');
  perform tests.create_campaign('business@test.local', 'Popular Cup');

  perform tests.create_link('influencer@test.local', p_product_name)
  from unnest(array['Silk Scarf', 'Silk Tie', 'Silk Gloves', 'A lamp', 'T-Shirt classic',
                    'Supercalifragilistic Mug', 'Ended Hat']) as p_product_name;
  perform tests.create_link('other-influencer@test.local', 'Silk Scarf');
  perform tests.create_link('other-influencer@test.local', 'Silk Tie');

  -- The influencer applied while Ended Hat was active; it has been deactivated since.
  update public.campaigns set status = 'inactive' where product_name = 'Ended Hat';

  -- Popular Cup: 9 links approved already, 3 more influencers waiting.
  for i in 1..12 loop
    perform tests.create_user(format('cap-%s@test.local', i), 'influencer', 'approved');
    perform tests.create_link(format('cap-%s@test.local', i), 'Popular Cup',
                              case when i <= 9 then 'approved' else 'pending' end::public.link_status);
  end loop;
end
$$;

-- A call of decide_affiliate_link for the influencer's link to the named campaign.
create function tests.decide_sql(p_influencer_email text, p_product_name text, p_decision text) returns text
language sql
as $$
  -- A rejection needs a reason (see rejection_reasons.test.sql); these tests are about the rest.
  select format('select * from public.decide_affiliate_link(%L, %L, %L)',
                tests.link_id(p_influencer_email, p_product_name), p_decision,
                case when p_decision = 'rejected' then 'Test reason' end)
$$;

-- The keyword an approval gave the influencer's link to the named campaign.
create function tests.keyword_of(p_influencer_email text, p_product_name text) returns text
language sql stable security definer set search_path = ''
as $$
  select keyword from public.keyword_triggers
  where affiliate_link_id = tests.link_id(p_influencer_email, p_product_name)
$$;
grant execute on function tests.decide_sql(text, text, text),
  tests.keyword_of(text, text) to anon, authenticated, service_role;

-- every caller but an approved admin is refused --------------------------------------------------

select tests.act_as_anon();
select throws_ok(tests.decide_sql('influencer@test.local', 'Silk Scarf', 'approved'),
  '42501', 'permission denied for function decide_affiliate_link',
  'anon cannot execute decide_affiliate_link');

select tests.authenticate_as('business@test.local');
select throws_ok(tests.decide_sql('influencer@test.local', 'Silk Scarf', 'approved'),
  '42501', 'Only admins can approve or reject links',
  'the business owning the campaign cannot approve a link (42501)');
select throws_ok(
  format($$select public.decide_affiliate_link(%L, 'approved')$$, gen_random_uuid()),
  '42501', 'Only admins can approve or reject links',
  'a non-admin is refused before the link is looked up (42501, not P0002)');

select tests.authenticate_as('influencer@test.local');
select throws_ok(tests.decide_sql('influencer@test.local', 'Silk Scarf', 'approved'),
  '42501', 'Only admins can approve or reject links',
  'an influencer cannot approve their own link (42501)');
select throws_ok(tests.decide_sql('other-influencer@test.local', 'Silk Scarf', 'rejected'),
  '42501', 'Only admins can approve or reject links',
  'an influencer cannot reject another influencer''s link (42501)');

select tests.authenticate_as('pending-admin@test.local');
select throws_ok(tests.decide_sql('influencer@test.local', 'Silk Scarf', 'approved'),
  '42501', 'Only admins can approve or reject links', 'a pending admin cannot approve a link (42501)');

select tests.authenticate_as_id(gen_random_uuid());
select throws_ok(tests.decide_sql('influencer@test.local', 'Silk Scarf', 'approved'),
  '42501', 'Only admins can approve or reject links',
  'a token whose sub has no account cannot approve a link (42501)');

select tests.act_as_service_role();
select throws_ok(tests.decide_sql('influencer@test.local', 'Silk Scarf', 'approved'),
  '42501', 'Only admins can approve or reject links',
  'service_role without a user cannot approve a link (42501): decisions are the admin''s, by their token');

select tests.act_as_owner();
select results_eq(
  format('select status, decided_at, decided_by from public.affiliate_links where id = %L',
         tests.link_id('influencer@test.local', 'Silk Scarf')),
  $$values ('pending'::public.link_status, null::timestamptz, null::uuid)$$,
  'after the refused calls the link is still pending and undecided');
select is_empty(
  $$select * from public.keyword_triggers
    where influencer_id in (select id from public.users where email like '%@test.local')$$,
  'the refused calls created no keyword trigger');

-- an approved admin approves ---------------------------------------------------------------------

select tests.authenticate_as('admin@test.local');

select results_eq(
  replace(tests.decide_sql('influencer@test.local', 'Silk Scarf', 'approved'), '*', 'status, is_approved, decided_by'),
  format($$values ('approved'::public.link_status, true, %L::uuid)$$, tests.user_id('admin@test.local')),
  'an admin approves a pending link and gets the updated row');
select results_eq(
  format('select status, decided_at = now(), decided_by from public.affiliate_links where id = %L',
         tests.link_id('influencer@test.local', 'Silk Scarf')),
  format($$values ('approved'::public.link_status, true, %L::uuid)$$, tests.user_id('admin@test.local')),
  'the approval stores status, decided_at and decided_by');
select results_eq(
  format('select influencer_id, campaign_id, keyword, is_active from public.keyword_triggers where affiliate_link_id = %L',
         tests.link_id('influencer@test.local', 'Silk Scarf')),
  format($$values (%L::uuid, %L::uuid, 'SILK'::text, true)$$,
         tests.user_id('influencer@test.local'), tests.campaign_id('Silk Scarf')),
  'the approval creates an active keyword trigger for the link, keyword from the product name''s first word');
select is(
  (select dm_template_text from public.keyword_triggers
   where affiliate_link_id = tests.link_id('influencer@test.local', 'Silk Scarf')),
  E'សួស្តី! អរគុណដែលចាប់អារម្មណ៍លើ {product}។ កុម្ម៉ង់នៅទីនេះ ហើយបង់ប្រាក់ពេលទទួលទំនិញ៖ {link}\n\n'
    'Hi! Thanks for asking about {product}. Order here and pay cash on delivery: {link}',
  'the DM template, in Khmer then English, holds the {product} and {link} placeholders');
select matches(
  (select short_code from public.affiliate_links where id = tests.link_id('influencer@test.local', 'Silk Scarf')),
  '^[A-Za-z0-9]{7}$',
  'the approval gives the link a seven-character short code');

select lives_ok(tests.decide_sql('influencer@test.local', 'Silk Tie', 'approved'),
  'an admin approves the influencer''s link to a second Silk campaign');
select is(tests.keyword_of('influencer@test.local', 'Silk Tie'), 'SILK2',
  'a keyword already active for the influencer is numbered: SILK, then SILK2');
select lives_ok(tests.decide_sql('other-influencer@test.local', 'Silk Tie', 'approved'),
  'an admin approves another influencer''s link to the same campaign');
select is(tests.keyword_of('other-influencer@test.local', 'Silk Tie'), 'SILK',
  'keywords are unique per influencer: the other influencer gets SILK');
select lives_ok(tests.decide_sql('influencer@test.local', 'A lamp', 'approved'), 'an admin approves the A lamp link');
select is(tests.keyword_of('influencer@test.local', 'A lamp'), 'LINK',
  'a first word shorter than 2 characters falls back to LINK');
select lives_ok(tests.decide_sql('influencer@test.local', 'T-Shirt classic', 'approved'),
  'an admin approves the T-Shirt link');
select is(tests.keyword_of('influencer@test.local', 'T-Shirt classic'), 'TSHIRT',
  'the keyword keeps only letters and digits, upper-cased');
select lives_ok(tests.decide_sql('influencer@test.local', 'Supercalifragilistic Mug', 'approved'),
  'an admin approves the long-named link');
select is(tests.keyword_of('influencer@test.local', 'Supercalifragilistic Mug'), 'SUPERCALIF',
  'the keyword is cut to 10 characters');

-- an approved admin rejects ----------------------------------------------------------------------

select results_eq(
  replace(tests.decide_sql('other-influencer@test.local', 'Silk Scarf', 'rejected'), '*', 'status, is_approved, decided_by'),
  format($$values ('rejected'::public.link_status, false, %L::uuid)$$, tests.user_id('admin@test.local')),
  'an admin rejects a pending link and gets the updated row');
select is_empty(
  format('select * from public.keyword_triggers where affiliate_link_id = %L',
         tests.link_id('other-influencer@test.local', 'Silk Scarf')),
  'a rejection creates no keyword trigger');

-- one decision per link ---------------------------------------------------------------------------

select throws_ok(tests.decide_sql('other-influencer@test.local', 'Silk Scarf', 'approved'),
  '55000', 'Affiliate link is already rejected', 'a rejected link cannot be approved afterwards (55000)');
select throws_ok(tests.decide_sql('influencer@test.local', 'Silk Scarf', 'rejected'),
  '55000', 'Affiliate link is already approved', 'an approved link cannot be rejected afterwards (55000)');
select throws_ok(tests.decide_sql('influencer@test.local', 'Silk Scarf', 'approved'),
  '55000', 'Affiliate link is already approved', 'approving twice is refused (55000)');
select is(
  (select count(*) from public.keyword_triggers where affiliate_link_id = tests.link_id('influencer@test.local', 'Silk Scarf')),
  1::bigint, 'the refused second approval created no second keyword trigger');

-- inactive campaign ------------------------------------------------------------------------------

select throws_ok(tests.decide_sql('influencer@test.local', 'Ended Hat', 'approved'),
  '55000', 'The campaign is no longer active', 'a link to an inactive campaign cannot be approved (55000)');
select is(
  (select status from public.affiliate_links where id = tests.link_id('influencer@test.local', 'Ended Hat')),
  'pending', 'the refused approval left the link pending');
select results_eq(
  replace(tests.decide_sql('influencer@test.local', 'Ended Hat', 'rejected'), '*', 'status'),
  array['rejected'::public.link_status], 'a link to an inactive campaign can still be rejected');

-- at most 10 approved links per campaign -----------------------------------------------------------

select lives_ok(tests.decide_sql('cap-10@test.local', 'Popular Cup', 'approved'),
  'the 10th approval on one campaign is allowed');
select throws_ok(tests.decide_sql('cap-11@test.local', 'Popular Cup', 'approved'),
  '55000', 'This campaign already has the maximum of 10 approved links',
  'the 11th approval on one campaign is refused (55000)');
select results_eq(
  format($$select count(*) filter (where status = 'approved'), count(*) filter (where status = 'pending')
           from public.affiliate_links where campaign_id = %L$$, tests.campaign_id('Popular Cup')),
  $$values (10::bigint, 2::bigint)$$,
  'the campaign keeps exactly 10 approved links; the refused one stays pending');
select results_eq(
  replace(tests.decide_sql('cap-12@test.local', 'Popular Cup', 'rejected'), '*', 'status'),
  array['rejected'::public.link_status], 'a link to a full campaign can still be rejected');

-- bad arguments ------------------------------------------------------------------------------------

select throws_ok(tests.decide_sql('cap-11@test.local', 'Popular Cup', 'pending'),
  '22023', 'decision must be approved or rejected', 'a decision of pending is refused (22023)');
select throws_ok(
  format($$select public.decide_affiliate_link(%L, null)$$, tests.link_id('cap-11@test.local', 'Popular Cup')),
  '22023', 'decision must be approved or rejected', 'a null decision is refused (22023)');
select throws_ok(
  format($$select public.decide_affiliate_link(%L, 'approved')$$, gen_random_uuid()),
  'P0002', 'Affiliate link not found', 'an unknown link is reported as not found (P0002)');
select throws_ok(
  format($$select public.decide_affiliate_link(%L, 'maybe')$$, gen_random_uuid()),
  '22023', 'decision must be approved or rejected', 'the decision is validated before the link is looked up');

-- a keyword is unique among the influencer's active triggers only -----------------------------------

select tests.authenticate_as('business@test.local');
select lives_ok(format($$update public.campaigns set status = 'inactive' where id = %L$$, tests.campaign_id('Silk Scarf')),
  'the business deactivates Silk Scarf, ending its SILK trigger');
select tests.authenticate_as('admin@test.local');
select lives_ok(tests.decide_sql('influencer@test.local', 'Silk Gloves', 'approved'),
  'an admin approves the influencer''s link to a third Silk campaign');
select results_eq(
  format($$select c.product_name, t.keyword, t.is_active from public.keyword_triggers t
           join public.campaigns c on c.id = t.campaign_id
           where t.influencer_id = %L and c.product_name like 'Silk %%' order by 1$$,
         tests.user_id('influencer@test.local')),
  $$values ('Silk Gloves'::text, 'SILK'::text, true), ('Silk Scarf', 'SILK', false), ('Silk Tie', 'SILK2', true)$$,
  'the keyword of an inactive trigger is free again: the third Silk campaign gets SILK');

-- the table enforces what the function relies on ----------------------------------------------------

select tests.act_as_owner();
select throws_ok(
  format('select tests.create_keyword_trigger(%L, %L)', tests.link_id('influencer@test.local', 'Ended Hat'), 'SILK2'),
  '23505', 'duplicate key value violates unique constraint "keyword_triggers_active_keyword_key"',
  'two active triggers of one influencer cannot share a keyword');
select throws_ok(
  format('select tests.create_keyword_trigger(%L, %L)', tests.link_id('influencer@test.local', 'Silk Tie'), 'TIE'),
  '23505', 'duplicate key value violates unique constraint "keyword_triggers_affiliate_link_id_key"',
  'a link has at most one keyword trigger');
select throws_ok(
  format('select tests.create_keyword_trigger(%L, %L)', tests.link_id('influencer@test.local', 'Ended Hat'), 'silk hat'),
  '23514', 'new row for relation "keyword_triggers" violates check constraint "keyword_triggers_keyword_check"',
  'a keyword must be 2 to 20 upper-case letters or digits');

select * from finish();
rollback;
