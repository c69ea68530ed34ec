-- Scheduled jobs: the daily refresh of quiet Instagram accounts' tokens and the Telegram outbox
-- drain every minute, so `supabase db push` creates them in every environment (they used to be
-- SQL pasted into the dashboard, which a new environment lacked).
--
-- pg_cron runs each command in the database; pg_net sends the HTTP request after the command's
-- transaction commits, with an explicit timeout. Where and with what key comes from Vault, set
-- once per project (README, deploy steps):
--   project_url  https://<ref>.supabase.co
--   secret_key   a secret API key (sb_secret_...), sent ONLY as the `apikey` header: it is not a
--                JWT, so as `Authorization: Bearer` the gateway would refuse it ("Invalid JWT").
-- No legacy service_role JWT is involved. Until the two secrets exist a run has no URL and sends
-- nothing, and the functions refuse any call without a secret key.
--
-- Hosted Supabase has both extensions available (pg_cron in pg_catalog with its schema `cron`;
-- pg_net in `extensions` with its functions in schema `net`). The local stack has neither: its
-- bootstrap (local-stack/bootstrap.sql) creates stand-ins of cron, net and vault instead, and
-- local-stack/scheduler.ts runs the jobs and sends the requests, so this same file applies there.
do $$
begin
  if exists (select from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron with schema pg_catalog;
  end if;
  if exists (select from pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_net with schema extensions;
  end if;
end
$$;

-- cron.schedule(name, ...) replaces a job of the same name, so this migration can be re-run and
-- a later one can change a schedule by scheduling the name again.

-- Daily at 03:00 UTC. The refresh calls Meta once per ageing token: up to a minute for many.
select cron.schedule(
  'refresh-instagram-tokens',
  '0 3 * * *',
  $job$
  select net.http_post(
    url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
      || '/functions/v1/instagram-webhook/refresh-tokens',
    body := '{}'::jsonb,
    headers := jsonb_build_object(
      'content-type', 'application/json',
      'apikey', (select decrypted_secret from vault.decrypted_secrets where name = 'secret_key')
    ),
    timeout_milliseconds := 60000
  ) as request_id;
  $job$
);

-- Every minute: sends what is due (Telegram said "retry later", a worker stopped mid-send). A
-- run sends what is due now and returns; 15 s is far more than it takes and less than the minute.
select cron.schedule(
  'drain-telegram-outbox',
  '* * * * *',
  $job$
  select net.http_post(
    url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
      || '/functions/v1/telegram-webhook/drain',
    body := '{}'::jsonb,
    headers := jsonb_build_object(
      'content-type', 'application/json',
      'apikey', (select decrypted_secret from vault.decrypted_secrets where name = 'secret_key')
    ),
    timeout_milliseconds := 15000
  ) as request_id;
  $job$
);
