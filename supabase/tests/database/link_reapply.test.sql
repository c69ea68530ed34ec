-- public.reapply_for_link() (issue 26): an approved influencer whose link application was rejected
-- applies to that campaign again, once, while the campaign is open. The link goes back to pending
-- as its second attempt; the first rejection stays (one affiliate_link_rejections row per rejected
-- attempt), readable by the influencer and admins, never by the business. An admin then decides
-- again: an approval gives the short code and keyword trigger, a second rejection is final and
-- its audit entry carries the second reason and attempt 2.
begin;
\ir helpers.psql

select plan(35);

-- fixtures --------------------------------------------------------------------------------------

do $$
begin
  perform tests.create_user('admin@test.local', 'admin', 'approved');
  perform tests.create_user('business@test.local', 'business', 'approved');
  perform tests.create_user('influencer@test.local', 'influencer', 'approved');
  perform tests.create_user('other-influencer@test.local', 'influencer', 'approved');
  perform tests.create_user('pending-influencer@test.local', 'influencer', 'pending_approval');

  perform tests.create_campaign('business@test.local', 'PgTAP Reapply Scarf');
  perform tests.create_campaign('business@test.local', 'PgTAP Reapply Hat');
  perform tests.create_campaign('business@test.local', 'PgTAP Reapply Cup');
  perform tests.create_campaign('business@test.local', 'PgTAP Reapply Mug');
  perform tests.create_campaign('business@test.local', 'PgTAP Reapply Tie');
  perform tests.create_campaign('business@test.local', 'PgTAP Reapply Lamp');
  perform tests.create_campaign('business@test.local', 'PgTAP Reapply Bag');

  perform tests.create_link('influencer@test.local', 'PgTAP Reapply Scarf');
  perform tests.create_link('influencer@test.local', 'PgTAP Reapply Hat');
  perform tests.create_link('influencer@test.local', 'PgTAP Reapply Cup');
  perform tests.create_link('influencer@test.local', 'PgTAP Reapply Mug', 'approved');
  perform tests.create_link('influencer@test.local', 'PgTAP Reapply Lamp');
  perform tests.create_link('other-influencer@test.local', 'PgTAP Reapply Tie');
  perform tests.create_link('pending-influencer@test.local', 'PgTAP Reapply Bag');
end
$$;

-- The first rejections, by the admin as the api makes them.
select tests.authenticate_as('admin@test.local');
do $$
begin
  perform public.decide_affiliate_link(tests.link_id('influencer@test.local', p), 'rejected', 'First reason')
  from unnest(array['PgTAP Reapply Scarf', 'PgTAP Reapply Hat', 'PgTAP Reapply Lamp']) as p;
  perform public.decide_affiliate_link(tests.link_id('other-influencer@test.local', 'PgTAP Reapply Tie'), 'rejected', 'Not yours');
  perform public.decide_affiliate_link(tests.link_id('pending-influencer@test.local', 'PgTAP Reapply Bag'), 'rejected', 'Pending account');
end
$$;
-- A decision's audit entry is written at commit (its reason is inserted after the link's update);
-- this writes the pending ones now, as each decision's own transaction would have, and goes back
-- to deferring (as after each decision below).
set constraints public.affiliate_links_audit_decision immediate;
set constraints public.affiliate_links_audit_decision deferred;
-- The Lamp's shop closes the campaign after the rejection.
select tests.act_as_owner();
update public.campaigns set status = 'inactive', deactivated_at = now() where product_name = 'PgTAP Reapply Lamp';

-- A call of reapply_for_link for the named campaign.
create function tests.reapply_sql(p_product_name text) returns text
language sql
as $$
  select format('select * from public.reapply_for_link(%L)', tests.campaign_id(p_product_name))
$$;

-- The link as the owner reads it: status, attempt, reapplied_at set, decided_at set, decided_by set.
create function tests.link_state(p_influencer_email text, p_product_name text)
returns table (status public.link_status, attempt smallint, reapplied boolean, decided boolean, decided_by_someone boolean)
language sql stable security definer set search_path = ''
as $$
  select status, attempt, reapplied_at is not null, decided_at is not null, decided_by is not null
  from public.affiliate_links where id = tests.link_id(p_influencer_email, p_product_name)
$$;
grant execute on function tests.reapply_sql(text), tests.link_state(text, text) to anon, authenticated, service_role;

-- who may apply again ---------------------------------------------------------------------------------

select tests.act_as_anon();
select throws_ok(tests.reapply_sql('PgTAP Reapply Scarf'), '42501',
  'permission denied for function reapply_for_link', 'anon cannot execute reapply_for_link');

select tests.authenticate_as('business@test.local');
select throws_ok(tests.reapply_sql('PgTAP Reapply Scarf'), '42501',
  'Only approved influencers can apply to active campaigns', 'a business cannot apply again (42501)');

select tests.authenticate_as('pending-influencer@test.local');
select throws_ok(tests.reapply_sql('PgTAP Reapply Bag'), '42501',
  'Only approved influencers can apply to active campaigns',
  'an influencer whose account is not approved cannot apply again, even to its own rejected link (42501)');

