-- Customers follow their order on Telegram (issue 28): a notice kind of its own for an order's new
-- status, added in a migration of its own before any statement uses it.
alter type public.telegram_notice_kind add value if not exists 'order_status';
