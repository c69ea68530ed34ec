-- The scheduled job that cancels orders left unconfirmed is audited (issue 28): an audit action of
-- its own, added in a migration of its own before any statement uses it.
alter type public.audit_action add value if not exists 'order.auto_cancel';
