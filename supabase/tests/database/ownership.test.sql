-- Migrations run as hosted runs them: as `postgres`, which is not a superuser. So no table,
-- view, function or sequence of ours belongs to a superuser, and this session (pg_prove connects
-- as the migrations' role) cannot do what only a superuser can.
begin;
\ir helpers.psql

select plan(7);

select is(current_user::text, 'postgres', 'the tests run as the migrations'' role');
select ok(not (select rolsuper from pg_roles where rolname = current_user), 'postgres is not a superuser');

select is(
  (select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
   join pg_roles r on r.oid = c.relowner
   where n.nspname in ('public', 'private') and c.relkind in ('r', 'v', 'm', 'S', 'p') and r.rolsuper),
  0::bigint, 'no table, view or sequence of public or private is owned by a superuser');
select is(
  (select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where n.nspname = 'public' and c.relkind = 'r' and pg_get_userbyid(c.relowner) = 'postgres'),
  (select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where n.nspname = 'public' and c.relkind = 'r'),
  'every public table is owned by postgres');
select is(
  (select count(*) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
   join pg_roles r on r.oid = p.proowner
   where n.nspname in ('public', 'private') and r.rolsuper),
  0::bigint, 'no function of public or private (security definer ones included) runs as a superuser');

-- What hosted refuses postgres, refused here too.
select throws_ok('create extension if not exists file_fdw', '42501', null,
  'an untrusted extension cannot be created');
select throws_ok('alter role postgres superuser', '42501', null, 'postgres cannot make itself a superuser');

select * from finish();
rollback;
