-- Shop names and decisions people can understand (issue 14, part 5).
--
-- A business names its shop at signup (or later in its profile): users.business_name, trimmed,
-- 1-100 characters, businesses only, and now a column the owner may update.
--
-- Rejecting an account or a link needs a reason of 1-500 characters, which the rejected person
-- reads. An account's reason is a column of public.users, which only the account itself and admins
-- can read. A link's reason lives in its own table, because businesses read the links to their
-- campaigns (and receive them over Realtime) but must not read why an influencer was turned down.
-- Approving stores no reason.

-- shop names ---------------------------------------------------------------------------------------

alter table public.users
  add constraint users_business_name_length check (
    business_name is null or (char_length(business_name) between 1 and 100 and business_name = btrim(business_name))
  ),
  add constraint users_business_name_only_for_businesses check (business_name is null or user_type = 'business');

grant update (business_name) on public.users to authenticated;

drop function private.register_user(text, text, text, text, text, text, text);

create function private.register_user(
  p_email text,
  p_password text,
  p_user_type text,
  p_social_media_page text default null,
  p_store_phone text default null,
  p_full_name text default null,
  p_platform text default null,
  p_business_name text default null
) returns public.users
language plpgsql security definer set search_path = ''
as $$
declare
  new_user public.users;
begin
  -- No path leads to an admin account: those are made by private.create_admin only.
  if p_user_type is null or p_user_type not in ('business', 'influencer') then
    raise exception 'user_type must be business or influencer' using errcode = '22023';
  end if;
  insert into public.users (email, user_type, social_media_page, store_phone, full_name, platform, business_name)
  values (lower(trim(p_email)), p_user_type::public.user_type, p_social_media_page, p_store_phone, p_full_name,
    p_platform::public.social_platform, nullif(btrim(p_business_name), ''))
  returning * into new_user;
  insert into private.credentials (user_id, password_hash)
  values (new_user.id, extensions.crypt(p_password, extensions.gen_salt('bf', 10)));
  return new_user;
end
$$;
comment on function private.register_user is 'Creates a pending business (with its shop name when given) or influencer account with a bcrypt password.';
revoke execute on function private.register_user from public;
grant execute on function private.register_user to service_role;

-- account rejection reasons ------------------------------------------------------------------------

alter table public.users
  add column rejection_reason text,
  add constraint users_rejection_reason_length check (
    rejection_reason is null or char_length(btrim(rejection_reason)) between 1 and 500
  ),
  add constraint users_rejection_reason_only_when_rejected check (rejection_reason is null or status = 'rejected');
comment on column public.users.rejection_reason is 'Why an admin rejected the account; shown to the account itself. Null unless rejected.';

drop function public.set_user_status(uuid, text);

create function public.set_user_status(p_user_id uuid, p_status text, p_reason text default null)
returns public.users
language plpgsql security definer set search_path = ''
as $$
declare
  target public.users;
  v_reason text := nullif(btrim(p_reason), '');
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can approve or reject accounts' using errcode = '42501';
  end if;
  if p_status is null or p_status not in ('approved', 'rejected') then
    raise exception 'status must be approved or rejected' using errcode = '22023';
  end if;
  if p_status = 'rejected' and v_reason is null then
    raise exception 'A reason is required to reject an account' using errcode = '22023', column = 'reason';
  end if;
  if p_status = 'rejected' and char_length(v_reason) > 500 then
    raise exception 'Reason must be at most 500 characters' using errcode = '22023', column = 'reason';
  end if;
  select * into target from public.users where id = p_user_id for update;
  if not found then
    raise exception 'User not found' using errcode = 'P0002';
  end if;
  if target.status <> 'pending_approval' then
    raise exception 'User is already %', target.status using errcode = '55000';
  end if;
  update public.users
  set status = p_status::public.account_status, decided_at = now(), decided_by = (select auth.uid()),
      rejection_reason = case when p_status = 'rejected' then v_reason end
  where id = p_user_id
  returning * into target;
  return target;
end
$$;
comment on function public.set_user_status is 'An admin approves or rejects (with a reason) a pending account, once.';
revoke execute on function public.set_user_status from public, anon;
grant execute on function public.set_user_status to authenticated, service_role;

-- link rejection reasons ---------------------------------------------------------------------------

