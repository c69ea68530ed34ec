-- Click totals per link, kept by a trigger and published to Realtime, so dashboards update their
-- figures the moment a short link is clicked. link_clicks itself is not published: a change event
-- would carry every column, the visitor hash included. The stats paths still count link_clicks;
-- this table is the live signal (and a cheap total).

create table public.link_click_counts (
  affiliate_link_id uuid primary key references public.affiliate_links (id),
  influencer_id uuid not null references public.users (id),
  business_id uuid not null references public.users (id),
  clicks integer not null default 0 check (clicks >= 0),
  last_click_at timestamptz not null
);
comment on table public.link_click_counts is 'Clicks per short link, kept by a trigger on link_clicks: what Realtime tells the dashboards (no visitor hash).';

create index link_click_counts_influencer_id_idx on public.link_click_counts (influencer_id);
create index link_click_counts_business_id_idx on public.link_click_counts (business_id);

alter table public.link_click_counts enable row level security;
revoke all on public.link_click_counts from anon, authenticated, service_role;
grant select on public.link_click_counts to authenticated, service_role;

create policy "Influencers can read the click counts of their links" on public.link_click_counts
  for select to authenticated using (influencer_id = (select auth.uid()));
create policy "Businesses can read the click counts of their campaigns' links" on public.link_click_counts
  for select to authenticated using (business_id = (select auth.uid()));
create policy "Admins can read every click count" on public.link_click_counts
  for select to authenticated using ((select private.has_role('admin')));

create function private.count_link_click() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  insert into public.link_click_counts (affiliate_link_id, influencer_id, business_id, clicks, last_click_at)
  values (new.affiliate_link_id, new.influencer_id, new.business_id, 1, new.created_at)
  on conflict (affiliate_link_id) do update
  set clicks = public.link_click_counts.clicks + 1, last_click_at = excluded.last_click_at;
  return null;
end
$$;
revoke execute on function private.count_link_click() from public;

create trigger link_clicks_count after insert on public.link_clicks
  for each row execute function private.count_link_click();

insert into public.link_click_counts (affiliate_link_id, influencer_id, business_id, clicks, last_click_at)
select affiliate_link_id, influencer_id, business_id, count(*), max(created_at)
from public.link_clicks group by affiliate_link_id, influencer_id, business_id;

alter publication supabase_realtime add table public.link_click_counts;
