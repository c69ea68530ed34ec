-- The scheduled jobs the migration creates: the daily Instagram token refresh and the Telegram
-- outbox drain every minute, each calling its function with the project URL and the secret key
-- from Vault, the key in the `apikey` header only (a secret key is not a JWT), with an explicit
-- timeout. Each job's command is run here, and the request it queues (net.http_request_queue, the
-- same table in pg_net and in the local stand-in) is what is checked; nothing is sent, since the
-- transaction is rolled back.
begin;
\ir helpers.psql

select plan(14);

-- The Vault secrets a project sets once (README); created here when this database has none.
do $$
begin
  if not exists (select from vault.decrypted_secrets where name = 'project_url') then
    perform vault.create_secret('https://project-ref.supabase.co', 'project_url');
  end if;
  if not exists (select from vault.decrypted_secrets where name = 'secret_key') then
    perform vault.create_secret('sb_secret_pgtap', 'secret_key');
  end if;
end
$$;

create function tests.vault(p_name text) returns text
language sql stable
as $$ select decrypted_secret from vault.decrypted_secrets where name = p_name $$;

-- Runs the job's command as the job's user would and returns the request it queued.
create function tests.queued_by(p_job text) returns net.http_request_queue
language plpgsql
as $$
declare
  request_id bigint;
  request net.http_request_queue;
begin
  execute (select command from cron.job where jobname = p_job) into request_id;
  select * into request from net.http_request_queue where id = request_id;
  return request;
end
$$;

select is(
  (select schedule from cron.job where jobname = 'refresh-instagram-tokens'), '0 3 * * *',
  'the token refresh runs daily at 03:00 UTC');
select is(
  (select schedule from cron.job where jobname = 'drain-telegram-outbox'), '* * * * *',
  'the outbox drain runs every minute');
select is(
  (select count(*)::int from cron.job where jobname in ('refresh-instagram-tokens', 'drain-telegram-outbox') and active),
  2, 'both jobs are active');

create temporary table refresh_request as select * from tests.queued_by('refresh-instagram-tokens');
create temporary table drain_request as select * from tests.queued_by('drain-telegram-outbox');

select is((select url from refresh_request), tests.vault('project_url') || '/functions/v1/instagram-webhook/refresh-tokens',
  'the refresh calls instagram-webhook/refresh-tokens at the project URL from Vault');
select is((select method from refresh_request), 'POST', 'the refresh is a POST');
select is((select headers ->> 'apikey' from refresh_request), tests.vault('secret_key'),
  'the refresh sends the secret key from Vault as apikey');
select is(
  (select count(*)::int from refresh_request, jsonb_object_keys(headers) as header where lower(header) = 'authorization'),
  0, 'the refresh sends no Authorization header');
select is((select timeout_milliseconds from refresh_request), 60000, 'the refresh has an explicit 60 s timeout');

select is((select url from drain_request), tests.vault('project_url') || '/functions/v1/telegram-webhook/drain',
  'the drain calls telegram-webhook/drain at the project URL from Vault');
select is((select method from drain_request), 'POST', 'the drain is a POST');
select is((select headers ->> 'apikey' from drain_request), tests.vault('secret_key'),
  'the drain sends the secret key from Vault as apikey');
select is(
  (select count(*)::int from drain_request, jsonb_object_keys(headers) as header where lower(header) = 'authorization'),
  0, 'the drain sends no Authorization header');
select is((select timeout_milliseconds from drain_request), 15000, 'the drain has an explicit 15 s timeout, under its minute');

select is(
  (select count(*)::int from cron.job where command ilike '%service_role%' or command ilike '%bearer%'),
  0, 'no job uses a service_role key or a bearer token');

select * from finish();
rollback;
