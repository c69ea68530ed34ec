-- Order numbers that grow (issue 22, item 11).
-- The default was 'SL-' || lpad(nextval(...)::text, 6, '0'), and lpad also cuts a longer text to
-- the length given: sequence value 1,000,000 became 'SL-100000', which already existed, so from
-- the millionth order every checkout failed on orders_order_number_key. The comment of
-- 20261123000000_order_numbers.sql said the number "simply grows"; now it does: six digits with
-- leading zeros up to SL-999999, then every digit (SL-1000000, SL-1000001, ...), nine at most
-- (the sequence's maxvalue and orders_order_number_format's ^SL-[0-9]{6,9}$, 12 characters).
-- Nothing sorts by order number text (the board sorts by placement time), and a search for
-- "SL-1000000" or "1000000" looks the number up exactly (contract/orders.ts orderNumberOf).

create function private.order_number(p_sequence_value bigint) returns text
language sql immutable strict set search_path = ''
as $$
  select 'SL-' || case when p_sequence_value < 1000000 then lpad(p_sequence_value::text, 6, '0')
                       else p_sequence_value::text end
$$;
comment on function private.order_number is
  'The order number of a sequence value: SL- and six digits with leading zeros (SL-004213), or every digit from 1,000,000 on (SL-1000000); never cut short.';
-- A column default runs as the role that inserts: orders are inserted only by private.place_order
-- (security definer, as the owner) and the owner itself, so no other role needs it.
revoke execute on function private.order_number(bigint) from public;

alter table public.orders
  alter column order_number set default private.order_number(nextval('public.orders_number_seq'));
comment on column public.orders.order_number is
  'The short number people say on the phone, e.g. SL-004213: sequential, six digits with leading zeros up to SL-999999, then every digit (SL-1000000); at most 12 characters.';
