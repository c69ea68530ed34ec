-- Demo data for local development: one approved demo business and one approved demo
-- influencer (password Demo1234! for both). The seed admin is made by `npm start` from
-- SEED_ADMIN_EMAIL / SEED_ADMIN_PASSWORD through private.create_admin. Idempotent.

insert into public.users (id, email, user_type, status, business_name, social_media_page, store_phone, decided_at)
values ('00000000-0000-4000-8000-00000000b001', 'business@example.com', 'business', 'approved',
        'Demo Boutique', 'https://www.facebook.com/demo.boutique.pp', '+85512345678', now())
on conflict do nothing;

insert into public.users (id, email, user_type, status, full_name, platform, social_media_page, decided_at)
values ('00000000-0000-4000-8000-00000000a001', 'influencer@example.com', 'influencer', 'approved',
        'Sreymom Chan', 'instagram', '@sreymom.styles', now())
on conflict do nothing;

insert into private.credentials (user_id, password_hash)
select id, extensions.crypt('Demo1234!', extensions.gen_salt('bf', 10))
from public.users
where id in ('00000000-0000-4000-8000-00000000b001', '00000000-0000-4000-8000-00000000a001')
on conflict do nothing;
