-- The default Instagram DM reply of an approved link, in Khmer and English: a follower who sends
-- the keyword may read either, and the reply is one message. Stored per trigger, so an
-- influencer's own template (a later change) replaces it; existing triggers keep their text.

create function private.default_dm_template(p_product_name text, p_link_url text)
returns text
language sql immutable
as $$
  select format(
    E'សួស្តី! អរគុណដែលចាប់អារម្មណ៍លើ %1$s។ កុម្ម៉ង់នៅទីនេះ ហើយបង់ប្រាក់ពេលទទួលទំនិញ៖ %2$s\n\n'
    'Hi! Thanks for asking about %1$s. Order here and pay cash on delivery: %2$s',
    p_product_name, p_link_url)
$$;
comment on function private.default_dm_template is 'The DM reply a new keyword trigger starts with: Khmer, then English, with the product and the link.';
revoke execute on function private.default_dm_template(text, text) from public;

create or replace function public.decide_affiliate_link(p_link_id uuid, p_decision text, p_link_url text)
returns public.affiliate_links
language plpgsql security definer set search_path = ''
as $$
declare
  link public.affiliate_links;
  campaign public.campaigns;
  approved_count int;
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can approve or reject links' using errcode = '42501';
  end if;
  if p_decision is null or p_decision not in ('approved', 'rejected') then
    raise exception 'decision must be approved or rejected' using errcode = '22023';
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
  end if;

  if p_decision = 'approved' then
    if coalesce(trim(p_link_url), '') = '' then
      raise exception 'link url is required' using errcode = '22023';
    end if;
    -- Keywords are unique per influencer across campaigns: approvals for one influencer queue
    -- here so two of them cannot both pick the same free keyword.
    perform pg_advisory_xact_lock(hashtextextended('keyword_triggers:' || link.influencer_id::text, 0));
  end if;

  update public.affiliate_links
  set status = p_decision::public.link_status, decided_at = now(), decided_by = (select auth.uid())
  where id = p_link_id
  returning * into link;

  if p_decision = 'approved' then
    insert into public.keyword_triggers (affiliate_link_id, influencer_id, campaign_id, keyword, dm_template_text)
    select link.id, link.influencer_id, link.campaign_id, kw,
      private.default_dm_template(campaign.product_name, p_link_url)
    from private.next_keyword(link.influencer_id, campaign.product_name) as kw;
  end if;
  return link;
end
$$;
