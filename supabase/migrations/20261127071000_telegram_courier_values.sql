-- Influencers' and couriers' Telegram notices (issue 29, items 7 and 8): their kinds, added in a
-- migration of their own before any statement uses them.
alter type public.telegram_notice_kind add value if not exists 'order_outcome';
alter type public.telegram_notice_kind add value if not exists 'cash_remitted';
alter type public.telegram_notice_kind add value if not exists 'courier_cash_reminder';
