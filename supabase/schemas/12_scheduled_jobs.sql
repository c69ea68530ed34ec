-- Scheduled jobs that run in the database alone (no HTTP call). The extensions and the local
-- stand-ins are set up in 08_keyword_automation.sql ("scheduled jobs"), whose notes apply here: pg_cron
-- runs each command as the job's owner, in UTC; cron.schedule(name, ...) replaces a job of the
-- same name.

-- Every 10 minutes: orders left unconfirmed longer than the admin's unconfirmed_cancel_hours are
-- cancelled as customer_unreachable (private.cancel_unconfirmed_orders, 05_orders.sql; nothing
-- while the setting is 0). A run takes at most 500 orders, so a backlog clears over a few runs
-- without one long lock.
select cron.schedule(
  'cancel-unconfirmed-orders',
  '*/10 * * * *',
  $job$ select private.cancel_unconfirmed_orders() $job$
);

-- Every day at 08:00 in Phnom Penh (01:00 UTC): the admins' Telegram names the couriers holding a
-- delivery's cash longer than courier_remit_days (private.remind_couriers_cash, 09_telegram.sql);
-- the outbox's own job sends it within the minute.
select cron.schedule(
  'remind-couriers-cash',
  '0 1 * * *',
  $job$ select private.remind_couriers_cash() $job$
);
