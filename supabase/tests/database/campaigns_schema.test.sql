-- Structure of the campaigns slice that the behaviour tests rely on: row-level security, the
-- policies, table and column privileges, security definer functions and who may execute them,
-- the triggers, the realtime publication, and the private helpers the policies call.
begin;
\ir helpers.psql

select plan(72);

-- row-level security and policies ----------------------------------------------------------------

select ok((select relrowsecurity from pg_class where oid = format('public.%I', t)::regclass),
  'row level security is enabled on public.' || t)
  from unnest(array['campaigns', 'affiliate_links', 'keyword_triggers']) as t;

select policies_are('public', 'campaigns', array[
  'Businesses can read their own campaigns',
  'Admins can read every campaign',
  'Approved influencers can read active campaigns',
  'Influencers can read campaigns they hold links to',
  'Approved businesses can create their own campaigns',
  'Approved businesses can update their own campaigns'],
  'public.campaigns has exactly the read, create and update policies (none for delete)');
select policies_are('public', 'affiliate_links', array[
  'Influencers can read their own links',
  'Admins can read every link',
  'Businesses can read links to their campaigns',
  'Approved influencers can apply to active campaigns'],
  'public.affiliate_links has exactly the read and apply policies (none for update or delete)');
select policies_are('public', 'keyword_triggers', array[
  'Influencers can read their own keyword triggers',
  'Admins can read every keyword trigger'],
  'public.keyword_triggers has exactly the read policies (no client writes)');
select results_eq(
  $$select tablename::text collate "default", cmd::text collate "default", count(*) from pg_policies
    where schemaname = 'public' and tablename in ('campaigns', 'affiliate_links', 'keyword_triggers')
    group by 1, 2 order by 1, 2$$,
  $$values ('affiliate_links'::text, 'INSERT'::text, 1::bigint), ('affiliate_links', 'SELECT', 3),
           ('campaigns', 'INSERT', 1), ('campaigns', 'SELECT', 4), ('campaigns', 'UPDATE', 1),
           ('keyword_triggers', 'SELECT', 2)$$,
  'the policies are for select, insert and update only, as many as the roles they serve');
select is_empty(
  $$select tablename || ': ' || policyname from pg_policies
    where schemaname = 'public' and tablename in ('campaigns', 'affiliate_links', 'keyword_triggers')
      and roles <> array['authenticated']::name[]$$,
  'every policy of the slice applies to authenticated only');

-- table privileges --------------------------------------------------------------------------------

select table_privs_are('public', t, 'anon', array[]::text[], 'anon holds no privilege on public.' || t)
  from unnest(array['campaigns', 'affiliate_links', 'keyword_triggers']) as t;
select table_privs_are('public', t, 'authenticated', array['SELECT'],
  'authenticated holds only SELECT on public.' || t || ' at table level')
  from unnest(array['campaigns', 'affiliate_links', 'keyword_triggers']) as t;
select table_privs_are('public', t, 'service_role',
  array['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER'],
  'service_role holds every privilege on public.' || t)
  from unnest(array['campaigns', 'affiliate_links', 'keyword_triggers']) as t;

-- column privileges of authenticated: what a client may write --------------------------------------

select column_privs_are('public', 'campaigns', a.attname, 'authenticated',
  array['SELECT']
    || case when a.attname in ('business_id', 'product_name', 'price_cents', 'commission_rate', 'description',
                               'image_urls', 'start_date', 'end_date') then array['INSERT'] else array[]::text[] end
    || case when a.attname in ('product_name', 'price_cents', 'commission_rate', 'description', 'image_urls',
                               'status', 'start_date', 'end_date') then array['UPDATE'] else array[]::text[] end,
  format('authenticated may %s public.campaigns.%s', case a.attname
    when 'business_id' then 'read and insert but not update'
    when 'status' then 'read and update (only to inactive, see the trigger) but not insert'
    else case when a.attname in ('product_name', 'price_cents', 'commission_rate', 'description', 'image_urls',
                                 'start_date', 'end_date')
              then 'read, insert and update' else 'read but not write' end end, a.attname))
  from pg_attribute a
  where a.attrelid = 'public.campaigns'::regclass and a.attnum > 0 and not a.attisdropped
  order by a.attnum;

