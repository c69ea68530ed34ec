-- Storefronts: every influencer's own page, APP_URL/s/<handle>, showing the approved links they
-- chose, in their order, for a bio link on TikTok, Facebook or Instagram (issue 30, item 4).
--
-- Rules this area keeps:
-- - The handle is users.store_handle (01_accounts.sql): 3 to 30 lower-case letters, digits, dots or
--   underscores, unique, influencers only; the influencer sets it through PUT /auth/profile.
-- - An influencer chooses only among their own approved links, each at most once, at most 50, and
--   only through public.set_storefront_links: no client role writes the table directly.
-- - What a visitor sees is decided when the page is read (api read-models/storefront.ts): a link
--   whose campaign stops taking orders drops out without anyone editing the choice, and comes back
--   if the campaign reopens. A suspended influencer's store is gone.

-- tables ------------------------------------------------------------------------------------------

create table public.storefront_links (
  affiliate_link_id uuid primary key references public.affiliate_links (id),
  influencer_id uuid not null references public.users (id),
  -- 1 is shown first.
  position smallint not null constraint storefront_links_position_check check (position between 1 and 50),
  constraint storefront_links_position_key unique (influencer_id, position)
);

comment on table public.storefront_links is 'The approved links an influencer shows on their storefront (APP_URL/s/<handle>), in order; written only by public.set_storefront_links.';

-- row level security and grants -------------------------------------------------------------------

alter table public.storefront_links enable row level security;
revoke all on public.storefront_links from anon, authenticated;
grant select on public.storefront_links to authenticated;
grant all on public.storefront_links to service_role;

create policy "Influencers can read their own storefront" on public.storefront_links
  for select to authenticated using (influencer_id = (select auth.uid()));
create policy "Admins can read every storefront" on public.storefront_links
  for select to authenticated using ((select private.has_role('admin')));

-- functions ---------------------------------------------------------------------------------------

-- The caller's storefront becomes exactly these links, in this order (an empty list clears it).
create or replace function public.set_storefront_links(p_link_ids uuid[])
returns setof public.storefront_links
language plpgsql security definer set search_path = ''
as $$
declare
  caller uuid := (select auth.uid());
  foreign_link uuid;
begin
  if not private.has_role('influencer') then
    raise exception 'Only approved influencers have a storefront' using errcode = '42501';
  end if;
  if p_link_ids is null or array_position(p_link_ids, null) is not null then
    raise exception 'link_ids must be a list of link ids' using errcode = '22023', column = 'link_ids';
  end if;
  if cardinality(p_link_ids) > 50 then
    raise exception 'A storefront shows at most 50 products' using errcode = '22023', column = 'link_ids';
  end if;
  if cardinality(p_link_ids) <> (select count(distinct link_id) from unnest(p_link_ids) as chosen (link_id)) then
    raise exception 'Each product can appear only once in the storefront' using errcode = '22023', column = 'link_ids';
  end if;
  select chosen.link_id into foreign_link
  from unnest(p_link_ids) as chosen (link_id)
  where not exists (
    select 1 from public.affiliate_links l
    where l.id = chosen.link_id and l.influencer_id = caller and l.status = 'approved'
  )
  limit 1;
  if found then
    raise exception 'Link % is not one of your approved links', foreign_link using errcode = '22023', column = 'link_ids';
  end if;

  -- Serialises two saves of one influencer (two tabs): the later one wins whole.
  perform 1 from public.users where id = caller for no key update;
  delete from public.storefront_links where influencer_id = caller;
  insert into public.storefront_links (affiliate_link_id, influencer_id, position)
  select chosen.link_id, caller, chosen.ord from unnest(p_link_ids) with ordinality as chosen (link_id, ord);
  return query select * from public.storefront_links where influencer_id = caller order by position;
end
$$;
comment on function public.set_storefront_links is 'An approved influencer shows exactly these of their approved links on their storefront, in this order (at most 50; an empty list clears it).';

revoke execute on function public.set_storefront_links(uuid[]) from public, anon;
grant execute on function public.set_storefront_links(uuid[]) to authenticated;
