-- Couriers are audited (issue 29): their actions and target type, added in a migration of their own
-- before any statement uses them.
alter type public.audit_action add value if not exists 'courier.create';
alter type public.audit_action add value if not exists 'courier.update';
alter type public.audit_action add value if not exists 'order.courier_assign';
alter type public.audit_target_type add value if not exists 'courier';
