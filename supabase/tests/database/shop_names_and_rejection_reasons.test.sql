-- Shop names and rejection reasons (issue 14, part 5): a business names its shop (at signup or on
-- its own row, trimmed, 1-100 characters, businesses only); rejecting an account or a link needs
-- a reason of 1-500 characters, stored by the decision functions only, read by the person
-- rejected and by admins, never by anyone else (the business of a rejected link included).
begin;
\ir helpers.psql

select plan(46);

do $$
begin
  perform tests.create_user('admin@test.local', 'admin', 'approved');
  perform tests.create_user('business@test.local', 'business', 'approved');
  perform tests.create_user('other-business@test.local', 'business', 'approved');
  perform tests.create_user('influencer@test.local', 'influencer', 'approved');
  perform tests.create_user('other-influencer@test.local', 'influencer', 'approved');
  perform tests.create_user('applicant@test.local', 'business', 'pending_approval');
  perform tests.create_user('approvable@test.local', 'influencer', 'pending_approval');

  perform tests.create_campaign('business@test.local', 'Silk Scarf');
  perform tests.create_campaign('business@test.local', 'Silk Tie');
  perform tests.create_link('influencer@test.local', 'Silk Scarf');
  perform tests.create_link('influencer@test.local', 'Silk Tie');
  perform tests.create_link('other-influencer@test.local', 'Silk Scarf');
end
$$;

-- shop names: registration ---------------------------------------------------------------------------

select tests.act_as_service_role();
select is(
  (select business_name from private.register_user('named@test.local', 'Secret-Pass-1', 'business',
     'https://www.facebook.com/named', '+85512345678', p_business_name => '  Sokha Silk  ')),
  'Sokha Silk', 'register_user stores the shop name trimmed');
select is(
  (select business_name from private.register_user('unnamed@test.local', 'Secret-Pass-1', 'business',
     'https://www.facebook.com/unnamed', '+85512345678')),
  null, 'register_user leaves the shop name null when none is given');
select is(
  (select business_name from private.register_user('blank@test.local', 'Secret-Pass-1', 'business',
     'https://www.facebook.com/blank', '+85512345678', p_business_name => '   ')),
  null, 'register_user reads a blank shop name as none');
select throws_ok(
  $$select private.register_user('creator-shop@test.local', 'Secret-Pass-1', 'influencer', '@creator', null,
      'Creator', 'instagram', 'My Shop')$$,
  '23514', null, 'an influencer cannot be registered with a shop name (23514)');

-- shop names: the owner's own row --------------------------------------------------------------------

select tests.authenticate_as('business@test.local');
select lives_ok($$update public.users set business_name = 'Phnom Penh Pepper' where id = auth.uid()$$,
  'a business names its own shop');
select tests.act_as_owner();
select is((select business_name from public.users where id = tests.user_id('business@test.local')),
  'Phnom Penh Pepper', 'the name is stored');
select tests.authenticate_as('business@test.local');
select throws_ok($$update public.users set business_name = '' where id = auth.uid()$$,
  '23514', null, 'an empty shop name is refused (23514)');
select throws_ok($$update public.users set business_name = ' Padded ' where id = auth.uid()$$,
  '23514', null, 'an untrimmed shop name is refused (23514)');
select throws_ok(format($$update public.users set business_name = %L where id = auth.uid()$$, repeat('x', 101)),
  '23514', null, 'a shop name over 100 characters is refused (23514)');
select lives_ok(format($$update public.users set business_name = %L where id = auth.uid()$$, repeat('x', 100)),
  'a shop name of 100 characters is taken');
select tests.authenticate_as('influencer@test.local');
select throws_ok($$update public.users set business_name = 'My Shop' where id = auth.uid()$$,
  '23514', null, 'an influencer cannot give itself a shop name (23514)');
select tests.authenticate_as('other-business@test.local');
select is_empty(
  format($$update public.users set business_name = 'Hijacked' where id = %L returning id$$,
         tests.user_id('business@test.local')),
  'a business cannot rename another shop (RLS: no row)');

-- account rejections ---------------------------------------------------------------------------------

