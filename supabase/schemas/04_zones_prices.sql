-- The delivery fees and estimates the marketplace starts with (04_zones.sql); admins change them
-- on the Settings tab, each change audited.
--
-- Phnom Penh, priced by sangkat, delivered the same day or the next (2 to 24 hours): $1.00 in the
-- inner khans, $1.50 in the middle ones, $2.00 in Saensokh and Pur SenChey, $2.50 in Dangkao,
-- Kamboul and Praek Pnov. The provinces, one fee each, delivered by the courier companies' province
-- lines: $2.00 to Kandal around the capital (12 to 48 hours), $2.50 to the provinces on the main
-- roads (24 to 72 hours), $3.00 to the far north-east, the northern border and Koh Kong (48 to 96
-- hours).

insert into public.delivery_zones (commune_code, fee_cents)
select c.code,
       case d.code
         when '1201' then 100 when '1202' then 100 when '1203' then 100 when '1213' then 100 -- inner
         when '1204' then 150 when '1206' then 150 when '1207' then 150 when '1210' then 150
         when '1212' then 150                                                                 -- middle
         when '1208' then 200 when '1209' then 200
         else 250                                                                             -- outer
       end
from public.communes c
join public.districts d on d.code = c.district_code
where d.province_code = '12';

update public.provinces
set delivery_fee_cents = case when code = '12' then null
                              when code = '08' then 200
                              when code in ('09', '11', '13', '16', '19', '22', '24') then 300
                              else 250 end,
    delivery_hours_min = case when code = '12' then 2 when code = '08' then 12
                              when code in ('09', '11', '13', '16', '19', '22', '24') then 48 else 24 end,
    delivery_hours_max = case when code = '12' then 24 when code = '08' then 48
                              when code in ('09', '11', '13', '16', '19', '22', '24') then 96 else 72 end;
