-- An admin's call to confirm an order is audited (issue 28): an audit action of its own, added in a
-- migration of its own before any statement uses it.
alter type public.audit_action add value if not exists 'order.confirmation_call';
