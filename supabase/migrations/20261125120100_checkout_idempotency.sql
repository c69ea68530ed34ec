-- Checkout exactly once (issue 22, item 10): POST /checkout/order takes an Idempotency-Key, and
-- the same key within 24 hours answers the first order again and creates nothing.
--
-- private.place_order_once takes the key and places the order through private.place_order in
-- the same transaction, so the key and its order commit together or not at all. A transaction-
-- scoped advisory lock on the key makes a second request with the same key wait for the first:
-- it then finds the key and answers the first's order, so two submits in one instant make one
-- order. If the first fails (a refused phone, a rate limit), nothing is kept and the second places
-- the order itself. A key is bound to its request (a hash of the order's inputs): the same key
-- with another request is refused (P0422, the api function's 422 naming Idempotency-Key).

create table private.checkout_idempotency_keys (
  idempotency_key text primary key check (idempotency_key ~ '^[A-Za-z0-9_-]{8,100}$'),
  request_hash text not null check (request_hash ~ '^[0-9a-f]{64}$'),
  order_id uuid not null references public.orders (id) on delete cascade,
  created_at timestamptz not null default now()
);
comment on table private.checkout_idempotency_keys is 'Idempotency-Key of POST /checkout/order: the key, the hash of its request and the order it placed; kept 24 hours. Only private.place_order_once reads or writes it.';
comment on column private.checkout_idempotency_keys.request_hash is 'sha256 of the order''s inputs (link, phone, place, quantity, click): a key answers only the request it was first sent with.';
-- The sweep of keys past 24 hours.
create index checkout_idempotency_keys_created_at_idx on private.checkout_idempotency_keys (created_at);
-- The order's key, for the foreign key's cascade.
create index checkout_idempotency_keys_order_id_idx on private.checkout_idempotency_keys (order_id);
alter table private.checkout_idempotency_keys enable row level security;
revoke all on private.checkout_idempotency_keys from public, anon, authenticated, service_role;

-- Places an order at most once per key: answers the order and whether it was placed earlier
-- (replayed). Without a key (null) it is private.place_order.
create function private.place_order_once(
  p_idempotency_key text,
  p_influencer_id uuid,
  p_campaign_id uuid,
  p_customer_phone text,
  p_district text,
  p_commune text,
  p_quantity integer,
  p_client_ip text,
  p_click_id uuid default null
) returns table (order_id uuid, replayed boolean)
language plpgsql volatile security definer set search_path = ''
as $$
declare
  request text;
  earlier private.checkout_idempotency_keys;
  new_order public.orders;
begin
  if p_idempotency_key is not null and p_idempotency_key !~ '^[A-Za-z0-9_-]{8,100}$' then
    raise exception 'Idempotency-Key must be 8 to 100 letters, digits, - or _'
      using errcode = '22023', column = 'Idempotency-Key';
  end if;
  if p_idempotency_key is null then
    new_order := private.place_order(p_influencer_id, p_campaign_id, p_customer_phone, p_district, p_commune,
                                     p_quantity, p_client_ip, p_click_id);
    return query select new_order.id, false;
    return;
  end if;

  -- What the order is: the same key answers only the same request (the caller's address is not
  -- part of it: a retry from another network is the same order).
  request := encode(sha256(convert_to(concat_ws(E'\n', p_influencer_id, p_campaign_id, p_customer_phone,
                                                p_district, p_commune, p_quantity, p_click_id), 'UTF8')), 'hex');

  -- A second request with this key waits here until the first commits or rolls back.
  perform pg_advisory_xact_lock(hashtextextended('checkout:idempotency:' || p_idempotency_key, 0));
  select * into earlier from private.checkout_idempotency_keys k
  where k.idempotency_key = p_idempotency_key and k.created_at > now() - interval '24 hours';
  if found then
    if earlier.request_hash <> request then
      raise exception 'Idempotency-Key was already used for a different order: send a new key for a new order'
        using errcode = 'P0422', column = 'Idempotency-Key';
    end if;
    return query select earlier.order_id, true;
    return;
  end if;

  new_order := private.place_order(p_influencer_id, p_campaign_id, p_customer_phone, p_district, p_commune,
                                   p_quantity, p_client_ip, p_click_id);
  -- Keys live 24 hours: an expired copy of this key gives way, and older keys are swept.
  delete from private.checkout_idempotency_keys k
  where k.created_at <= now() - interval '24 hours';
  insert into private.checkout_idempotency_keys (idempotency_key, request_hash, order_id)
  values (p_idempotency_key, request, new_order.id);
  return query select new_order.id, false;
end
$$;
comment on function private.place_order_once is 'Checkout with an Idempotency-Key: the same key within 24 hours answers the first order (replayed) and creates nothing; another request with that key is refused (P0422).';
revoke execute on function private.place_order_once(text, uuid, uuid, text, text, text, integer, text, uuid) from public;
grant execute on function private.place_order_once(text, uuid, uuid, text, text, text, integer, text, uuid) to service_role;
