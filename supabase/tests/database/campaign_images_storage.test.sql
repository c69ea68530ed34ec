-- The campaign-images bucket and storage.objects: the bucket is public (reads go through its
-- public URL), and no client role may write an object at all. Only the api function stores
-- campaign images, as service_role, after it has checked the caller and sniffed the bytes, so a
-- business calling Storage directly cannot store an `evil.html` labelled image/png.
-- Inserts carry no RETURNING, as the Storage API (and the local stand-in) does for a plain upload.
begin;
\ir helpers.psql

select plan(19);

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

-- the bucket, and no policy -----------------------------------------------------------------------

select results_eq(
  $$select name, public, file_size_limit, allowed_mime_types from storage.buckets where id = 'campaign-images'$$,
  $$values ('campaign-images'::text, true, 10485760::bigint, array['image/png', 'image/jpeg', 'image/gif', 'image/webp'])$$,
  'campaign-images is a public bucket with a 10 MB limit and only PNG, JPEG, GIF and WebP');
select policies_are('storage', 'objects', array[]::name[],
  'storage.objects has no policy: no client role reads or writes objects through it');

-- every client role is refused, the approved business included ------------------------------------

select tests.authenticate_as('business@test.local');
select throws_ok(tests.upload_sql('campaign-images', tests.user_id('business@test.local') || '/x.png'),
  '42501', 'new row violates row-level security policy for table "objects"',
  'an approved business cannot upload directly, not even into its own folder');
select throws_ok(tests.upload_sql('campaign-images', tests.user_id('business@test.local') || '/evil.html'),
  '42501', 'new row violates row-level security policy for table "objects"',
  'an approved business cannot store an evil.html by calling Storage directly');
select throws_ok(tests.upload_sql('private-docs', tests.user_id('business@test.local') || '/x.png'),
  '42501', 'new row violates row-level security policy for table "objects"',
  'an approved business cannot upload into another bucket either');
select is_empty($$select * from storage.objects$$,
  'no client lists objects through the table (the bucket is read by public URL)');
select results_eq(
  $$with changed as (update storage.objects set metadata = '{}' returning id) select count(*) from changed$$,
  array[0::bigint], 'a business cannot overwrite an object''s row (0 rows)');
select results_eq(
  $$with removed as (delete from storage.objects returning id) select count(*) from removed$$,
  array[0::bigint], 'a business cannot delete an object''s row (0 rows)');

select tests.authenticate_as('pending-business@test.local');
select throws_ok(tests.upload_sql('campaign-images', tests.user_id('pending-business@test.local') || '/x.png'),
  '42501', 'new row violates row-level security policy for table "objects"', 'a pending business cannot upload');

select tests.authenticate_as('influencer@test.local');
select throws_ok(tests.upload_sql('campaign-images', tests.user_id('influencer@test.local') || '/x.png'),
  '42501', 'new row violates row-level security policy for table "objects"', 'an approved influencer cannot upload');

select tests.authenticate_as('admin@test.local');
select throws_ok(tests.upload_sql('campaign-images', tests.user_id('admin@test.local') || '/x.png'),
  '42501', 'new row violates row-level security policy for table "objects"', 'an approved admin cannot upload');
select is_empty($$select * from storage.objects$$, 'an admin lists no object through the table either');

select tests.authenticate_as_id(gen_random_uuid());
select throws_ok(tests.upload_sql('campaign-images', (select auth.uid()) || '/x.png'),
  '42501', 'new row violates row-level security policy for table "objects"', 'a token without an account cannot upload');

select tests.act_as_anon();
select throws_ok(tests.upload_sql('campaign-images', 'anon.png'),
  '42501', 'new row violates row-level security policy for table "objects"', 'anon cannot upload');
select is_empty($$select * from storage.objects$$, 'anon lists no object through the table');

-- the api function stores, as service_role -----------------------------------------------------------

select tests.act_as_service_role();
select lives_ok(tests.upload_sql('campaign-images', tests.user_id('business@test.local') || '/checked.png'),
  'service_role (the api function, after its checks) stores an image in the business''s folder');
select is((select count(*) from storage.objects), :total_objects::bigint + 1,
  'service_role reads every object');

select tests.act_as_owner();
select is((select count(*) from storage.objects o join public.users u on u.id::text = (storage.foldername(o.name))[1]
           where u.email like '%@test.local'), 1::bigint,
  'the only stored object of the fixtures is the one service_role stored');
select is((select owner from storage.objects where name like '%/checked.png'), null::uuid,
  'service_role''s upload is stored without an owner');

select * from finish();
rollback;