select tests.act_as_service_role();
select throws_ok(tests.reapply_sql('PgTAP Reapply Scarf'), '42501',
  'Only approved influencers can apply to active campaigns', 'service_role without a user cannot apply again (42501)');

select tests.authenticate_as('influencer@test.local');
select throws_ok(tests.reapply_sql('PgTAP Reapply Lamp'), '42501',
  'Only approved influencers can apply to active campaigns',
  'a rejected link of a campaign closed since cannot be applied for again (42501)');
select throws_ok(format('select public.reapply_for_link(%L)', gen_random_uuid()), '42501',
  'Only approved influencers can apply to active campaigns', 'an unknown campaign is refused as not open (42501)');
select throws_ok(tests.reapply_sql('PgTAP Reapply Tie'), 'P0002', 'Affiliate link not found',
  'another influencer''s rejected link to a campaign is not the caller''s to apply again for (P0002)');
select throws_ok(tests.reapply_sql('PgTAP Reapply Bag'), 'P0002', 'Affiliate link not found',
  'a campaign the caller never applied to has no link to apply again for (P0002)');
select throws_ok(tests.reapply_sql('PgTAP Reapply Cup'), '23505', 'You have already applied for this campaign',
  'a pending application cannot be made again (23505)');
select throws_ok(tests.reapply_sql('PgTAP Reapply Mug'), '23505', 'You have already applied for this campaign',
  'an approved link cannot be applied for again (23505)');

select tests.act_as_owner();
select results_eq(
  $$select p, (tests.link_state(e, p)).status, (tests.link_state(e, p)).attempt::int
    from (values ('influencer@test.local', 'PgTAP Reapply Scarf'), ('influencer@test.local', 'PgTAP Reapply Lamp'),
                 ('other-influencer@test.local', 'PgTAP Reapply Tie'), ('influencer@test.local', 'PgTAP Reapply Cup'),
                 ('influencer@test.local', 'PgTAP Reapply Mug')) as v (e, p) order by p$$,
  $$values ('PgTAP Reapply Cup'::text, 'pending'::public.link_status, 1),
           ('PgTAP Reapply Lamp', 'rejected', 1), ('PgTAP Reapply Mug', 'approved', 1),
           ('PgTAP Reapply Scarf', 'rejected', 1), ('PgTAP Reapply Tie', 'rejected', 1)$$,
  'the refused calls changed no link');

-- applying again after a rejection ----------------------------------------------------------------------

select tests.authenticate_as('influencer@test.local');
select results_eq(
  replace(tests.reapply_sql('PgTAP Reapply Scarf'), '*',
          'id, status, attempt, reapplied_at = now(), decided_at, decided_by, short_code'),
  format($$values (%L::uuid, 'pending'::public.link_status, 2::smallint, true, null::timestamptz, null::uuid, null::text)$$,
         tests.link_id('influencer@test.local', 'PgTAP Reapply Scarf')),
  'the influencer applies again: the same link, back to pending as attempt 2, reapplied now, undecided');
select results_eq($$select * from tests.link_state('influencer@test.local', 'PgTAP Reapply Scarf')$$,
  $$values ('pending'::public.link_status, 2::smallint, true, false, false)$$, 'the link is stored so');
select results_eq(
  format('select attempt, reason from public.affiliate_link_rejections where affiliate_link_id = %L',
         tests.link_id('influencer@test.local', 'PgTAP Reapply Scarf')),
  $$values (1::smallint, 'First reason'::text)$$,
  'the first rejection stays, and the influencer still reads it');
select throws_ok(tests.reapply_sql('PgTAP Reapply Scarf'), '23505', 'You have already applied for this campaign',
  'applying again while the second application is pending is refused (23505)');
select lives_ok(tests.reapply_sql('PgTAP Reapply Hat'), 'the influencer applies again for the Hat too');

select tests.authenticate_as('business@test.local');
select results_eq(
  format('select status, attempt from public.affiliate_links where id = %L',
         tests.link_id('influencer@test.local', 'PgTAP Reapply Scarf')),
  $$values ('pending'::public.link_status, 2::smallint)$$,
  'the business sees the application pending again, as its second attempt');
select is_empty('select * from public.affiliate_link_rejections',
  'the business reads no rejection, not the first one of the application it now sees');

-- the admin decides again: approve ----------------------------------------------------------------------

select tests.authenticate_as('admin@test.local');
select results_eq(
  format($$select status, attempt from public.decide_affiliate_link(%L, 'approved')$$,
         tests.link_id('influencer@test.local', 'PgTAP Reapply Hat')),
  $$values ('approved'::public.link_status, 2::smallint)$$,
  'the admin approves the second application');
set constraints public.affiliate_links_audit_decision immediate;
set constraints public.affiliate_links_audit_decision deferred;
select matches(
  (select short_code from public.affiliate_links where id = tests.link_id('influencer@test.local', 'PgTAP Reapply Hat')),
  '^[A-Za-z0-9]{7}$', 'the approval gives the link its short code');