create table public.affiliate_link_rejections (
  affiliate_link_id uuid primary key references public.affiliate_links (id),
  -- Repeated from the link so the policy reads one indexed column.
  influencer_id uuid not null references public.users (id),
  reason text not null check (char_length(btrim(reason)) between 1 and 500),
  created_at timestamptz not null default now()
);
comment on table public.affiliate_link_rejections is 'Why an admin rejected a link application; readable by the influencer who applied and by admins, never by the business.';
create index affiliate_link_rejections_influencer_id_idx on public.affiliate_link_rejections (influencer_id);

alter table public.affiliate_link_rejections enable row level security;
revoke all on public.affiliate_link_rejections from anon, authenticated;
grant select on public.affiliate_link_rejections to authenticated;
grant all on public.affiliate_link_rejections to service_role;

create policy "Influencers can read why their links were rejected" on public.affiliate_link_rejections
  for select to authenticated using (influencer_id = (select auth.uid()));

create policy "Admins can read every link rejection" on public.affiliate_link_rejections
  for select to authenticated using ((select private.has_role('admin')));

-- The body of 20261122120000_short_codes_and_dm_placeholders.sql, plus the reason.
drop function public.decide_affiliate_link(uuid, text);

create function public.decide_affiliate_link(p_link_id uuid, p_decision text, p_reason text default null)
returns public.affiliate_links
language plpgsql security definer set search_path = ''
as $$
declare
  link public.affiliate_links;
  campaign public.campaigns;
  approved_count int;
  v_reason text := nullif(btrim(p_reason), '');
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can approve or reject links' using errcode = '42501';
  end if;
  if p_decision is null or p_decision not in ('approved', 'rejected') then
    raise exception 'decision must be approved or rejected' using errcode = '22023';
  end if;
  if p_decision = 'rejected' and v_reason is null then
    raise exception 'A reason is required to reject a link' using errcode = '22023', column = 'reason';
  end if;
  if p_decision = 'rejected' and char_length(v_reason) > 500 then
    raise exception 'Reason must be at most 500 characters' using errcode = '22023', column = 'reason';
  end if;
  select * into link from public.affiliate_links where id = p_link_id;
  if not found then
    raise exception 'Affiliate link not found' using errcode = 'P0002';
  end if;
  -- Lock the campaign first: concurrent approvals for one campaign queue here, so the cap of
  -- 10 approved links cannot be overrun.
  select * into campaign from public.campaigns where id = link.campaign_id for update;
  select * into link from public.affiliate_links where id = p_link_id for update;
  if link.status <> 'pending' then
    raise exception 'Affiliate link is already %', link.status using errcode = '55000';
  end if;
  if p_decision = 'approved' then
    if campaign.status <> 'active' then
      raise exception 'The campaign is no longer active' using errcode = '55000';
    end if;
    select count(*) into approved_count from public.affiliate_links
    where campaign_id = link.campaign_id and status = 'approved';
    if approved_count >= 10 then
      raise exception 'This campaign already has the maximum of 10 approved links' using errcode = '55000';
    end if;
    -- Keywords are unique per influencer across campaigns: approvals for one influencer queue
    -- here so two of them cannot both pick the same free keyword.
    perform pg_advisory_xact_lock(hashtextextended('keyword_triggers:' || link.influencer_id::text, 0));
  end if;

  update public.affiliate_links
  set status = p_decision::public.link_status, decided_at = now(), decided_by = (select auth.uid()),
      short_code = case when p_decision = 'approved' then private.new_short_code() end
  where id = p_link_id
  returning * into link;

  if p_decision = 'approved' then
    insert into public.keyword_triggers (affiliate_link_id, influencer_id, campaign_id, keyword, dm_template_text)
    select link.id, link.influencer_id, link.campaign_id, kw, private.default_dm_template()
    from private.next_keyword(link.influencer_id, campaign.product_name) as kw;
  else
    insert into public.affiliate_link_rejections (affiliate_link_id, influencer_id, reason)
    values (link.id, link.influencer_id, v_reason);
  end if;
  return link;
end
$$;
comment on function public.decide_affiliate_link is 'An admin approves (within the cap of 10 per campaign, giving the link its short code and keyword trigger) or rejects (with a reason) a pending link.';
revoke execute on function public.decide_affiliate_link from public, anon;
grant execute on function public.decide_affiliate_link to authenticated, service_role;