select column_privs_are('public', 'affiliate_links', a.attname, 'authenticated',
  case when a.attname in ('influencer_id', 'campaign_id') then array['SELECT', 'INSERT'] else array['SELECT'] end,
  format('authenticated may %s public.affiliate_links.%s',
    case when a.attname in ('influencer_id', 'campaign_id') then 'read and insert' else 'read but not write' end,
    a.attname))
  from pg_attribute a
  where a.attrelid = 'public.affiliate_links'::regclass and a.attnum > 0 and not a.attisdropped
  order by a.attnum;

-- functions ---------------------------------------------------------------------------------------

select is_definer('private', 'guard_campaign_status', array[]::name[], 'private.guard_campaign_status is security definer');
select is_definer('private', 'has_role', array['user_type'], 'private.has_role (the policies'' role check) is security definer');
select is(has_function_privilege('authenticated', 'private.has_role(public.user_type)', 'execute'), true,
  'authenticated can execute private.has_role (the policies call it)');
select is_definer('private', f, array['uuid'], 'private.' || f || '(uuid) is security definer')
  from unnest(array['campaign_is_active', 'owns_campaign']) as f;
select is_definer('private', 'next_keyword', array['uuid', 'text'], 'private.next_keyword is security definer');
select is_definer('public', 'decide_affiliate_link', array['uuid', 'text', 'text'],
  'public.decide_affiliate_link is security definer');
select results_eq(
  $$select r, has_function_privilege(r, 'public.decide_affiliate_link(uuid, text, text)', 'execute')
    from unnest(array['public', 'anon', 'authenticated', 'service_role']) as r$$,
  $$values ('public'::text, false), ('anon', false), ('authenticated', true), ('service_role', true)$$,
  'decide_affiliate_link is executable by authenticated and service_role only (it checks has_role itself)');
select is_definer('public', 'reapply_for_link', array['uuid'], 'public.reapply_for_link is security definer');
select results_eq(
  $$select r, has_function_privilege(r, 'public.reapply_for_link(uuid)', 'execute')
    from unnest(array['public', 'anon', 'authenticated', 'service_role']) as r$$,
  $$values ('public'::text, false), ('anon', false), ('authenticated', true), ('service_role', true)$$,
  'reapply_for_link is executable by authenticated and service_role only (it checks has_role itself)');
select isnt_definer('private', 'link_closed_reason',
  array['campaign_status', 'date', 'date', 'account_status', 'account_status'],
  'private.link_closed_reason is not security definer (it reads no table)');
select results_eq(
  $$select r, has_function_privilege(r,
      'private.link_closed_reason(public.campaign_status, date, date, public.account_status, public.account_status)', 'execute')
    from unnest(array['public', 'anon', 'authenticated', 'service_role']) as r$$,
  $$values ('public'::text, false), ('anon', false), ('authenticated', false), ('service_role', true)$$,
  'private.link_closed_reason is executable by service_role only (the api reads the reason)');
select is_empty(
  $$select r || ' can execute ' || f
    from unnest(array['private.guard_campaign_status()', 'private.next_keyword(uuid, text)']) as f,
         unnest(array['public', 'anon', 'authenticated', 'service_role']) as r
    where has_function_privilege(r, f, 'execute')$$,
  'no client role can execute the trigger function or the keyword generator directly');

-- triggers ------------------------------------------------------------------------------------------

select trigger_is('public', 'campaigns', 'campaigns_touch_updated_at', 'private', 'touch_updated_at',
  'campaigns updates run private.touch_updated_at');
select trigger_is('public', 'campaigns', 'campaigns_guard_status', 'private', 'guard_campaign_status',
  'campaign status updates run private.guard_campaign_status');
select trigger_is('public', 'affiliate_links', 'affiliate_links_touch_updated_at', 'private', 'touch_updated_at',
  'affiliate_links updates run private.touch_updated_at');