select results_eq(
  format('select keyword, is_active from public.keyword_triggers where affiliate_link_id = %L',
         tests.link_id('influencer@test.local', 'PgTAP Reapply Hat')),
  $$values ('PGTAP'::text, true)$$, 'the approval makes the link''s keyword trigger');
select tests.authenticate_as('influencer@test.local');
select throws_ok(tests.reapply_sql('PgTAP Reapply Hat'), '23505', 'You have already applied for this campaign',
  'an approved second application cannot be applied for again (23505)');

-- the admin decides again: reject --------------------------------------------------------------------------

select tests.authenticate_as('admin@test.local');
select results_eq(
  format($$select status, attempt from public.decide_affiliate_link(%L, 'rejected', '  Second reason ')$$,
         tests.link_id('influencer@test.local', 'PgTAP Reapply Scarf')),
  $$values ('rejected'::public.link_status, 2::smallint)$$,
  'the admin rejects the second application');
set constraints public.affiliate_links_audit_decision immediate;
set constraints public.affiliate_links_audit_decision deferred;
select results_eq(
  format('select attempt::int, reason from public.affiliate_link_rejections where affiliate_link_id = %L order by attempt',
         tests.link_id('influencer@test.local', 'PgTAP Reapply Scarf')),
  $$values (1, 'First reason'::text), (2, 'Second reason')$$,
  'an admin reads both rejections, one per attempt, the second trimmed');

select tests.authenticate_as('influencer@test.local');
select results_eq(
  format('select attempt::int, reason from public.affiliate_link_rejections where affiliate_link_id = %L order by attempt',
         tests.link_id('influencer@test.local', 'PgTAP Reapply Scarf')),
  $$values (1, 'First reason'::text), (2, 'Second reason')$$,
  'the influencer reads both rejections of its link');
select throws_ok(tests.reapply_sql('PgTAP Reapply Scarf'), '55000', 'You can apply again only once after a rejection',
  'a third application after the second rejection is refused (55000)');
select results_eq($$select * from tests.link_state('influencer@test.local', 'PgTAP Reapply Scarf')$$,
  $$values ('rejected'::public.link_status, 2::smallint, true, true, true)$$,
  'the refused third application leaves the link rejected, attempt 2');

select tests.authenticate_as('other-influencer@test.local');
select is_empty(
  format('select * from public.affiliate_link_rejections where affiliate_link_id = %L',
         tests.link_id('influencer@test.local', 'PgTAP Reapply Scarf')),
  'another influencer reads neither rejection');

select tests.authenticate_as('business@test.local');
select is_empty('select * from public.affiliate_link_rejections',
  'the business reads neither rejection of the link to its campaign');
select results_eq(
  format('select status, attempt from public.affiliate_links where id = %L',
         tests.link_id('influencer@test.local', 'PgTAP Reapply Scarf')),
  $$values ('rejected'::public.link_status, 2::smallint)$$,
  'the business sees the link rejected (and only its status)');

-- the rejections cannot be written around the function --------------------------------------------------

select tests.authenticate_as('influencer@test.local');
select throws_ok(
  format($$update public.affiliate_links set status = 'pending', attempt = 1 where id = %L$$,
         tests.link_id('influencer@test.local', 'PgTAP Reapply Scarf')),
  '42501', null, 'the influencer cannot reset its link''s status or attempt directly (42501)');
select throws_ok(
  format($$delete from public.affiliate_link_rejections where affiliate_link_id = %L$$,
         tests.link_id('influencer@test.local', 'PgTAP Reapply Scarf')),
  '42501', null, 'the influencer cannot delete a rejection (42501)');

-- the audit log --------------------------------------------------------------------------------------------

select tests.act_as_owner();
select results_eq(
  format($$select action::text, details ->> 'reason', details -> 'attempt', details -> 'after' ->> 'status'
           from public.audit_log where target_id = %L and created_at = now() order by id$$,
         tests.link_id('influencer@test.local', 'PgTAP Reapply Scarf')),
  $$values ('link.reject'::text, 'First reason'::text, null::jsonb, 'rejected'::text),
           ('link.reject', 'Second reason', '2'::jsonb, 'rejected')$$,
  'each rejection has its audit entry: the first with its reason, the second with the second reason and attempt 2');
select results_eq(
  format($$select action::text, details -> 'attempt' from public.audit_log where target_id = %L and created_at = now()$$,
         tests.link_id('influencer@test.local', 'PgTAP Reapply Hat')),
  $$values ('link.reject'::text, null::jsonb), ('link.approve', '2'::jsonb)$$,
  'the approval of a second application says attempt 2');
select is_empty(
  format($$select * from public.audit_log where target_id in (%L, %L) and created_at = now()
           and action not in ('link.reject', 'link.approve')$$,
         tests.link_id('influencer@test.local', 'PgTAP Reapply Scarf'), tests.link_id('influencer@test.local', 'PgTAP Reapply Hat')),
  'applying again is the influencer''s, not an admin action: it writes no audit entry');

select * from finish();
rollback;