select tests.authenticate_as('admin@test.local');
select throws_ok(format($$select public.set_user_status(%L, 'rejected')$$, tests.user_id('applicant@test.local')),
  '22023', 'A reason is required to reject an account', 'rejecting an account needs a reason (22023)');
select throws_ok(format($$select public.set_user_status(%L, 'rejected', '   ')$$, tests.user_id('applicant@test.local')),
  '22023', 'A reason is required to reject an account', 'a blank reason is no reason (22023)');
select throws_ok(
  format($$select public.set_user_status(%L, 'rejected', %L)$$, tests.user_id('applicant@test.local'), repeat('x', 501)),
  '23514', 'new row for relation "users" violates check constraint "users_rejection_reason_length"',
  'a reason over 500 characters is refused by users_rejection_reason_length (23514)');
select is(
  (select rejection_reason from public.set_user_status(tests.user_id('applicant@test.local'), 'rejected',
     '  The Facebook page is less than 3 months old  ')),
  'The Facebook page is less than 3 months old', 'an admin rejects with a reason, stored trimmed');
select is(
  (select rejection_reason from public.set_user_status(tests.user_id('approvable@test.local'), 'approved', 'ignored')),
  null, 'an approval stores no reason, even when one is passed');

select tests.act_as_owner();
select throws_ok(
  format($$update public.users set rejection_reason = 'Why not' where id = %L$$, tests.user_id('business@test.local')),
  '23514', null, 'an account that is not rejected has no reason (23514)');

-- who reads an account's reason
select tests.authenticate_as('applicant@test.local');
select is((select rejection_reason from public.users where id = auth.uid()),
  'The Facebook page is less than 3 months old', 'the rejected account reads its own reason');
select tests.authenticate_as('admin@test.local');
select is((select rejection_reason from public.users where id = tests.user_id('applicant@test.local')),
  'The Facebook page is less than 3 months old', 'an admin reads the reason');
select tests.authenticate_as('business@test.local');
select is_empty(format($$select rejection_reason from public.users where id = %L$$, tests.user_id('applicant@test.local')),
  'another business cannot read the rejected account (nor its reason)');
select tests.authenticate_as('influencer@test.local');
select is_empty(format($$select rejection_reason from public.users where id = %L$$, tests.user_id('applicant@test.local')),
  'an influencer cannot read it either');
select tests.act_as_anon();
select throws_ok($$select rejection_reason from public.users$$, '42501', null, 'anon reads no account (42501)');

-- who may set it: only the decision function
select tests.authenticate_as('applicant@test.local');
select throws_ok($$update public.users set rejection_reason = 'Changed my mind' where id = auth.uid()$$,
  '42501', null, 'the rejected account cannot rewrite its reason (42501, no column grant)');
select tests.authenticate_as('admin@test.local');
select throws_ok(
  format($$update public.users set rejection_reason = 'Direct' where id = %L$$, tests.user_id('applicant@test.local')),
  '42501', null, 'nor can an admin write it directly: only set_user_status does (42501)');
select tests.authenticate_as('business@test.local');
select throws_ok(
  format($$select public.set_user_status(%L, 'rejected', 'Competitor')$$, tests.user_id('other-business@test.local')),
  '42501', null, 'a business cannot reject anyone (42501)');

-- link rejections ------------------------------------------------------------------------------------

select tests.authenticate_as('admin@test.local');
select throws_ok(
  format($$select public.decide_affiliate_link(%L, 'rejected')$$, tests.link_id('influencer@test.local', 'Silk Scarf')),
  '22023', 'A reason is required to reject a link', 'rejecting a link needs a reason (22023)');
select throws_ok(
  format($$select public.decide_affiliate_link(%L, 'rejected', %L)$$,
         tests.link_id('influencer@test.local', 'Silk Scarf'), repeat('x', 501)),
  '23514', 'new row for relation "affiliate_link_rejections" violates check constraint "affiliate_link_rejections_reason_check"',
  'a link reason over 500 characters is refused by affiliate_link_rejections_reason_check (23514)');
