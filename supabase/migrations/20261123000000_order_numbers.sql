-- A number a customer can read out on the phone: SL- and a sequence of at least six digits, in the
-- order the orders were placed. The sequence is the only source, so two parallel checkouts never get
-- the same number; a rolled-back checkout leaves a gap, which is harmless. Six digits reach
-- SL-999999; twelve characters hold nine digits. The default below does NOT grow past that: lpad
-- cuts 1000000 to SL-100000, a duplicate. 20261125110100_order_numbers_grow.sql replaces it.
create sequence public.orders_number_seq as bigint minvalue 1 maxvalue 999999999;
revoke all on sequence public.orders_number_seq from public, anon, authenticated;

alter table public.orders add column order_number text;

-- Existing orders are numbered in the order they were placed.
update public.orders o
set order_number = 'SL-' || lpad(n.rn::text, 6, '0')
from (select id, row_number() over (order by created_at, id) as rn from public.orders) n
where n.id = o.id;
select setval('public.orders_number_seq', greatest((select count(*) from public.orders), 1),
  (select count(*) from public.orders) > 0);

alter table public.orders
  alter column order_number set default ('SL-' || lpad(nextval('public.orders_number_seq')::text, 6, '0')),
  alter column order_number set not null,
  add constraint orders_order_number_format check (order_number ~ '^SL-[0-9]{6,9}$'),
  add constraint orders_order_number_key unique (order_number);
alter sequence public.orders_number_seq owned by public.orders.order_number;
comment on column public.orders.order_number is 'The short number people say on the phone, e.g. SL-004213: sequential, at most 12 characters.';
