-- Where an order can go: Cambodia's provinces, districts (khan, srok, krong) and communes
-- (sangkat, khum) from the national gazetteer, with their official codes and their names in Latin
-- letters and in Khmer script, and the delivery fee and estimate to each.
--
-- The places are reference data: 04_zones_gazetteer.sql inserts them, generated from
-- supabase/data/gazetteer.json by `npm run gazetteer:sql` (docs/architecture.md, "Places: the
-- national gazetteer"); 04_zones_prices.sql sets the fees and estimates we start with. Codes nest:
-- a district's code is its province's two digits and two more, a commune's its district's four and
-- two more.
--
-- Fees (docs/product.md, "Delivery fees"):
-- - Phnom Penh is priced by sangkat: public.delivery_zones holds a fee for each of its communes.
-- - Every other province has one fee for all its communes (public.provinces.delivery_fee_cents).
-- - Each province has a delivery estimate in hours (delivery_hours_min to delivery_hours_max).
-- public.delivery_quote is the one rule that turns a commune into its fee and estimate; the
-- checkout (private.place_order, 05_orders.sql) charges it, never a fee taken from the request.
--
-- Rules kept here:
-- - Anyone (the anonymous checkout included) reads the places and fees.
-- - The only writes a client role may make are an approved admin's changes of a fee or an
--   estimate (column grants plus policies); each is recorded in the audit log by the triggers
--   delivery_zones_audit and provinces_audit (10_audit.sql).

-- tables ------------------------------------------------------------------------------------------

create type public.place_kind as enum ('capital', 'province', 'khan', 'srok', 'krong', 'sangkat', 'khum');
comment on type public.place_kind is 'What the gazetteer calls a place: a capital or province; a khan, srok or krong (district); a sangkat or khum (commune).';

create table public.provinces (
  code text primary key constraint provinces_code_format check (code ~ '^[0-9]{2}$'),
  name_en text not null constraint provinces_name_en_check check (length(name_en) between 1 and 100),
  name_km text not null constraint provinces_name_km_check check (length(name_km) between 1 and 100),
  kind public.place_kind not null constraint provinces_kind_check check (kind in ('capital', 'province')),
  -- One fee for every commune of the province; null where communes are priced one by one
  -- (Phnom Penh, public.delivery_zones).
  delivery_fee_cents integer
    constraint provinces_delivery_fee_cents_check check (delivery_fee_cents between 0 and 10000),
  delivery_hours_min smallint not null default 24
    constraint provinces_delivery_hours_min_check check (delivery_hours_min between 1 and 720),
  delivery_hours_max smallint not null default 72
    constraint provinces_delivery_hours_max_check check (delivery_hours_max between 1 and 720),
  updated_at timestamptz not null default now(),
  constraint provinces_delivery_hours_order check (delivery_hours_min <= delivery_hours_max)
);
comment on table public.provinces is 'Cambodia''s 25 provinces (the capital included) with the delivery fee to any of their communes (cents; null: by commune) and the delivery estimate in hours.';

create table public.districts (
  code text primary key constraint districts_code_format check (code ~ '^[0-9]{4}$'),
  province_code text not null constraint districts_province_code_fkey references public.provinces (code),
  name_en text not null constraint districts_name_en_check check (length(name_en) between 1 and 100),
  name_km text not null constraint districts_name_km_check check (length(name_km) between 1 and 100),
  kind public.place_kind not null constraint districts_kind_check check (kind in ('khan', 'srok', 'krong')),
  constraint districts_code_in_province check (left(code, 2) = province_code)
);
comment on table public.districts is 'The districts (khan, srok, krong) of each province, with their gazetteer codes.';
create index districts_province_code_idx on public.districts (province_code);

create table public.communes (
  code text primary key constraint communes_code_format check (code ~ '^[0-9]{6}$'),
  district_code text not null constraint communes_district_code_fkey references public.districts (code),
  name_en text not null constraint communes_name_en_check check (length(name_en) between 1 and 100),
  name_km text not null constraint communes_name_km_check check (length(name_km) between 1 and 100),
  kind public.place_kind not null constraint communes_kind_check check (kind in ('sangkat', 'khum')),
  constraint communes_code_in_district check (left(code, 4) = district_code)
);
comment on table public.communes is 'The communes (sangkat, khum) of each district, with their gazetteer codes.';
create index communes_district_code_idx on public.communes (district_code);

create table public.delivery_zones (
  commune_code text primary key constraint delivery_zones_commune_code_fkey references public.communes (code),
  fee_cents integer not null constraint delivery_zones_fee_cents_check check (fee_cents between 0 and 10000),
  updated_at timestamptz not null default now()
);
comment on table public.delivery_zones is 'The delivery fee (cents) to each commune priced on its own: the sangkats of Phnom Penh.';

-- row level security --------------------------------------------------------------------------------

alter table public.provinces enable row level security;
alter table public.districts enable row level security;
alter table public.communes enable row level security;
alter table public.delivery_zones enable row level security;
revoke all on public.provinces, public.districts, public.communes, public.delivery_zones from anon, authenticated;
grant select on public.provinces, public.districts, public.communes, public.delivery_zones to anon, authenticated;
grant update (fee_cents) on public.delivery_zones to authenticated;
grant update (delivery_fee_cents, delivery_hours_min, delivery_hours_max) on public.provinces to authenticated;
grant all on public.provinces, public.districts, public.communes, public.delivery_zones to service_role;

create policy "Anyone can read provinces" on public.provinces for select to anon, authenticated using (true);
create policy "Anyone can read districts" on public.districts for select to anon, authenticated using (true);
create policy "Anyone can read communes" on public.communes for select to anon, authenticated using (true);
create policy "Anyone can read delivery zones" on public.delivery_zones
  for select to anon, authenticated using (true);

-- Admins change fees and estimates with their token through these policies; no function wraps
-- them, so the audit triggers on the tables (10_audit.sql) are what record the change.
create policy "Admins can change delivery fees" on public.delivery_zones
  for update to authenticated
  using ((select private.has_role('admin')))
  with check ((select private.has_role('admin')));
create policy "Admins can change province fees and estimates" on public.provinces
  for update to authenticated
  using ((select private.has_role('admin')))
  with check ((select private.has_role('admin')));

create trigger delivery_zones_touch_updated_at before update on public.delivery_zones
  for each row execute function private.touch_updated_at();
create trigger provinces_touch_updated_at before update on public.provinces
  for each row execute function private.touch_updated_at();

-- functions ---------------------------------------------------------------------------------------

-- The district a customer named, by its code or its Latin name (any letter case). A code names
-- its province; a name is looked for in the province named the same ways, Phnom Penh without one
-- (as the checkout was before it knew the rest of the country). No row when nothing matches.
-- These lookups run at every checkout. They are PL/pgSQL so that their plans are kept: a SQL
-- function that cannot be inlined (security definer, set search_path) is planned again at every
-- call, and planning the joins with their OR conditions cost 1.3 ms of a 2.6 ms place_order.
create or replace function public.find_district(p_province text, p_district text)
returns setof public.districts
language plpgsql stable security definer set search_path = ''
as $$
declare
  province text := nullif(btrim(p_province), '');
  district text := btrim(p_district);
begin
  if province is null then
    return query
      select d.* from public.districts d
      where d.code = district or (d.province_code = '12' and lower(d.name_en) = lower(district));
  else
    return query
      select d.* from public.districts d
      join public.provinces p on p.code = d.province_code
      where (p.code = province or lower(p.name_en) = lower(province))
        and (d.code = district or lower(d.name_en) = lower(district));
  end if;
end
$$;
comment on function public.find_district is 'The district named by province and district, each a gazetteer code or a Latin name (province: Phnom Penh when null or empty, or the district code''s).';

-- The commune named by its code or Latin name within the district public.find_district names.
create or replace function public.find_commune(p_province text, p_district text, p_commune text)
returns setof public.communes
language plpgsql stable security definer set search_path = ''
as $$
declare
  commune text := btrim(p_commune);
  district public.districts;
begin
  -- District by district, so each is one lookup of the district's communes by their index.
  for district in select * from public.find_district(p_province, p_district) loop
    return query
      select c.* from public.communes c
      where c.district_code = district.code and (c.code = commune or lower(c.name_en) = lower(commune));
  end loop;
end
$$;
comment on function public.find_commune is 'The commune named by province, district and commune, each a gazetteer code or a Latin name (see public.find_district).';

-- What delivery to a commune costs and how long it takes: the commune's own fee where it has one
-- (Phnom Penh's sangkats), else its province's. Null fee: the commune is not delivered to.
create or replace function public.delivery_quote(p_commune_code text)
returns table (fee_cents integer, hours_min smallint, hours_max smallint)
language plpgsql stable security definer set search_path = ''
as $$
begin
  -- PL/pgSQL for the same reason as public.find_district: every checkout asks.
  return query
    select coalesce(z.fee_cents, p.delivery_fee_cents), p.delivery_hours_min, p.delivery_hours_max
    from public.provinces p
    left join public.delivery_zones z on z.commune_code = p_commune_code
    where p.code = left(p_commune_code, 2);
end
$$;
comment on function public.delivery_quote is 'The delivery fee (cents; null when not delivered to) and estimate (hours) to a commune: its own fee (Phnom Penh) or its province''s.';

-- Public data only: PostgREST may serve them, as it serves the tables.
revoke execute on function public.find_district(text, text) from public;
grant execute on function public.find_district(text, text) to anon, authenticated, service_role;
revoke execute on function public.find_commune(text, text, text) from public;
grant execute on function public.find_commune(text, text, text) to anon, authenticated, service_role;
revoke execute on function public.delivery_quote(text) from public;
grant execute on function public.delivery_quote(text) to anon, authenticated, service_role;