select is(
  (select status::text from public.decide_affiliate_link(tests.link_id('influencer@test.local', 'Silk Scarf'),
     'rejected', ' Your audience is outside Cambodia ')),
  'rejected', 'an admin rejects a link with a reason');
select is(
  (select status::text from public.decide_affiliate_link(tests.link_id('influencer@test.local', 'Silk Tie'),
     'approved', 'ignored')),
  'approved', 'an admin approves a link (a reason passed along is ignored)');

select tests.act_as_owner();
select results_eq(
  $$select c.product_name, r.reason, r.influencer_id = tests.user_id('influencer@test.local')
    from public.affiliate_link_rejections r
    join public.affiliate_links l on l.id = r.affiliate_link_id
    join public.campaigns c on c.id = l.campaign_id$$,
  $$values ('Silk Scarf'::text, 'Your audience is outside Cambodia'::text, true)$$,
  'one rejection row, trimmed, for the rejected link only (none for the approval)');
select throws_ok(
  format($$insert into public.affiliate_link_rejections (affiliate_link_id, influencer_id, reason) values (%L, %L, '')$$,
         tests.link_id('other-influencer@test.local', 'Silk Scarf'), tests.user_id('other-influencer@test.local')),
  '23514', null, 'a stored link reason is never empty (23514)');

-- who reads a link's reason
select tests.authenticate_as('influencer@test.local');
select is((select reason from public.affiliate_link_rejections), 'Your audience is outside Cambodia',
  'the influencer reads why their link was rejected');
select tests.authenticate_as('admin@test.local');
select is((select count(*) from public.affiliate_link_rejections), 1::bigint, 'an admin reads every link rejection');
select tests.authenticate_as('business@test.local');
select is((select count(*) from public.affiliate_links where campaign_id = tests.campaign_id('Silk Scarf')), 2::bigint,
  'the business reads the links to its campaign');
select is_empty($$select reason from public.affiliate_link_rejections$$,
  'but never why one was rejected');
select tests.authenticate_as('other-influencer@test.local');
select is_empty($$select reason from public.affiliate_link_rejections$$,
  'another influencer reads no one else''s rejection');
select tests.act_as_anon();
select throws_ok($$select reason from public.affiliate_link_rejections$$, '42501', null,
  'anon reads no link rejection (42501)');

-- who may write one: nobody directly
select tests.authenticate_as('admin@test.local');
select throws_ok(
  format($$insert into public.affiliate_link_rejections (affiliate_link_id, influencer_id, reason) values (%L, %L, 'x')$$,
         tests.link_id('other-influencer@test.local', 'Silk Scarf'), tests.user_id('other-influencer@test.local')),
  '42501', null, 'an admin cannot insert a rejection directly: only decide_affiliate_link does (42501)');
select throws_ok($$update public.affiliate_link_rejections set reason = 'Rewritten'$$, '42501', null,
  'an admin cannot rewrite a reason (42501)');
select tests.authenticate_as('influencer@test.local');
select throws_ok($$update public.affiliate_link_rejections set reason = 'Rewritten'$$, '42501', null,
  'the influencer cannot rewrite it (42501)');
select throws_ok($$delete from public.affiliate_link_rejections$$, '42501', null,
  'the influencer cannot delete it (42501)');
select throws_ok(
  format($$select public.decide_affiliate_link(%L, 'rejected', 'Self-rejected')$$,
         tests.link_id('other-influencer@test.local', 'Silk Scarf')),
  '42501', null, 'an influencer cannot reject a link (42501)');
select tests.act_as_service_role();
select throws_ok(
  format($$select public.decide_affiliate_link(%L, 'rejected', 'Service')$$,
         tests.link_id('other-influencer@test.local', 'Silk Scarf')),
  '42501', null, 'service_role cannot decide either: the decision needs an admin user (42501)');

select tests.act_as_owner();
select is((select status::text from public.affiliate_links where id = tests.link_id('other-influencer@test.local', 'Silk Scarf')),
  'pending', 'the refused calls left the other link pending');
select is((select count(*) from public.affiliate_link_rejections), 1::bigint, 'and stored no reason');

select * from finish();
rollback;
