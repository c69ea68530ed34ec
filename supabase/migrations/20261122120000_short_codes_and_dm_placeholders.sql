-- Short links and DM templates with placeholders (Instagram keyword automation).
--
-- An approved link gets a short code: the app serves APP_URL/r/<code>, which redirects to the
-- checkout and records the click. The keyword trigger's DM template now holds {product} and
-- {link} instead of a fixed URL: the reply is filled when it is sent, with the short link, so an
-- influencer can reword it without breaking the link. The link URL the approval used to take is
-- therefore gone from decide_affiliate_link.

-- short codes ---------------------------------------------------------------------------------------

alter table public.affiliate_links
  add column short_code text unique check (short_code ~ '^[A-Za-z0-9]{7}$');
comment on column public.affiliate_links.short_code is 'Set on approval: APP_URL/r/<short_code> leads to the checkout.';

-- Seven letters and digits from a random uuid (62^7, about 3.5e12 codes): short enough to read
-- out, too many to guess one another's. A collision, unlikely as it is, is simply drawn again.
create function private.new_short_code() returns text
language plpgsql volatile security definer set search_path = ''
as $$
declare
  code text;
begin
  loop
    code := left(translate(encode(uuid_send(gen_random_uuid()), 'base64'), '+/=', ''), 7);
    exit when length(code) = 7
      and not exists (select 1 from public.affiliate_links where short_code = code);
  end loop;
  return code;
end
$$;
revoke execute on function private.new_short_code() from public;

update public.affiliate_links set short_code = private.new_short_code() where status = 'approved';

-- DM templates with placeholders --------------------------------------------------------------------

create function private.default_dm_template() returns text
language sql immutable
as $$
  select E'សួស្តី! អរគុណដែលចាប់អារម្មណ៍លើ {product}។ កុម្ម៉ង់នៅទីនេះ ហើយបង់ប្រាក់ពេលទទួលទំនិញ៖ {link}\n\n'
    'Hi! Thanks for asking about {product}. Order here and pay cash on delivery: {link}'
$$;
comment on function private.default_dm_template() is 'The DM reply a new keyword trigger starts with: Khmer, then English; {product} and {link} are filled when it is sent.';
revoke execute on function private.default_dm_template() from public;

-- Existing templates hold the long checkout URL and the product name written out: both become
-- placeholders, and a template that somehow holds no link gets one at its end.
update public.keyword_triggers k
set dm_template_text = case when t.text like '%{link}%' then t.text else t.text || E'\n{link}' end
from (
  select k2.id,
    replace(
      regexp_replace(k2.dm_template_text, 'https?://\S*/checkout\?influencer_id=[0-9a-f-]{36}&product_id=[0-9a-f-]{36}', '{link}', 'g'),
      c.product_name, '{product}') as text
  from public.keyword_triggers k2
  join public.campaigns c on c.id = k2.campaign_id
) t
where t.id = k.id;

alter table public.keyword_triggers
  add constraint keyword_triggers_template_has_link check (dm_template_text like '%{link}%'),
  add constraint keyword_triggers_template_length check (char_length(dm_template_text) between 1 and 1000);

drop function public.decide_affiliate_link(uuid, text, text);
drop function private.default_dm_template(text, text);

create function public.decide_affiliate_link(p_link_id uuid, p_decision text)
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
  end if;
  return link;
end
$$;
comment on function public.decide_affiliate_link is 'An admin approves (within the cap of 10 per campaign, giving the link its short code and keyword trigger) or rejects a pending link.';
revoke execute on function public.decide_affiliate_link from public, anon;
grant execute on function public.decide_affiliate_link to authenticated, service_role;
