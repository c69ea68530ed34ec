-- Issue 15: the admin's User Approvals and Link Applications filter their keyset-paged lists by
-- status on the server. Leading with status keeps the (created_at desc, id desc) order inside each
-- status, so a filtered page (and the next page after a cursor) is one index range scan.
create index users_status_created_at_id_idx on public.users (status, created_at desc, id desc);

-- This index also serves the pending list, so the partial index of pending links is no longer needed.
create index affiliate_links_status_created_at_id_idx on public.affiliate_links (status, created_at desc, id desc);
drop index public.affiliate_links_pending_idx;
