-- Rider links (issue 29): their audit actions and the rate-limited route of the rider's page, added
-- in a migration of their own before any statement uses them.
alter type public.audit_action add value if not exists 'courier.link_create';
alter type public.audit_action add value if not exists 'courier.link_revoke';
alter type private.public_route add value if not exists 'rider_page';
