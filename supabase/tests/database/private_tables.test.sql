-- private.credentials, private.login_failures and private.signup_attempts: no client role (anon, a signed-in user, an
-- approved admin, service_role) can read or write them directly; only the security definer
-- functions of the accounts migration touch them.
begin;
\ir helpers.psql

select plan(54);

do $$
begin
  perform tests.create_user('business@test.local', 'business', 'approved');
  perform tests.create_user('admin@test.local', 'admin', 'approved');
  insert into private.login_failures (email, client_ip) values ('business@test.local', '203.0.113.7');
end
$$;
select string_agg(password_hash, ',' order by user_id) as hashes
  from private.credentials \gset
select count(*) as failure_rows from private.login_failures \gset

-- Every command against both tables; each must fail with permission denied (42501).
create function tests.private_table_statements() returns table (label text, statement text)
language sql
as $$
  values
    ('select private.credentials', 'select * from private.credentials'),
    ('insert into private.credentials',
     format($q$insert into private.credentials (user_id, password_hash) values (%L, 'x')$q$,
            tests.user_id('business@test.local'))),
    ('update private.credentials', $q$update private.credentials set password_hash = 'x'$q$),
    ('delete from private.credentials', 'delete from private.credentials'),
    ('truncate private.credentials', 'truncate private.credentials'),
    ('select private.login_failures', 'select * from private.login_failures'),
    ('insert into private.login_failures',
     $q$insert into private.login_failures (email, client_ip) values ('x@test.local', '198.51.100.1')$q$),
    ('update private.login_failures', $q$update private.login_failures set failed_at = now() - interval '1 year'$q$),
    ('delete from private.login_failures', 'delete from private.login_failures'),
    ('truncate private.login_failures', 'truncate private.login_failures'),
    ('select private.signup_attempts', 'select * from private.signup_attempts'),
    ('insert into private.signup_attempts', $q$insert into private.signup_attempts (client_ip) values ('198.51.100.1')$q$),
    ('delete from private.signup_attempts', 'delete from private.signup_attempts')
$$;
grant execute on function tests.private_table_statements() to anon, authenticated, service_role;

select tests.act_as_anon();
select throws_ok(statement, '42501', null, 'anon cannot ' || label)
  from tests.private_table_statements();

select tests.authenticate_as('business@test.local');
select throws_ok(statement, '42501', null, 'an authenticated user cannot ' || label)
  from tests.private_table_statements();

select tests.authenticate_as('admin@test.local');
select throws_ok(statement, '42501', null, 'an approved admin cannot ' || label)
  from tests.private_table_statements();

select tests.act_as_service_role();
select throws_ok(statement, '42501', null, 'service_role cannot ' || label || ' (it uses the functions)')
  from tests.private_table_statements();

select tests.act_as_owner();
select is((select string_agg(password_hash, ',' order by user_id) from private.credentials), :'hashes',
  'private.credentials is unchanged');
select is((select count(*) from private.login_failures), :failure_rows::bigint,
  'private.login_failures is unchanged');

select * from finish();
rollback;
