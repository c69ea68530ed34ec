-- The campaign-images bucket and storage.objects: the bucket is public (reads go through its
-- public URL), and only an approved business may upload, into the folder named by its own id.
-- Inserts carry no RETURNING, as the Storage API (and the local stand-in) does for a plain upload.
begin;
\ir helpers.psql

select plan(27);

-- fixtures --------------------------------------------------------------------------------------

do $$
begin
  perform tests.create_user('business@test.local', 'business', 'approved');
  perform tests.create_user('other-business@test.local', 'business', 'approved');
  perform tests.create_user('pending-business@test.local', 'business', 'pending_approval');
  perform tests.create_user('influencer@test.local', 'influencer', 'approved');
  perform tests.create_user('admin@test.local', 'admin', 'approved');
  insert into storage.buckets (id, name, public) values ('private-docs', 'private-docs', false);
end
$$;

select count(*) as total_objects from storage.objects \gset

-- An upload of one object by the caller: bucket and object name, owner from the token.
create function tests.upload_sql(p_bucket text, p_name text) returns text
language sql
as $$
  select format($q$insert into storage.objects (bucket_id, name, owner, metadata)
                   values (%L, %L, (select auth.uid()), '{"mimetype": "image/png", "size": 68}')$q$,
                p_bucket, p_name)
$$;
grant execute on function tests.upload_sql(text, text) to anon, authenticated, service_role;

-- the bucket and the policy ------------------------------------------------------------------------

select results_eq(
  $$select name, public, file_size_limit, allowed_mime_types from storage.buckets where id = 'campaign-images'$$,
  $$values ('campaign-images'::text, true, 10485760::bigint, array['image/png', 'image/jpeg', 'image/gif'])$$,
  'campaign-images is a public bucket with a 10 MB limit and only PNG, JPEG and GIF');
select policies_are('storage', 'objects',
  array['Approved businesses can upload images to their own folder'],
  'storage.objects has exactly the upload policy');
select policy_cmd_is('storage', 'objects', 'Approved businesses can upload images to their own folder',
  'insert', 'the upload policy is for insert');
select policy_roles_are('storage', 'objects', 'Approved businesses can upload images to their own folder',
  array['authenticated'], 'the upload policy applies to authenticated only');

-- approved business: its own folder only ----------------------------------------------------------

select tests.authenticate_as('business@test.local');

select lives_ok(tests.upload_sql('campaign-images', tests.user_id('business@test.local') || '/x.png'),
  'an approved business uploads into its own folder');
select lives_ok(tests.upload_sql('campaign-images', tests.user_id('business@test.local') || '/2026/12/y.png'),
  'an approved business uploads into a subfolder of its own folder');
select throws_ok(tests.upload_sql('campaign-images', tests.user_id('other-business@test.local') || '/x.png'),
  '42501', 'new row violates row-level security policy for table "objects"',
  'an approved business cannot upload into another business''s folder');
select throws_ok(tests.upload_sql('campaign-images', 'x.png'),
  '42501', 'new row violates row-level security policy for table "objects"',
  'an approved business cannot upload outside any folder');
select throws_ok(tests.upload_sql('campaign-images', tests.user_id('business@test.local') || '-copy/x.png'),
  '42501', 'new row violates row-level security policy for table "objects"',
  'a folder that only starts with the business''s id is not its folder');
select throws_ok(tests.upload_sql('campaign-images', 'logos/' || tests.user_id('business@test.local') || '/x.png'),
  '42501', 'new row violates row-level security policy for table "objects"',
  'the business''s id must be the first folder, not a deeper one');
select throws_ok(tests.upload_sql('private-docs', tests.user_id('business@test.local') || '/x.png'),
  '42501', 'new row violates row-level security policy for table "objects"',
  'an approved business cannot upload into another bucket, even in a folder named by its id');

select is_empty($$select * from storage.objects$$,
  'no client lists objects through the table (no select policy; the bucket is read by public URL)');
select results_eq(
  $$with changed as (update storage.objects set metadata = '{}' returning id) select count(*) from changed$$,
  array[0::bigint], 'a business cannot overwrite an uploaded object''s row (no update policy, 0 rows)');
select results_eq(
  $$with removed as (delete from storage.objects returning id) select count(*) from removed$$,
  array[0::bigint], 'a business cannot delete an uploaded object''s row (no delete policy, 0 rows)');

-- every other client role is refused ------------------------------------------------------------

select tests.authenticate_as('pending-business@test.local');
select throws_ok(tests.upload_sql('campaign-images', tests.user_id('pending-business@test.local') || '/x.png'),
  '42501', 'new row violates row-level security policy for table "objects"',
  'a pending business cannot upload, not even into its own folder');

select tests.authenticate_as('influencer@test.local');
select throws_ok(tests.upload_sql('campaign-images', tests.user_id('influencer@test.local') || '/x.png'),
  '42501', 'new row violates row-level security policy for table "objects"',
  'an approved influencer cannot upload into its own folder');
select throws_ok(tests.upload_sql('campaign-images', tests.user_id('business@test.local') || '/z.png'),
  '42501', 'new row violates row-level security policy for table "objects"',
  'an approved influencer cannot upload into a business''s folder');

select tests.authenticate_as('admin@test.local');
select throws_ok(tests.upload_sql('campaign-images', tests.user_id('admin@test.local') || '/x.png'),
  '42501', 'new row violates row-level security policy for table "objects"',
  'an approved admin cannot upload campaign images');
select is_empty($$select * from storage.objects$$, 'an admin lists no object through the table either');

select tests.authenticate_as_id(gen_random_uuid());
select throws_ok(tests.upload_sql('campaign-images', (select auth.uid()) || '/x.png'),
  '42501', 'new row violates row-level security policy for table "objects"',
  'a token whose sub has no account cannot upload into the folder named by that sub');

select tests.act_as_anon();
select throws_ok(tests.upload_sql('campaign-images', tests.user_id('business@test.local') || '/anon.png'),
  '42501', 'new row violates row-level security policy for table "objects"',
  'anon cannot upload into a business''s folder');
select throws_ok(tests.upload_sql('campaign-images', 'anon.png'),
  '42501', 'new row violates row-level security policy for table "objects"',
  'anon cannot upload outside any folder');
select is_empty($$select * from storage.objects$$, 'anon lists no object through the table');

-- service_role bypasses RLS ------------------------------------------------------------------------

select tests.act_as_service_role();
select lives_ok(tests.upload_sql('campaign-images', tests.user_id('other-business@test.local') || '/seed.png'),
  'service_role uploads into any folder');
select is((select count(*) from storage.objects), :total_objects::bigint + 3,
  'service_role reads every object (the business''s two and its own)');

-- only the allowed uploads were stored ------------------------------------------------------------

select tests.act_as_owner();
select results_eq(
  $$select o.bucket_id, replace(o.name, o.owner::text, '<owner>'), u.email
    from storage.objects o join public.users u on u.id = o.owner
    where u.email like '%@test.local' order by o.name$$,
  $$values ('campaign-images'::text, '<owner>/2026/12/y.png'::text, 'business@test.local'::text),
           ('campaign-images', '<owner>/x.png', 'business@test.local')$$,
  'the only objects with an owner are the business''s two allowed uploads, in its own folder');
select is(
  (select count(*) from storage.objects where owner is null
     and name = (select id::text from public.users where email = 'other-business@test.local') || '/seed.png'),
  1::bigint, 'service_role''s upload is stored without an owner');

select * from finish();
rollback;
