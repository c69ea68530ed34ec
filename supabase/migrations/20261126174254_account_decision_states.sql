-- account decision states: the enum values the migration after it (account_decisions) uses. Written by
-- hand: a value added by ALTER TYPE ... ADD VALUE cannot be used in the transaction that adds it,
-- and each migration runs in one transaction, so the values come first, on their own.

alter type public.account_status add value if not exists 'suspended';
alter type public.session_end_reason add value if not exists 'suspended';
alter type public.payout_status add value if not exists 'cancelled';
alter type public.payout_status add value if not exists 'rejected';
alter type public.audit_action add value if not exists 'user.suspend';
alter type public.audit_action add value if not exists 'user.reinstate';
alter type public.audit_action add value if not exists 'payout.reject';
alter type public.audit_action add value if not exists 'payout.reference_correct';
alter type public.instagram_skip_reason add value if not exists 'account_suspended';
