-- The influencer's Telegram notice of an Instagram or Facebook connection Meta no longer accepts:
-- its kind, added in a migration of its own before any statement uses it.
alter type public.telegram_notice_kind add value if not exists 'connection_refused';
