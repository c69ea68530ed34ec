-- Delivery zones: the khans (districts) and sangkats (communes) of Phnom Penh with a delivery
-- fee each, kept as data so an admin can change a fee without a deploy. Names follow the
-- English transliteration used by the municipality since the 2019 reorganisation (which
-- created Khan Boeng Keng Kang and Khan Kamboul). Inner khans cost less than outer ones.
--
-- Rules kept here:
-- - Anyone (the anonymous checkout included) reads the zones; the checkout (private.place_order,
--   05_orders.sql) charges the fee of the order's zone, never one taken from the request.
-- - The only write a client role may make is an approved admin's change of fee_cents (column
--   grant plus policy); every such change is recorded in the audit log by the trigger
--   delivery_zones_audit (10_audit.sql).

create table public.delivery_zones (
  id smallint generated always as identity primary key,
  district text not null constraint delivery_zones_district_check check (length(trim(district)) between 1 and 100),
  commune text not null constraint delivery_zones_commune_check check (length(trim(commune)) between 1 and 100),
  fee_cents integer not null constraint delivery_zones_fee_cents_check check (fee_cents between 0 and 10000),
  updated_at timestamptz not null default now(),
  constraint delivery_zones_commune_in_district unique (district, commune)
);
comment on table public.delivery_zones is 'Phnom Penh khans and sangkats with the delivery fee (cents) charged to the customer.';

create index delivery_zones_commune_idx on public.delivery_zones (commune, district);

alter table public.delivery_zones enable row level security;
revoke all on public.delivery_zones from anon, authenticated;
grant select on public.delivery_zones to anon, authenticated;
grant update (fee_cents) on public.delivery_zones to authenticated;
grant all on public.delivery_zones to service_role;

create policy "Anyone can read delivery zones" on public.delivery_zones
  for select to anon, authenticated using (true);

-- Admins change fees with their token through this policy; no function wraps it, so the audit
-- trigger on the table (delivery_zones_audit, 10_audit.sql) is what records the change.
create policy "Admins can change delivery fees" on public.delivery_zones
  for update to authenticated
  using ((select private.has_role('admin')))
  with check ((select private.has_role('admin')));

create trigger delivery_zones_touch_updated_at before update on public.delivery_zones
  for each row execute function private.touch_updated_at();

-- reference data: every zone with its fee ----------------------------------------------------------

insert into public.delivery_zones (district, commune, fee_cents)
select district, commune, fee_cents
from (values
  -- inner khans: $1.00
  ('Doun Penh', array['Phsar Thmei Muoy', 'Phsar Thmei Pir', 'Phsar Thmei Bei', 'Boeng Reang',
    'Phsar Kandal Muoy', 'Phsar Kandal Pir', 'Chakto Mukh', 'Chey Chumneah', 'Phsar Chas',
    'Srah Chak', 'Voat Phnum'], 100),
  ('Prampir Meakkakra', array['Ou Ruessei Muoy', 'Ou Ruessei Pir', 'Ou Ruessei Bei', 'Ou Ruessei Buon',
    'Monourom', 'Mittapheap', 'Veal Vong', 'Boeng Proluet'], 100),
  ('Chamkar Mon', array['Tonle Basak', 'Boeng Trabaek', 'Phsar Daeum Thkov', 'Tuol Tumpung Muoy',
    'Tuol Tumpung Pir'], 100),
  ('Boeng Keng Kang', array['Boeng Keng Kang Muoy', 'Boeng Keng Kang Pir', 'Boeng Keng Kang Bei',
    'Olympic', 'Tuol Svay Prey Muoy', 'Tuol Svay Prey Pir', 'Tumnob Tuek'], 100),
  -- middle khans: $1.50
  ('Tuol Kouk', array['Phsar Depou Muoy', 'Phsar Depou Pir', 'Phsar Depou Bei', 'Tuek L''ak Muoy',
    'Tuek L''ak Pir', 'Tuek L''ak Bei', 'Boeng Kak Muoy', 'Boeng Kak Pir', 'Phsar Daeum Kor',
    'Boeng Salang'], 150),
  ('Mean Chey', array['Stueng Mean Chey Muoy', 'Stueng Mean Chey Pir', 'Stueng Mean Chey Bei',
    'Boeng Tumpun Muoy', 'Boeng Tumpun Pir', 'Chak Angrae Leu', 'Chak Angrae Kraom'], 150),
  ('Chbar Ampov', array['Chbar Ampov Muoy', 'Chbar Ampov Pir', 'Nirouth', 'Preaek Pra', 'Veal Sbov',
    'Preaek Aeng', 'Kbal Kaoh', 'Preaek Thmei'], 150),
  ('Chroy Changvar', array['Chrouy Changvar', 'Preaek Lieb', 'Preaek Ta Sek', 'Kaoh Dach',
    'Bak Kaeng'], 150),
  ('Russey Keo', array['Tuol Sangkae Muoy', 'Tuol Sangkae Pir', 'Svay Pak', 'Kilomaetr Lekh Prammuoy',
    'Ruessei Kaev', 'Chrang Chamreh Muoy', 'Chrang Chamreh Pir'], 150),
  -- outer khans: $2.00 to $2.50
  ('Saensokh', array['Phnom Penh Thmei', 'Tuek Thla', 'Khmuonh', 'Krang Thnong', 'Ou Baek K''am',
    'Kouk Khleang'], 200),
  ('Pou Senchey', array['Trapeang Krasang', 'Samraong Kraom', 'Chaom Chau Muoy', 'Chaom Chau Pir',
    'Chaom Chau Bei', 'Kakab Muoy', 'Kakab Pir'], 200),
  ('Dangkao', array['Dangkao', 'Pong Tuek', 'Prey Veaeng', 'Prey Sa', 'Krang Pongro', 'Sak Sampov',
    'Cheung Aek', 'Kong Noy', 'Preaek Kampues', 'Roluos', 'Spean Thma', 'Tien'], 250),
  ('Kamboul', array['Kamboul', 'Kantaok', 'Ovlaok', 'Snaor', 'Phleung Chheh Roteh', 'Boeng Thum',
    'Prateah Lang'], 250),
  ('Prek Pnov', array['Preaek Phnov', 'Ponhea Pon', 'Samraong', 'Kouk Roka', 'Ponsang'], 250)
) as khans (district, communes, fee_cents),
lateral unnest(communes) as commune;
