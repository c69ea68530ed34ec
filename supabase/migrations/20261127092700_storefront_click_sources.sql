-- Where a click came from, for Facebook and the storefronts (issue 30): a Facebook comment's
-- private reply (fb_comment), a Messenger reply (fb_dm) and an influencer's storefront (store).
-- Added in a migration of their own before any statement uses them.
alter type public.click_source add value if not exists 'fb_comment';
alter type public.click_source add value if not exists 'fb_dm';
alter type public.click_source add value if not exists 'store';
