-- public.keyword_triggers: every client role x select/insert/update/delete, allowed and denied.
-- An influencer reads their own triggers, an admin reads all; no client writes them (they are
-- made by decide_affiliate_link and ended by the campaign status trigger).
begin;
\ir helpers.psql

select plan(30);

-- fixtures --------------------------------------------------------------------------------------

do $$
begin
  perform tests.create_user('business@test.local', 'business', 'approved');
  perform tests.create_user('influencer@test.local', 'influencer', 'approved');
  perform tests.create_user('other-influencer@test.local', 'influencer', 'approved');
  perform tests.create_user('pending-influencer@test.local', 'influencer', 'pending_approval');
  perform tests.create_user('admin@test.local', 'admin', 'approved');

  perform tests.create_campaign('business@test.local', 'Scarf');
  perform tests.create_campaign('business@test.local', 'Bag');
  perform tests.create_campaign('business@test.local', 'Hat');

  perform tests.create_keyword_trigger(tests.create_link('influencer@test.local', 'Scarf', 'approved'), 'SCARF');
  perform tests.create_keyword_trigger(tests.create_link('influencer@test.local', 'Hat', 'approved'), 'HAT', false);
  perform tests.create_keyword_trigger(tests.create_link('other-influencer@test.local', 'Bag', 'approved'), 'BAG');
  perform tests.create_link('other-influencer@test.local', 'Scarf', 'approved');
end
$$;

select count(*) as total_triggers from public.keyword_triggers \gset

-- The trigger of the influencer's link to the named campaign.
create function tests.trigger_id(p_influencer_email text, p_product_name text) returns uuid
language sql stable security definer set search_path = ''
as $$
  select id from public.keyword_triggers where affiliate_link_id = tests.link_id(p_influencer_email, p_product_name)
$$;
grant execute on function tests.trigger_id(text, text) to anon, authenticated, service_role;

-- The write statements every client below tries, against a trigger of the named influencer.
create function tests.keyword_trigger_writes(p_influencer_email text, p_product_name text)
returns table (label text, statement text)
language sql
as $$
  values
    ('insert a trigger',
     format($q$insert into public.keyword_triggers (affiliate_link_id, influencer_id, campaign_id, keyword, dm_template_text)
               values (%L, %L, %L, 'FREEBIE', 'Free stuff')$q$,
            tests.link_id(p_influencer_email, p_product_name), tests.user_id(p_influencer_email),
            tests.campaign_id(p_product_name))),
    ('update the keyword of a trigger',
     format($q$update public.keyword_triggers set keyword = 'RENAMED' where id = %L$q$,
            tests.trigger_id(p_influencer_email, p_product_name))),
    ('reactivate a trigger',
     format($q$update public.keyword_triggers set is_active = true where id = %L$q$,
            tests.trigger_id(p_influencer_email, p_product_name))),
    ('delete a trigger',
     format($q$delete from public.keyword_triggers where id = %L$q$,
            tests.trigger_id(p_influencer_email, p_product_name)))
$$;
grant execute on function tests.keyword_trigger_writes(text, text) to anon, authenticated, service_role;

-- anon: no privilege at all --------------------------------------------------------------------

select tests.act_as_anon();
select throws_ok($$select * from public.keyword_triggers$$, '42501', 'permission denied for table keyword_triggers',
  'anon cannot select from public.keyword_triggers');
select throws_ok(w.statement, '42501', 'permission denied for table keyword_triggers', 'anon cannot ' || w.label)
  from tests.keyword_trigger_writes('influencer@test.local', 'Scarf') as w;

-- approved influencer: reads their own, writes nothing -------------------------------------------

select tests.authenticate_as('influencer@test.local');
select results_eq($$select keyword, is_active from public.keyword_triggers order by 1$$,
  $$values ('HAT'::text, false), ('SCARF', true)$$,
  'an influencer reads exactly their own keyword triggers, active and ended');
select is_empty(
  format('select * from public.keyword_triggers where id = %L', tests.trigger_id('other-influencer@test.local', 'Bag')),
  'an influencer cannot read another influencer''s keyword trigger');
select throws_ok(w.statement, '42501', 'permission denied for table keyword_triggers',
    'an influencer cannot ' || w.label || ' of their own')
  from tests.keyword_trigger_writes('influencer@test.local', 'Hat') as w;
select throws_ok(w.statement, '42501', 'permission denied for table keyword_triggers',
    'an influencer cannot ' || w.label || ' of another influencer')
  from tests.keyword_trigger_writes('other-influencer@test.local', 'Bag') as w;

select tests.authenticate_as('other-influencer@test.local');
select results_eq($$select keyword from public.keyword_triggers$$, array['BAG'],
  'the other influencer reads only their own keyword trigger');

-- pending influencer and business: nothing ---------------------------------------------------------

select tests.authenticate_as('pending-influencer@test.local');
select is_empty($$select * from public.keyword_triggers$$, 'a pending influencer reads no keyword trigger');

select tests.authenticate_as('business@test.local');
select is_empty($$select * from public.keyword_triggers$$,
  'a business reads no keyword trigger, not even those of links to its own campaigns');
select throws_ok(w.statement, '42501', 'permission denied for table keyword_triggers', 'a business cannot ' || w.label)
  from tests.keyword_trigger_writes('influencer@test.local', 'Scarf') as w;

-- approved admin: reads every trigger, writes nothing ----------------------------------------------

select tests.authenticate_as('admin@test.local');
select is((select count(*) from public.keyword_triggers), :total_triggers::bigint,
  'an approved admin reads every keyword trigger');
select results_eq(
  $$select keyword from public.keyword_triggers
    where influencer_id in (select id from public.users where email like '%@test.local') order by 1$$,
  array['BAG', 'HAT', 'SCARF'], 'an approved admin reads the triggers of both influencers');
select throws_ok(w.statement, '42501', 'permission denied for table keyword_triggers', 'an admin cannot ' || w.label)
  from tests.keyword_trigger_writes('influencer@test.local', 'Scarf') as w;

-- service_role --------------------------------------------------------------------------------------

select tests.act_as_service_role();
select is((select count(*) from public.keyword_triggers), :total_triggers::bigint,
  'service_role reads every keyword trigger');

select tests.act_as_owner();
select results_eq(
  $$select keyword, is_active, dm_template_text like 'Order here:%' from public.keyword_triggers
    where influencer_id in (select id from public.users where email like '%@test.local') order by 1$$,
  $$values ('BAG'::text, true, true), ('HAT', false, true), ('SCARF', true, true)$$,
  'the refused writes changed nothing');

select * from finish();
rollback;