-- realtime publication ------------------------------------------------------------------------------

select is_empty(
  $$select tablename from pg_publication_tables
    where pubname = 'supabase_realtime' and schemaname = 'public'
      and tablename in ('campaigns', 'affiliate_links', 'keyword_triggers')$$,
  'campaigns, links and triggers are not in the supabase_realtime publication (their changes go out as live events)');

-- the private helpers the policies call -------------------------------------------------------------

do $$
begin
  perform tests.create_user('business@test.local', 'business', 'approved');
  perform tests.create_user('pending-business@test.local', 'business', 'pending_approval');
  perform tests.create_user('rejected-business@test.local', 'business', 'rejected');
  perform tests.create_user('influencer@test.local', 'influencer', 'approved');
  perform tests.create_user('pending-influencer@test.local', 'influencer', 'pending_approval');
  perform tests.create_user('admin@test.local', 'admin', 'approved');
  perform tests.create_campaign('business@test.local', 'Active Scarf');
  perform tests.create_campaign('business@test.local', 'Ended Hat', 'inactive');
end
$$;

-- Each helper as each caller, in one row per caller.
create function tests.helper_answers() returns table (
  approved_business boolean, approved_influencer boolean, owns_active boolean, owns_ended boolean,
  active_is_active boolean, ended_is_active boolean, unknown_is_active boolean)
language sql
as $$
  select private.has_role('business'), private.has_role('influencer'),
         private.owns_campaign(tests.campaign_id('Active Scarf')), private.owns_campaign(tests.campaign_id('Ended Hat')),
         private.campaign_is_active(tests.campaign_id('Active Scarf')),
         private.campaign_is_active(tests.campaign_id('Ended Hat')),
         private.campaign_is_active(gen_random_uuid())
$$;
grant execute on function tests.helper_answers() to anon, authenticated, service_role;

select tests.authenticate_as('business@test.local');
select results_eq('select * from tests.helper_answers()',
  $$values (true, false, true, true, true, false, false)$$,
  'for an approved business: has_role(business), owns both its campaigns; campaign_is_active only for the active one');
select tests.authenticate_as('pending-business@test.local');
select results_eq('select * from tests.helper_answers()',
  $$values (false, false, false, false, true, false, false)$$,
  'for a pending business: not an approved business, owns nothing');
select tests.authenticate_as('rejected-business@test.local');
select results_eq('select * from tests.helper_answers()',
  $$values (false, false, false, false, true, false, false)$$,
  'for a rejected business: not an approved business, owns nothing');
select tests.authenticate_as('influencer@test.local');
select results_eq('select * from tests.helper_answers()',
  $$values (false, true, false, false, true, false, false)$$,
  'for an approved influencer: has_role(influencer) only');
select tests.authenticate_as('pending-influencer@test.local');
select results_eq('select * from tests.helper_answers()',
  $$values (false, false, false, false, true, false, false)$$,
  'for a pending influencer: not an approved influencer');
select tests.authenticate_as('admin@test.local');
select results_eq('select * from tests.helper_answers()',
  $$values (false, false, false, false, true, false, false)$$,
  'for an approved admin: neither an approved business nor an approved influencer, owns nothing');
select tests.authenticate_as_id(gen_random_uuid());
select results_eq('select * from tests.helper_answers()',
  $$values (false, false, false, false, true, false, false)$$,
  'for a token whose sub has no account: nothing');
select tests.act_as_service_role();
select results_eq('select * from tests.helper_answers()',
  $$values (false, false, false, false, true, false, false)$$,
  'for service_role (no user): nothing but campaign_is_active');
select tests.act_as_anon();
select throws_ok(format('select private.%s(%s)', f, a), '42501', null, 'anon cannot execute private.' || f)
  from (values ('has_role', quote_literal('business')), ('has_role', quote_literal('influencer')),
               ('owns_campaign', quote_literal(gen_random_uuid())),
               ('campaign_is_active', quote_literal(gen_random_uuid()))) as calls (f, a);

select * from finish();
rollback;
