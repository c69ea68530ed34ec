-- Orders: cash-on-delivery orders placed by anonymous customers through an approved affiliate
-- link, with their numbers, the customer's phone (kept apart), the status history, cancellations
-- with a reason, fraud flags held for review, the checkout's rate limit and Idempotency-Keys, and
-- what the admin's board reads (phone search, totals).
--
-- Rules kept here:
-- - Amounts are snapshots in cents computed by the checkout, never taken from the request, and
--   the money rules of an order are its generated columns (docs/money.md).
-- - Orders change only through the security definer functions below: checkout (anon, through the
--   api function) and an admin's status change (one step forward, a listed revert, a cancellation
--   before delivery, or reopening; serialised per order; posting to the ledger of
--   06_ledger_and_payouts.sql in the same transaction).
-- - The customer's phone and address live in private.order_contacts: the phone readable only by
--   admins, the address by admins and the order's shop (public.order_delivery_contacts).
-- - Which fraud rule fired is for admins only (public.order_flags); the parties see only
--   orders.review_status, so an influencer learns "held for review", never why.
-- - Counters, not scans: private.order_counts keeps how many orders (and their sales and
--   commissions) there are per status and cancellation reason, platform-wide, per shop, per
--   influencer and per link, updated by every insert and status change in the same transaction.
--   The stats and the fraud check read them, so their cost does not grow with the orders.
--   private.running_balance_differences (06_ledger_and_payouts.sql) recomputes them too.
--
-- Cancelling (docs/product.md, "Orders"): a cash-on-delivery order often ends at the door, the
-- customer refuses it or cannot be reached. An admin cancels it from new_order, ready_for_pickup
-- or out_for_delivery with one of the reasons of public.order_cancellation_reason; a delivered
-- order must be reverted first (its revert posts the ledger reversal), so a cancelled order never
-- has money in the ledger. A cancelled order can be reopened as a new order and to nothing else.
-- The order carries the reason while cancelled; the history keeps it for ever.
--
-- Fraud flags (docs/product.md, "Fraud flags"; docs/money.md, "Held for review (fraud flags)").
-- At checkout an order is flagged when:
--   self_order         the customer's phone is the shop's store phone or the influencer's own phone;
--   repeat_phone       the phone ordered `repeat_phone_orders` times or more (this order included)
--                      within `repeat_phone_hours`, across all links;
--   high_refusal_link  the link's customer_refused share is at least `refusal_flag_percent` over at
--                      least `refusal_flag_min_finished` finished (delivered or cancelled) orders.
-- The thresholds are columns of public.marketplace_settings (02_settings.sql). The checkout
-- (private.place_order) flags its new order through private.flag_order and returns it as stored,
-- held or not. A flagged order is `held` for review: its commission stays unavailable even after
-- delivery and after the holding period, until an admin clears it (public.review_order) or cancels
-- the order as suspected_fraud (a cancelled order earns nothing). The business's net is not held:
-- the goods were sold and the cash collected whoever ordered them.
--
-- Elsewhere: the foreign key orders.click_id -> public.link_clicks (orders_click_id_fkey) is in
-- 07_attribution.sql, which creates link_clicks; the triggers order_contacts_queue_telegram
-- (09_telegram.sql), orders_audit_review and order_status_history_audit (10_audit.sql) and
-- orders_keep_balances_of_reviews (06_ledger_and_payouts.sql: a review moves a commission between
-- held and not held) act on these tables too.

-- types ------------------------------------------------------------------------------------------

create type public.order_status as enum ('new_order', 'ready_for_pickup', 'out_for_delivery', 'delivered', 'cancelled');

create type public.order_cancellation_reason as enum (
  'customer_refused', 'customer_unreachable', 'out_of_stock', 'duplicate', 'suspected_fraud', 'other',
  'customer_cancelled'
);
comment on type public.order_cancellation_reason is 'Why an order was cancelled: refused or unreachable at the door, out of stock, ordered twice, suspected fraud, other, or cancelled by the customer on the order''s page.';

create type public.order_confirmation as enum ('unconfirmed', 'confirmed_by_customer', 'confirmed_by_phone');
create type public.confirmation_call_outcome as enum ('confirmed', 'no_answer', 'wrong_number');
comment on type public.confirmation_call_outcome is 'What a call to confirm an order gave: the customer confirmed, did not answer, or the number is wrong.';
comment on type public.order_confirmation is 'Whether the customer confirmed the order before dispatch: not yet, on the order''s page, or on a call from the shop or an admin.';

create type public.order_flag as enum ('self_order', 'repeat_phone', 'high_refusal_link');

create type public.order_review_status as enum ('held', 'cleared');
comment on type public.order_review_status is 'A flagged order''s review: held (its commission waits for an admin) or cleared (an admin released it).';

create type public.order_count_scope as enum ('platform', 'business', 'influencer', 'link');
comment on type public.order_count_scope is 'What a row of private.order_counts counts: every order, or one shop''s, one influencer''s or one link''s.';

-- The type of orders.source and of link_clicks.source (07_attribution.sql, which applies later).
create type public.click_source as enum ('qr', 'dm', 'comment', 'link', 'fb_comment', 'fb_dm', 'store');
comment on type public.click_source is 'Where a short link was shared: the ?s= of the short URL (qr; dm and comment on Instagram; fb_dm and fb_comment on Facebook; store, the influencer''s storefront), else link.';

-- order numbers ----------------------------------------------------------------------------------

-- A number a customer can read out on the phone: SL- and the sequence's value, in the order the
-- orders were placed. The sequence is the only source, so two parallel checkouts never get the
-- same number; a rolled-back checkout leaves a gap, which is harmless. Six digits with leading
-- zeros up to SL-999999, then every digit (SL-1000000, SL-1000001, ...), nine at most (the
-- sequence's maxvalue and orders_order_number_format's ^SL-[0-9]{6,9}$, 12 characters). Nothing
-- sorts by order number text (the board sorts by placement time), and a search for "SL-1000000"
-- or "1000000" looks the number up exactly (contract/orders.ts orderNumberOf).
create sequence public.orders_number_seq as bigint minvalue 1 maxvalue 999999999;
revoke all on sequence public.orders_number_seq from public, anon, authenticated;

-- Defined before public.orders, whose order_number default calls it. lpad alone would cut a
-- longer text to the length given (1000000 would become SL-100000, a duplicate): it is used only
-- below a million. PL/pgSQL, as a SQL function with a SET clause is never inlined and would be
-- parsed and planned again for every order.
create or replace function private.order_number(p_sequence_value bigint) returns text
language plpgsql immutable strict set search_path = ''
as $$
begin
  return 'SL-' || case when p_sequence_value < 1000000 then lpad(p_sequence_value::text, 6, '0')
                       else p_sequence_value::text end;
end
$$;
comment on function private.order_number is
  'The order number of a sequence value: SL- and six digits with leading zeros (SL-004213), or every digit from 1,000,000 on (SL-1000000); never cut short.';

-- tables -----------------------------------------------------------------------------------------

create table public.orders (
  id uuid primary key default gen_random_uuid(),
  campaign_id uuid not null constraint orders_campaign_id_fkey references public.campaigns (id),
  affiliate_link_id uuid not null constraint orders_affiliate_link_id_fkey references public.affiliate_links (id),
  business_id uuid not null constraint orders_business_id_fkey references public.users (id),
  influencer_id uuid not null constraint orders_influencer_id_fkey references public.users (id),
  product_name text not null,
  unit_price_cents bigint not null constraint orders_unit_price_cents_check check (unit_price_cents > 0),
  commission_rate numeric(6, 4) not null
    constraint orders_commission_rate_check check (commission_rate > 0 and commission_rate < 1),
  quantity integer not null constraint orders_quantity_check check (quantity between 1 and 10),
  delivery_fee_cents integer not null constraint orders_delivery_fee_cents_check check (delivery_fee_cents >= 0),
  subtotal_cents bigint not null generated always as (unit_price_cents * quantity) stored,
  total_cents bigint not null generated always as (unit_price_cents * quantity + delivery_fee_cents) stored,
  -- The money rules of an order. round() of a numeric rounds half away from zero: half up for
  -- these positive amounts. Generated columns cannot refer to each other, so the sale and the
  -- commission are spelled out again.
  commission_cents bigint not null generated always as
    (round(unit_price_cents * quantity * commission_rate)::bigint) stored,
  business_gross_cents bigint not null generated always as
    (unit_price_cents * quantity - round(unit_price_cents * quantity * commission_rate)::bigint) stored,
  platform_fee_cents bigint not null generated always as
    (round((unit_price_cents * quantity - round(unit_price_cents * quantity * commission_rate)) * 0.15)::bigint) stored,
  business_net_cents bigint not null generated always as
    (unit_price_cents * quantity - round(unit_price_cents * quantity * commission_rate)::bigint
     - round((unit_price_cents * quantity - round(unit_price_cents * quantity * commission_rate)) * 0.15)::bigint) stored,
  -- The district's and commune's Latin names as they were when the order was placed; the
  -- commune's gazetteer code names the place for good (its Khmer names, its province).
  delivery_district text not null,
  delivery_commune text not null,
  delivery_commune_code text not null constraint orders_delivery_commune_code_fkey references public.communes (code),
  status public.order_status not null default 'new_order',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- The short-link click the order came through and its source. The foreign key to
  -- public.link_clicks (orders_click_id_fkey) is added in 07_attribution.sql, after that table.
  click_id uuid,
  source public.click_source,
  cancellation_reason public.order_cancellation_reason,
  order_number text not null default private.order_number(nextval('public.orders_number_seq'))
    constraint orders_order_number_format check (order_number ~ '^SL-[0-9]{6,9}$')
    constraint orders_order_number_key unique,
  review_status public.order_review_status,
  confirmation public.order_confirmation not null default 'unconfirmed',
  -- Who carries it (public.assign_courier); null until an admin assigns one. The foreign key
  -- (orders_courier_id_fkey) is added in 06_couriers.sql, after that table.
  courier_id uuid,
  constraint orders_source_with_click check ((click_id is null) = (source is null)),
  constraint orders_cancellation_reason_check check ((status = 'cancelled') = (cancellation_reason is not null))
);
alter sequence public.orders_number_seq owned by public.orders.order_number;

-- The customer's phone and address per order, apart from public.orders so influencers and
-- Realtime never see them. The address parts are null on orders placed before the checkout asked
-- for them; private.place_order requires the name and the address line of every new order.
create table private.order_contacts (
  order_id uuid primary key constraint order_contacts_order_id_fkey references public.orders (id),
  customer_phone text not null
    constraint order_contacts_customer_phone_check check (customer_phone ~ '^\+855[1-9][0-9]{7,8}$'),
  recipient_name text constraint order_contacts_recipient_name_check check (length(recipient_name) between 1 and 100),
  address_line text constraint order_contacts_address_line_check check (length(address_line) between 1 and 200),
  landmark text constraint order_contacts_landmark_check check (length(landmark) between 1 and 200),
  delivery_note text constraint order_contacts_delivery_note_check check (length(delivery_note) between 1 and 500),
  -- When the order was placed (its created_at), so repeat_phone reads one phone's recent orders
  -- from one index without visiting the orders.
  placed_at timestamptz not null default now()
);

-- Every run of four digits of each order's customer phone as it is dialled in Cambodia (0 and the
-- national number: +85512345678 is dialled 012345678, whose runs are 0123, 1234, ... 5678), with
-- the order's placement time. The admin's search by phone digits (public.search_order_ids_by_phone)
-- reads one run's orders newest first from the primary key and stops at the page, so it costs the
-- same whether ten orders match or ten thousand; the trigram index it replaces collected and
-- rechecked every match first (p99 125 ms at 1,000,000 orders). A customer who calls often reads
-- the middle of their number, so every run is kept, not only the last digits. Kept by the trigger
-- order_contacts_keep_phone_runs; nothing else writes it. Its placed_at pages the board alongside
-- orders.created_at (the API's cursor), so every writer gives an order's contact the order's own
-- time (the checkout: now() of one transaction).
create table private.order_phone_runs (
  -- The four digits as a number (the run 0123 is 123).
  digits smallint not null constraint order_phone_runs_digits_check check (digits between 0 and 9999),
  placed_at timestamptz not null,
  order_id uuid not null,
  constraint order_phone_runs_pkey primary key (digits, placed_at, order_id)
);

-- The calls made to confirm an order before dispatch (public.record_confirmation_call): who called,
-- when, what it gave and a note. Admins read them; nobody writes them but that function.
create table public.order_confirmation_calls (
  id bigint generated always as identity primary key,
  order_id uuid not null constraint order_confirmation_calls_order_id_fkey references public.orders (id),
  outcome public.confirmation_call_outcome not null,
  note text constraint order_confirmation_calls_note_check check (length(note) between 1 and 500),
  called_by uuid not null constraint order_confirmation_calls_called_by_fkey references public.users (id),
  called_at timestamptz not null default now()
);

-- The customer's order page (APP_URL/o/<token>): the sha256 of each token that opens it. The
-- checkout issues a token per answer (a replay of an Idempotency-Key gets one of its own for the
-- same order), so no token is ever stored and none can be read back.
create table private.order_tracking_tokens (
  token_hash bytea primary key constraint order_tracking_tokens_token_hash_check check (octet_length(token_hash) = 32),
  order_id uuid not null constraint order_tracking_tokens_order_id_fkey references public.orders (id),
  created_at timestamptz not null default now()
);

-- Orders, sales and commissions per status, cancellation reason and confirmation, for each scope
-- (the confirmation splits the stats and the refusal rate, and counts the orders still to
-- confirm). A scope's figures are spread over a few slots (by server process) so that concurrent checkouts do not
-- queue on one row; a reader adds the slots up.
create table private.order_counts (
  scope public.order_count_scope not null,
  -- The shop, influencer or link; the nil uuid for the platform.
  scope_id uuid not null,
  status public.order_status not null,
  cancellation_reason public.order_cancellation_reason,
  confirmation public.order_confirmation not null,
  slot smallint not null,
  orders bigint not null,
  subtotal_cents bigint not null,
  commission_cents bigint not null,
  constraint order_counts_key unique nulls not distinct (scope, scope_id, status, cancellation_reason, confirmation, slot)
);

create table public.order_status_history (
  id bigint generated always as identity primary key,
  order_id uuid not null constraint order_status_history_order_id_fkey references public.orders (id),
  from_status public.order_status,
  to_status public.order_status not null,
  changed_by uuid constraint order_status_history_changed_by_fkey references public.users (id),
  -- The courier whose rider made the change on the rider's page (private.rider_step); its foreign
  -- key (order_status_history_changed_by_courier_fkey) is added in 06_couriers.sql, after that table.
  changed_by_courier uuid,
  note text,
  changed_at timestamptz not null default now(),
  cancellation_reason public.order_cancellation_reason,
  constraint order_status_history_cancellation_reason_check
    check ((to_status = 'cancelled') = (cancellation_reason is not null)),
  constraint order_status_history_one_actor check (changed_by is null or changed_by_courier is null)
);

-- Checkout attempts, to refuse orders placed faster than a person could.
create table private.checkout_attempts (
  id bigint generated always as identity primary key,
  customer_phone text not null,
  client_ip text not null,
  attempted_at timestamptz not null default now()
);

create table public.order_flags (
  order_id uuid primary key constraint order_flags_order_id_fkey references public.orders (id),
  flags public.order_flag[] not null constraint order_flags_not_empty check (cardinality(flags) > 0),
  reviewed_by uuid constraint order_flags_reviewed_by_fkey references public.users (id),
  reviewed_at timestamptz,
  created_at timestamptz not null default now()
);

-- Checkout exactly once (docs/architecture.md, "Checkout exactly once"): POST /checkout/order
-- takes an Idempotency-Key, and the same key within 24 hours answers the first order again and
-- creates nothing. A key is bound to its request (a hash of the order's inputs): the same key with
-- another request is refused (P0422, the api function's 422 naming Idempotency-Key).
create table private.checkout_idempotency_keys (
  idempotency_key text primary key
    constraint checkout_idempotency_keys_idempotency_key_check check (idempotency_key ~ '^[A-Za-z0-9_-]{8,100}$'),
  request_hash text not null
    constraint checkout_idempotency_keys_request_hash_check check (request_hash ~ '^[0-9a-f]{64}$'),
  order_id uuid not null
    constraint checkout_idempotency_keys_order_id_fkey references public.orders (id) on delete cascade,
  created_at timestamptz not null default now()
);

-- comments ---------------------------------------------------------------------------------------

comment on table public.orders is 'A cash-on-delivery order through an affiliate link, with price, rate and fee snapshots in cents.';
comment on column public.orders.commission_cents is 'C = round_half_up(sale * rate): the influencer''s commission.';
comment on column public.orders.business_gross_cents is 'G = sale - C: the business''s share before the platform fee.';
comment on column public.orders.platform_fee_cents is 'F = round_half_up(G * 0.15): the platform fee, paid by the business.';
comment on column public.orders.business_net_cents is 'N = G - F: what the business is paid.';
comment on column public.orders.click_id is 'The short-link click the customer came through (the checkout''s ref), when it was on this order''s link.';
comment on column public.orders.source is 'The source of that click, copied so the stats group orders without a join; null: no click.';
comment on column public.orders.cancellation_reason is 'Why the order was cancelled; set exactly while the status is cancelled.';
comment on column public.orders.order_number is
  'The short number people say on the phone, e.g. SL-004213: sequential, six digits with leading zeros up to SL-999999, then every digit (SL-1000000); at most 12 characters.';
comment on column public.orders.review_status is 'null: never flagged; held: flagged, its commission waits for an admin; cleared: an admin released it.';

comment on table private.order_contacts is 'The customer''s phone and address per order, kept out of public.orders so influencers and realtime never see them.';
comment on table private.order_phone_runs is 'Each run of four digits of every order''s customer phone as dialled (0 and the national number), with its placement time: the admin''s phone search, newest first.';

comment on table public.order_status_history is 'Every status an order entered: who, when, from, to and the note.';
comment on column public.order_status_history.cancellation_reason is 'The reason given when this change cancelled the order; null for every other change.';

comment on table private.order_counts is 'Orders, sales (subtotals) and commissions per status, cancellation reason and confirmation, platform-wide and per shop, influencer and link; kept by every order change.';

comment on table private.checkout_attempts is 'Recent checkouts per phone and per address, for the checkout rate limit.';

comment on table public.order_flags is 'The rules a flagged order fired at checkout and who cleared it; admins only, so the parties never learn the rule.';

comment on table private.order_tracking_tokens is 'The sha256 of each token that opens an order''s page (APP_URL/o/<token>); the tokens themselves are never stored.';
comment on table public.order_confirmation_calls is 'Each call made to confirm an order before dispatch: outcome, note, who and when. Admins read them.';
comment on column public.orders.confirmation is 'Whether the customer confirmed before dispatch: unconfirmed, confirmed_by_customer (on the order''s page) or confirmed_by_phone (on a call).';

comment on table private.checkout_idempotency_keys is 'Idempotency-Key of POST /checkout/order: the key, the hash of its request and the order it placed; kept 24 hours. Only private.place_order_once reads or writes it.';
comment on column private.checkout_idempotency_keys.request_hash is 'sha256 of the order''s inputs (link, phone, place, quantity, click, recipient and address): a key answers only the request it was first sent with.';

-- indexes ----------------------------------------------------------------------------------------

-- The boards read every list newest first by (created_at, id) in descending order, a page at a
-- time (keyset paging), so each page is one range scan of an index on exactly that order, with the
-- list's filter column in front where a list is filtered. The id orders rows created in the same
-- microsecond, which the time alone leaves unordered.
create index orders_created_at_id_idx on public.orders (created_at desc, id desc);
create index orders_business_id_idx on public.orders (business_id, created_at desc, id desc);
create index orders_influencer_id_idx on public.orders (influencer_id, created_at desc, id desc);
create index orders_status_idx on public.orders (status, created_at desc, id desc);
create index orders_campaign_id_idx on public.orders (campaign_id);
create index orders_affiliate_link_id_idx on public.orders (affiliate_link_id);
create index orders_click_id_idx on public.orders (click_id);
-- The orders still to confirm (unconfirmed, and the shop still has them), oldest first: the admin's
-- "To confirm" list and the job that cancels those left unconfirmed too long.
create index orders_to_confirm_idx on public.orders (created_at, id)
  where confirmation = 'unconfirmed' and status in ('new_order', 'ready_for_pickup');
-- repeat_phone reads a phone's orders placed within a window.
create index order_contacts_customer_phone_idx on private.order_contacts (customer_phone, placed_at);
-- An order's calls, oldest first.
create index order_confirmation_calls_order_id_idx on public.order_confirmation_calls (order_id, id);
create index order_confirmation_calls_called_by_idx on public.order_confirmation_calls (called_by);
-- An order's tokens, for the foreign key.
create index order_tracking_tokens_order_id_idx on private.order_tracking_tokens (order_id);

create index order_status_history_order_id_idx on public.order_status_history (order_id, id);
create index order_status_history_changed_by_idx on public.order_status_history (changed_by);

create index checkout_attempts_phone_idx on private.checkout_attempts (customer_phone, attempted_at);
create index checkout_attempts_ip_idx on private.checkout_attempts (client_ip, attempted_at);
create index checkout_attempts_attempted_at_idx on private.checkout_attempts (attempted_at);

-- The sweep of keys past 24 hours.
create index checkout_idempotency_keys_created_at_idx on private.checkout_idempotency_keys (created_at);
-- The order's key, for the foreign key's cascade.
create index checkout_idempotency_keys_order_id_idx on private.checkout_idempotency_keys (order_id);

-- row-level security and grants ------------------------------------------------------------------

alter table public.orders enable row level security;
revoke all on public.orders from anon, authenticated;
grant select on public.orders to authenticated;
-- Orders are meant to be written only by the functions below (running as their owner), even by
-- the API's own service connection. NOTE: the revoke above does not name service_role, so it keeps
-- the privileges the default privileges gave it (all of them); this grant adds nothing.
grant select on public.orders to service_role;

create policy "Businesses can read their own orders" on public.orders
  for select to authenticated using (business_id = (select auth.uid()));

create policy "Influencers can read orders through their links" on public.orders
  for select to authenticated using (influencer_id = (select auth.uid()));

create policy "Admins can read every order" on public.orders
  for select to authenticated using ((select private.has_role('admin')));

-- No grants and no policies: only the functions below (as their owner) read or write them.
alter table private.order_contacts enable row level security;
alter table private.order_phone_runs enable row level security;
revoke all on private.order_phone_runs from public, anon, authenticated, service_role;
alter table private.order_tracking_tokens enable row level security;

alter table public.order_confirmation_calls enable row level security;
revoke all on public.order_confirmation_calls from anon, authenticated;
grant select on public.order_confirmation_calls to authenticated;
create policy "Admins can read confirmation calls" on public.order_confirmation_calls
  for select to authenticated using ((select private.has_role('admin')));
revoke all on private.order_tracking_tokens from public, anon, authenticated, service_role;

alter table public.order_status_history enable row level security;
revoke all on public.order_status_history from anon, authenticated;
grant select on public.order_status_history to authenticated;
-- As for orders, service_role keeps its default privileges (all): this grant adds nothing.
grant select on public.order_status_history to service_role;

create policy "Admins can read every order history" on public.order_status_history
  for select to authenticated using ((select private.has_role('admin')));

create policy "Businesses can read the history of their orders" on public.order_status_history
  for select to authenticated
  using (exists (select 1 from public.orders o where o.id = order_id and o.business_id = (select auth.uid())));

alter table private.checkout_attempts enable row level security;

-- Only the functions below (as their owner) read or write it.
alter table private.order_counts enable row level security;
revoke all on private.order_counts from public, anon, authenticated, service_role;

alter table public.order_flags enable row level security;
revoke all on public.order_flags from anon, authenticated;
grant select on public.order_flags to authenticated;
-- As for orders, service_role keeps its default privileges (all): this grant adds nothing.
grant select on public.order_flags to service_role;
create policy "Admins can read order flags" on public.order_flags
  for select to authenticated using ((select private.has_role('admin')));

alter table private.checkout_idempotency_keys enable row level security;
revoke all on private.checkout_idempotency_keys from public, anon, authenticated, service_role;

-- checkout ---------------------------------------------------------------------------------------

-- The checkout. The click the customer came through (p_click_id, the `ref` of the short link's
-- redirect) is kept only when it is a click on this very link (same influencer and campaign); any
-- other id (unknown, another link's, malformed upstream) places the order as it would without
-- one, unattributed, so a stale or copied ref never stops a sale. The quantity and the phone's
-- format are refused by their tables' constraints (orders_quantity_check,
-- order_contacts_customer_phone_check) when the order and its contact are written; the api function
-- answers each with its field and one message (contract/constraints.ts).
-- Once its contact is recorded, the order is flagged (private.flag_order, this file: the fraud
-- rules it fires, held for review when any does), and the order is returned as stored.
-- Side effects: inserting the order gives it its number (the order_number default,
-- private.order_number), counts it (orders_count_inserts, this file) and queues the Telegram
-- new-order notice once its contact is written (trigger order_contacts_queue_telegram, 09_telegram.sql). Its first history row has no
-- changed_by, so order_status_history_audit (10_audit.sql) skips it.
-- It declares a variable of type public.link_clicks, which 07_attribution.sql creates after this
-- file: PL/pgSQL resolves declared types when a function is created, so the body is not checked
-- here (it is checked when first called, as always).
set check_function_bodies = off;
create or replace function private.place_order(
  p_influencer_id uuid,
  p_campaign_id uuid,
  p_customer_phone text,
  p_district text,
  p_commune text,
  p_quantity integer,
  p_client_ip text,
  p_click_id uuid default null,
  p_recipient_name text default null,
  p_address_line text default null,
  p_landmark text default null,
  p_delivery_note text default null,
  p_province text default null
) returns public.orders
language plpgsql security definer set search_path = ''
as $$
declare
  link public.affiliate_links;
  campaign public.campaigns;
  place public.communes;
  fee integer;
  new_order public.orders;
  closed_reason text;
  click public.link_clicks;
begin
  if p_client_ip is null or trim(p_client_ip) = '' then
    raise exception 'Client address is required' using errcode = '22023';
  end if;
  -- A person places an order in tens of seconds; scripts do not get to flood a shop. The locks
  -- make parallel checkouts from one phone or address count one after another. Each limit reads
  -- only the phone's (address's) latest attempts, newest first from its own index, and asks
  -- whether the limit's worth of them fall within the minute: counting every attempt of the
  -- minute let the planner scan the whole minute's attempts by time instead, 1 to 4 ms a
  -- checkout once thousands are placed a minute.
  perform pg_advisory_xact_lock(hashtextextended('checkout:phone:' || p_customer_phone, 0));
  perform pg_advisory_xact_lock(hashtextextended('checkout:ip:' || p_client_ip, 0));
  if (select count(*) from (select a.attempted_at from private.checkout_attempts a
                            where a.customer_phone = p_customer_phone
                            order by a.attempted_at desc limit 3) latest
      where latest.attempted_at > now() - interval '1 minute') >= 3
     or (select count(*) from (select a.attempted_at from private.checkout_attempts a
                               where a.client_ip = p_client_ip
                               order by a.attempted_at desc limit 20) latest
         where latest.attempted_at > now() - interval '1 minute') >= 20 then
    raise exception 'Too many orders in a short time. Please wait a minute and try again.' using errcode = 'P0429';
  end if;

  select * into link from public.affiliate_links
  where influencer_id = p_influencer_id and campaign_id = p_campaign_id and status = 'approved';
  if not found then
    raise exception 'This affiliate link is not valid' using errcode = 'P0002';
  end if;
  select * into campaign from public.campaigns where id = p_campaign_id;
  closed_reason := private.link_closed_reason(campaign.status, campaign.start_date, campaign.end_date,
    (select u.status from public.users u where u.id = link.influencer_id),
    (select u.status from public.users u where u.id = campaign.business_id));
  if closed_reason is not null then
    raise exception '%', closed_reason using errcode = '55000';
  end if;
  if nullif(btrim(p_recipient_name), '') is null then
    raise exception 'Recipient name is required' using errcode = '22023', column = 'recipient_name';
  end if;
  if nullif(btrim(p_address_line), '') is null then
    raise exception 'Address is required' using errcode = '22023', column = 'address_line';
  end if;
  select * into place from public.find_commune(p_province, p_district, p_commune);
  if not found then
    raise exception 'We do not deliver to % in % yet', p_commune, p_district using errcode = '22023';
  end if;
  select q.fee_cents into fee from public.delivery_quote(place.code) q;
  if fee is null then
    raise exception 'We do not deliver to % in % yet', p_commune, p_district using errcode = '22023';
  end if;
  if p_click_id is not null then
    select * into click from public.link_clicks where id = p_click_id and affiliate_link_id = link.id;
  end if;

  insert into private.checkout_attempts (customer_phone, client_ip) values (p_customer_phone, p_client_ip);
  delete from private.checkout_attempts where attempted_at < now() - interval '1 hour';

  insert into public.orders (campaign_id, affiliate_link_id, business_id, influencer_id, product_name,
    unit_price_cents, commission_rate, quantity, delivery_fee_cents, delivery_district, delivery_commune,
    delivery_commune_code, click_id, source)
  values (campaign.id, link.id, campaign.business_id, link.influencer_id, campaign.product_name,
    campaign.price_cents, campaign.commission_rate, p_quantity, fee,
    (select d.name_en from public.districts d where d.code = place.district_code), place.name_en,
    place.code, click.id, click.source)
  returning * into new_order;
  -- Blank optional parts are stored as null, and every part trimmed.
  insert into private.order_contacts (order_id, customer_phone, recipient_name, address_line, landmark, delivery_note)
  values (new_order.id, p_customer_phone, btrim(p_recipient_name), btrim(p_address_line),
          nullif(btrim(p_landmark), ''), nullif(btrim(p_delivery_note), ''));
  -- After the contact, so that repeat_phone counts this order too.
  new_order := private.flag_order(new_order, p_customer_phone);
  insert into public.order_status_history (order_id, from_status, to_status, note)
  values (new_order.id, null, 'new_order', 'Order placed at checkout');
  return new_order;
end
$$;
reset check_function_bodies;
comment on function private.place_order is 'Checkout: validates the link, the campaign (active and within its dates), the recipient and address, the place (a commune of the gazetteer with a fee) and rate limit, creates the order with server-side amounts, attributed to the given click when it was on the same link, flags it (private.flag_order) and returns it as stored.';

-- Checkout with an Idempotency-Key: places the order through private.place_order in the same
-- transaction, so the key and its order commit together or not at all. A transaction-scoped
-- advisory lock on the key makes a second request with the same key wait for the first: it then
-- finds the key and answers the first's order, so two submits in one instant make one order. If
-- the first fails (a refused phone, a rate limit), nothing is kept and the second places the order
-- itself. Answers the order as stored, whether it was placed earlier (replayed), whether this
-- transaction queued a Telegram notice (so the api function drains the outbox only then) and a
-- new token of the order's page (private.issue_tracking_token, a replay too), all in
-- the checkout's one statement (order_id comes first, as before, so a function deployed before this
-- definition still reads it); without a key (null) it is private.place_order. A malformed key is refused by
-- checkout_idempotency_keys_idempotency_key_check when it is stored, the order it placed rolled
-- back with it.
create or replace function private.place_order_once(
  p_idempotency_key text,
  p_influencer_id uuid,
  p_campaign_id uuid,
  p_customer_phone text,
  p_district text,
  p_commune text,
  p_quantity integer,
  p_client_ip text,
  p_click_id uuid default null,
  p_recipient_name text default null,
  p_address_line text default null,
  p_landmark text default null,
  p_delivery_note text default null,
  p_province text default null
) returns table (order_id uuid, replayed boolean, placed public.orders, notice_queued boolean, tracking_token text)
language plpgsql volatile security definer set search_path = ''
as $$
declare
  request text;
  earlier private.checkout_idempotency_keys;
  new_order public.orders;
begin
  if p_idempotency_key is null then
    new_order := private.place_order(p_influencer_id, p_campaign_id, p_customer_phone, p_district, p_commune,
                                     p_quantity, p_client_ip, p_click_id, p_recipient_name, p_address_line,
                                     p_landmark, p_delivery_note, p_province);
    return query select new_order.id, false, new_order, private.telegram_notice_queued(),
                        private.issue_tracking_token(new_order.id);
    return;
  end if;

  -- What the order is: the same key answers only the same request (the caller's address is not
  -- part of it: a retry from another network is the same order).
  request := encode(sha256(convert_to(concat_ws(E'\n', p_influencer_id, p_campaign_id, p_customer_phone,
                                                p_province, p_district, p_commune, p_quantity, p_click_id,
                                                p_recipient_name, p_address_line, p_landmark, p_delivery_note),
                                      'UTF8')), 'hex');

  -- A second request with this key waits here until the first commits or rolls back.
  perform pg_advisory_xact_lock(hashtextextended('checkout:idempotency:' || p_idempotency_key, 0));
  select * into earlier from private.checkout_idempotency_keys k
  where k.idempotency_key = p_idempotency_key and k.created_at > now() - interval '24 hours';
  if found then
    if earlier.request_hash <> request then
      raise exception 'Idempotency-Key was already used for a different order: send a new key for a new order'
        using errcode = 'P0422', column = 'Idempotency-Key';
    end if;
    return query select o.id, true, o, false, private.issue_tracking_token(o.id)
                 from public.orders o where o.id = earlier.order_id;
    return;
  end if;

  new_order := private.place_order(p_influencer_id, p_campaign_id, p_customer_phone, p_district, p_commune,
                                   p_quantity, p_client_ip, p_click_id, p_recipient_name, p_address_line,
                                   p_landmark, p_delivery_note, p_province);
  -- Keys live 24 hours: an expired copy of this key gives way, and older keys are swept.
  delete from private.checkout_idempotency_keys k
  where k.created_at <= now() - interval '24 hours';
  insert into private.checkout_idempotency_keys (idempotency_key, request_hash, order_id)
  values (p_idempotency_key, request, new_order.id);
  return query select new_order.id, false, new_order, private.telegram_notice_queued(),
                      private.issue_tracking_token(new_order.id);
end
$$;
comment on function private.place_order_once is 'Checkout with an Idempotency-Key: the same key within 24 hours answers the first order (replayed) and creates nothing; another request with that key is refused (P0422).';

-- The customer's order page ------------------------------------------------------------------------

-- A new token that opens the order's page (24 random bytes, 32 characters), of which only the
-- hash is kept: the checkout answers it once, in the order's tracking_url.
create or replace function private.issue_tracking_token(p_order_id uuid) returns text
language plpgsql volatile security definer set search_path = ''
as $$
declare
  token text := private.random_token(24);
begin
  insert into private.order_tracking_tokens (token_hash, order_id)
  values (extensions.digest(token, 'sha256'), p_order_id);
  return token;
end
$$;
comment on function private.issue_tracking_token is 'Checkout: stores the hash of a new token of the order''s page and returns the token, once.';

-- The order a token opens, or null.
create or replace function private.tracked_order_id(p_token text) returns uuid
language sql stable security definer set search_path = ''
as $$
  select order_id from private.order_tracking_tokens where token_hash = extensions.digest(p_token, 'sha256')
$$;
comment on function private.tracked_order_id is 'The order whose page a token opens; null for an unknown token.';

-- The order, locked (so a customer's or a caller's change queues behind an admin's, as in
-- change_order_status), while the shop still has it: new or ready for pickup. Otherwise 55000,
-- "This order is <status>: <p_refusal>"; an unknown order is P0002.
create or replace function private.lock_order_in_shop(p_order_id uuid, p_refusal text) returns public.orders
language plpgsql volatile security definer set search_path = ''
as $$
declare
  current_order public.orders;
begin
  select * into current_order from public.orders where id = p_order_id for no key update;
  if not found then
    raise exception 'Order not found' using errcode = 'P0002';
  end if;
  if current_order.status not in ('new_order', 'ready_for_pickup') then
    raise exception 'This order is %: %',
      case current_order.status when 'out_for_delivery' then 'out for delivery' else current_order.status::text end,
      p_refusal using errcode = '55000';
  end if;
  return current_order;
end
$$;
comment on function private.lock_order_in_shop is 'Locks an order the shop still has (new or ready for pickup) and answers it; 55000 naming its status otherwise, P0002 when unknown.';

-- The customer confirms their order on its page, before it leaves the shop. Confirming a
-- confirmed order changes nothing; an order on its way, delivered or cancelled has nothing left
-- to confirm (55000, naming its status).
create or replace function private.confirm_order_by_customer(p_order_id uuid) returns public.orders
language plpgsql volatile security definer set search_path = ''
as $$
declare
  current_order public.orders := private.lock_order_in_shop(p_order_id, 'there is nothing left to confirm');
begin
  if current_order.confirmation = 'unconfirmed' then
    update public.orders set confirmation = 'confirmed_by_customer' where id = p_order_id returning * into current_order;
  end if;
  return current_order;
end
$$;
comment on function private.confirm_order_by_customer is 'The order''s page: the customer confirms an order not yet on its way (once; again changes nothing).';

-- The customer cancels their order on its page while the shop still has it (new or ready for
-- pickup): cancelled as customer_cancelled, in the history without an actor. Once it is on its way
-- the customer calls the shop instead (55000, naming the status).
create or replace function private.cancel_order_by_customer(p_order_id uuid) returns public.orders
language plpgsql volatile security definer set search_path = ''
as $$
declare
  current_order public.orders :=
    private.lock_order_in_shop(p_order_id, 'it can no longer be cancelled here. Please call the shop');
  previous_status public.order_status := current_order.status;
begin
  update public.orders set status = 'cancelled', cancellation_reason = 'customer_cancelled'
  where id = p_order_id returning * into current_order;
  insert into public.order_status_history (order_id, from_status, to_status, note, cancellation_reason)
  values (p_order_id, previous_status, 'cancelled', 'Cancelled by the customer', 'customer_cancelled');
  return current_order;
end
$$;
comment on function private.cancel_order_by_customer is 'The order''s page: the customer cancels an order that is new or ready for pickup (customer_cancelled); later, 55000.';

-- An admin records a call made to confirm an order before dispatch: confirmed (the order becomes
-- confirmed_by_phone, unless the customer confirmed it already), no answer, or a wrong number,
-- with an optional note. Only while the shop still has the order (new or ready for pickup);
-- audited by order_confirmation_calls_audit (10_audit.sql).
create or replace function public.record_confirmation_call(p_order_id uuid, p_outcome text, p_note text default null)
returns public.orders
language plpgsql volatile security definer set search_path = ''
as $$
declare
  current_order public.orders;
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can record a confirmation call' using errcode = '42501';
  end if;
  if p_outcome is null or not p_outcome = any (enum_range(null::public.confirmation_call_outcome)::text[]) then
    raise exception 'outcome must be one of %', array_to_string(enum_range(null::public.confirmation_call_outcome), ', ')
      using errcode = '22023', column = 'outcome';
  end if;
  current_order := private.lock_order_in_shop(p_order_id, 'there is nothing left to confirm');
  insert into public.order_confirmation_calls (order_id, outcome, note, called_by)
  values (p_order_id, p_outcome::public.confirmation_call_outcome, nullif(btrim(p_note), ''), (select auth.uid()));
  if p_outcome = 'confirmed' and current_order.confirmation = 'unconfirmed' then
    update public.orders set confirmation = 'confirmed_by_phone' where id = p_order_id returning * into current_order;
  end if;
  return current_order;
end
$$;
comment on function public.record_confirmation_call is 'An admin records a call to confirm an order not yet on its way (confirmed, no_answer, wrong_number); confirmed makes it confirmed_by_phone.';

-- The scheduled job (12_scheduled_jobs.sql): orders still unconfirmed and not yet on their way,
-- placed more than unconfirmed_cancel_hours ago, are cancelled as customer_unreachable, each with
-- a history row and an order.auto_cancel audit entry without an actor (the rule acted; an admin
-- set it). Off while the setting is 0. At most p_batch orders a run, oldest first; an order an
-- admin is changing at that moment is skipped (skip locked) and the next run sees it again.
-- Answers how many it cancelled.
create or replace function private.cancel_unconfirmed_orders(p_batch integer default 500) returns integer
language plpgsql volatile security definer set search_path = ''
as $$
declare
  window_hours integer := (select s.unconfirmed_cancel_hours from public.marketplace_settings s where s.id);
  note text := format('Not confirmed within %s hours', window_hours);
  cancelled integer;
begin
  if window_hours = 0 then
    return 0;
  end if;
  with due as (
    select o.id, o.status from public.orders o
    where o.confirmation = 'unconfirmed' and o.status in ('new_order', 'ready_for_pickup')
      and o.created_at < now() - make_interval(hours => window_hours)
    order by o.created_at, o.id
    limit p_batch
    for no key update skip locked
  ), changed as (
    update public.orders o set status = 'cancelled', cancellation_reason = 'customer_unreachable'
    from due where o.id = due.id
    returning o.id, o.order_number, due.status as previous_status
  ), history as (
    insert into public.order_status_history (order_id, from_status, to_status, note, cancellation_reason)
    select c.id, c.previous_status, 'cancelled', note, 'customer_unreachable' from changed c
  )
  insert into public.audit_log (actor_id, actor_email, action, target_type, target_id, details)
  select null, null, 'order.auto_cancel', 'order', c.id::text,
         jsonb_build_object('before', jsonb_build_object('status', c.previous_status),
                            'after', jsonb_build_object('status', 'cancelled'),
                            'reason', 'customer_unreachable', 'note', note,
                            'unconfirmed_cancel_hours', window_hours, 'order_number', c.order_number)
  from changed c;
  get diagnostics cancelled = row_count;
  return cancelled;
end
$$;
comment on function private.cancel_unconfirmed_orders is 'The scheduled job: cancels (customer_unreachable, audited as order.auto_cancel) up to p_batch orders left unconfirmed longer than unconfirmed_cancel_hours while the shop still had them; 0 turns it off.';

-- fraud flags ------------------------------------------------------------------------------------

create or replace function private.checkout_flags(p_link public.affiliate_links, p_business_id uuid, p_customer_phone text)
returns public.order_flag[]
language plpgsql stable security definer set search_path = ''
as $$
declare
  settings public.marketplace_settings;
  flags public.order_flag[] := '{}';
  finished integer;
  refused integer;
begin
  select * into settings from public.marketplace_settings where id;
  if exists (select 1 from public.users
             where (id = p_business_id and store_phone = p_customer_phone)
                or (id = p_link.influencer_id and phone = p_customer_phone)) then
    flags := flags || 'self_order'::public.order_flag;
  end if;
  -- Called once the new order's contact is recorded, so the count includes the new order. It
  -- stops at the threshold: a phone with thousands of orders costs what one with three does.
  if (select count(*) from (
        select 1 from private.order_contacts c
        where c.customer_phone = p_customer_phone
          and c.placed_at > now() - make_interval(hours => settings.repeat_phone_hours)
        limit settings.repeat_phone_orders) as recent)
     >= settings.repeat_phone_orders then
    flags := flags || 'repeat_phone'::public.order_flag;
  end if;
  -- The link's counters, not its orders: the same cost at 100,000 orders as at none.
  select coalesce(sum(c.orders) filter (where c.status in ('delivered', 'cancelled')), 0),
         coalesce(sum(c.orders) filter (where c.cancellation_reason = 'customer_refused'), 0)
    into finished, refused
  from private.order_counts c where c.scope = 'link' and c.scope_id = p_link.id;
  if finished >= settings.refusal_flag_min_finished and refused * 100 >= settings.refusal_flag_percent * finished then
    flags := flags || 'high_refusal_link'::public.order_flag;
  end if;
  return flags;
end
$$;
comment on function private.checkout_flags is 'The fraud flags of a new order (its contact already recorded) on this link from this phone, with the thresholds of the marketplace settings.';

-- Flags a new order: records the fraud rules it fires (public.order_flags) and holds it for review,
-- and returns the order as stored, held or not. Called by private.place_order in the checkout's
-- transaction, once the order's contact is recorded (so repeat_phone counts the order). Holding it
-- runs orders_touch_updated_at (this file) and orders_audit_review (10_audit.sql), which records
-- nothing for a checkout (the caller is no admin).
create or replace function private.flag_order(p_order public.orders, p_customer_phone text) returns public.orders
language plpgsql security definer set search_path = ''
as $$
declare
  link public.affiliate_links;
  flags public.order_flag[];
  flagged public.orders := p_order;
begin
  select * into link from public.affiliate_links where id = p_order.affiliate_link_id;
  flags := private.checkout_flags(link, p_order.business_id, p_customer_phone);
  if cardinality(flags) > 0 then
    insert into public.order_flags (order_id, flags) values (p_order.id, flags);
    update public.orders set review_status = 'held' where id = p_order.id
    returning * into flagged;
  end if;
  return flagged;
end
$$;
comment on function private.flag_order is 'Checkout: records the fraud flags of a new order (its contact recorded) and holds it for review when any fired; returns the order as stored.';

-- An admin clears a held order; to refuse one, the admin cancels it as suspected_fraud instead.
-- Side effect: the trigger orders_audit_review (10_audit.sql) records the review in the audit log.
create or replace function public.review_order(p_order_id uuid, p_decision text) returns public.orders
language plpgsql security definer set search_path = ''
as $$
declare
  reviewed public.orders;
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can review orders' using errcode = '42501';
  end if;
  if p_decision is distinct from 'clear' then
    raise exception 'decision must be clear (to refuse an order, cancel it as suspected_fraud)'
      using errcode = '22023', column = 'decision';
  end if;
  select * into reviewed from public.orders where id = p_order_id for no key update;
  if not found then
    raise exception 'Order not found' using errcode = 'P0002';
  end if;
  if reviewed.review_status is distinct from 'held' then
    raise exception 'This order is not held for review' using errcode = '55000';
  end if;
  update public.order_flags set reviewed_by = (select auth.uid()), reviewed_at = now() where order_id = p_order_id;
  update public.orders set review_status = 'cleared' where id = p_order_id
  returning * into reviewed;
  return reviewed;
end
$$;
comment on function public.review_order is 'Admin: clears a flagged order held for review, so its commission follows the holding period like any other.';

-- status changes ---------------------------------------------------------------------------------

-- One step forward, a listed revert, cancelling before delivery, and reopening a cancelled order
-- as new (docs/product.md, "Orders").
create or replace function private.order_transition_allowed(p_from public.order_status, p_to public.order_status) returns boolean
language plpgsql immutable set search_path = ''
as $$
begin
  return (p_from, p_to) in (
    ('new_order', 'ready_for_pickup'), ('ready_for_pickup', 'out_for_delivery'), ('out_for_delivery', 'delivered'),
    ('ready_for_pickup', 'new_order'),
    ('out_for_delivery', 'ready_for_pickup'), ('out_for_delivery', 'new_order'),
    ('delivered', 'out_for_delivery'), ('delivered', 'ready_for_pickup'), ('delivered', 'new_order'),
    ('new_order', 'cancelled'), ('ready_for_pickup', 'cancelled'), ('out_for_delivery', 'cancelled'),
    ('cancelled', 'new_order')
  );
end
$$;
comment on function private.order_transition_allowed is 'The order status transitions: one step forward, a listed revert, cancelling before delivery, and reopening a cancelled order as new.';

-- An admin's change of an order's status, with a reason when it cancels.
-- Side effects: orders_touch_updated_at (this file) stamps the order; the history row it writes
-- runs order_status_history_audit (10_audit.sql), the audit log entry. Entering or leaving
-- delivered posts to the ledger: this function calls private.post_delivery or
-- private.reverse_delivery (06_ledger_and_payouts.sql).
create or replace function public.change_order_status(
  p_order_id uuid,
  p_new_status text,
  p_note text default null,
  p_reason text default null
) returns public.orders
language plpgsql security definer set search_path = ''
as $$
declare
  current_order public.orders;
  previous_status public.order_status;
  new_status public.order_status;
  reason public.order_cancellation_reason;
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can change order status' using errcode = '42501';
  end if;
  if p_new_status is null or not p_new_status = any (enum_range(null::public.order_status)::text[]) then
    raise exception 'new_status must be one of %', array_to_string(enum_range(null::public.order_status), ', ')
      using errcode = '22023', column = 'new_status';
  end if;
  new_status := p_new_status::public.order_status;
  -- A cancellation says why; no other change has a reason to give.
  if new_status = 'cancelled' then
    if p_reason is null then
      raise exception 'reason is required to cancel an order' using errcode = '22023', column = 'reason';
    end if;
    if not p_reason = any (enum_range(null::public.order_cancellation_reason)::text[]) then
      raise exception 'reason must be one of %', array_to_string(enum_range(null::public.order_cancellation_reason), ', ')
        using errcode = '22023', column = 'reason';
    end if;
    reason := p_reason::public.order_cancellation_reason;
  elsif p_reason is not null then
    raise exception 'reason is only for cancelling an order' using errcode = '22023', column = 'reason';
  end if;
  -- The row lock makes concurrent changes of one order queue; each then sees the status the
  -- previous one left, so of two identical requests only the first applies. Every writer of an
  -- order locks it for no key update, never for update: that would also hold back the foreign key
  -- checks of rows that merely point at the order (its history, its earnings returned by a
  -- rejected payout request), and a release that holds the order's cash while its check waits
  -- for a change that waits for that cash is a deadlock (seen in the ledger-invariant run).
  select * into current_order from public.orders where id = p_order_id for no key update;
  if not found then
    raise exception 'Order not found' using errcode = 'P0002';
  end if;
  if not private.order_transition_allowed(current_order.status, new_status) then
    -- The two refusals an admin meets at the door get a message saying what to do instead.
    if current_order.status = 'delivered' and new_status = 'cancelled' then
      raise exception 'A delivered order cannot be cancelled: revert it to Out for Delivery first'
        using errcode = '55000';
    elsif current_order.status = 'cancelled' then
      raise exception 'A cancelled order can only be reopened as a New Order' using errcode = '55000';
    end if;
    raise exception 'Cannot change an order from % to %', current_order.status, p_new_status
      using errcode = '55000';
  end if;

  previous_status := current_order.status;
  update public.orders set status = new_status, cancellation_reason = reason
  where id = p_order_id returning * into current_order;
  insert into public.order_status_history (order_id, from_status, to_status, changed_by, note, cancellation_reason)
  values (p_order_id, previous_status, new_status, (select auth.uid()), p_note, reason);
  -- The ledger moves in the same transaction as the status: both happen or neither. Cancelling
  -- posts nothing: only delivered orders have ledger entries, and delivered cannot be cancelled.
  if new_status = 'delivered' then
    perform private.post_delivery(p_order_id);
  elsif previous_status = 'delivered' then
    perform private.reverse_delivery(p_order_id);
  end if;
  return current_order;
end
$$;
comment on function public.change_order_status is 'An admin moves an order one step forward or back, cancels it with a reason or reopens it; recorded in the history and posted to the ledger.';

-- The shop marks its own new order packed and ready for pickup (PUT /orders/{id}/ready): only from
-- new_order, in the history with the shop as the one who changed it, and audited with the shop as
-- the actor (order_status_history_audit, 10_audit.sql). Another shop's order is not found.
create or replace function public.mark_order_ready(p_order_id uuid) returns public.orders
language plpgsql volatile security definer set search_path = ''
as $$
declare
  current_order public.orders;
begin
  if not private.has_role('business') then
    raise exception 'Only the order''s shop can mark it ready' using errcode = '42501';
  end if;
  select * into current_order from public.orders
  where id = p_order_id and business_id = (select auth.uid())
  for no key update;
  if not found then
    raise exception 'Order not found' using errcode = 'P0002';
  end if;
  if current_order.status <> 'new_order' then
    raise exception 'This order is %: only a new order can be marked ready',
      replace(current_order.status::text, '_', ' ') using errcode = '55000';
  end if;
  update public.orders set status = 'ready_for_pickup' where id = p_order_id returning * into current_order;
  insert into public.order_status_history (order_id, from_status, to_status, changed_by, note)
  values (p_order_id, 'new_order', 'ready_for_pickup', (select auth.uid()), 'Packed by the shop');
  return current_order;
end
$$;
-- The shop's packing slips (POST /orders/packing-slips): for each of its own given orders, who
-- receives it and where, what to collect, and a new token of the customer's page for the slip's QR
-- code (tokens are stored hashed, so a slip cannot reprint an earlier one). 1 to 50 orders; an
-- order that is not the caller's shop's is not found, and nothing is issued.
create or replace function public.packing_slips(p_order_ids uuid[])
returns table (order_id uuid, order_number text, product_name text, quantity integer, total_cents bigint,
               recipient_name text, address_line text, landmark text, delivery_note text, tracking_token text)
language plpgsql volatile security definer set search_path = ''
as $$
begin
  if not private.has_role('business') then
    raise exception 'Only the order''s shop can print its packing slips' using errcode = '42501';
  end if;
  if coalesce(cardinality(p_order_ids), 0) not between 1 and 50 then
    raise exception 'Choose 1 to 50 orders' using errcode = '22023', column = 'order_ids';
  end if;
  if exists (select from unnest(p_order_ids) as given (id)
             where not exists (select from public.orders o where o.id = given.id and o.business_id = (select auth.uid()))) then
    raise exception 'Order not found' using errcode = 'P0002';
  end if;
  return query
    select o.id, o.order_number, o.product_name, o.quantity, o.total_cents, c.recipient_name, c.address_line,
           c.landmark, c.delivery_note, private.issue_tracking_token(o.id)
    from public.orders o
    join private.order_contacts c on c.order_id = o.id
    where o.id = any (p_order_ids)
    order by o.created_at, o.id;
end
$$;
comment on function public.packing_slips is 'The shop''s packing slips of 1 to 50 of its own orders: recipient, address, amount to collect and a new token of the customer''s page each.';

comment on function public.mark_order_ready is 'The shop marks its own new order ready for pickup; in the history and the audit log with the shop as the actor.';

-- the admin's board ------------------------------------------------------------------------------

-- Who receives the given orders and where: the phone for an approved admin only (delivery
-- coordination and the admin's CSV export, which passes every matching id at once); the recipient,
-- address, landmark and note for an approved admin and for the shop that sold the order, which
-- packs it. Orders the caller may not see are left out; an influencer gets nothing.
create or replace function public.order_delivery_contacts(p_order_ids uuid[])
returns table (order_id uuid, customer_phone text, recipient_name text, address_line text, landmark text,
               delivery_note text)
language plpgsql stable security definer set search_path = ''
as $$
declare
  is_admin boolean := private.has_role('admin');
begin
  if not is_admin and not private.has_role('business') then
    raise exception 'Only admins and the shop can read who receives an order' using errcode = '42501';
  end if;
  return query
    select c.order_id, case when is_admin then c.customer_phone end, c.recipient_name, c.address_line,
           c.landmark, c.delivery_note
    from private.order_contacts c
    join public.orders o on o.id = c.order_id
    where c.order_id = any (p_order_ids) and (is_admin or o.business_id = (select auth.uid()));
end
$$;
comment on function public.order_delivery_contacts is 'The recipient, address, landmark and note of each given order for an approved admin or the order''s shop; the customer''s phone for an admin only.';

-- A phone as it is dialled in Cambodia: 0 and the national number (+85512345678 is 012345678).
create or replace function private.dialled_phone(p_phone text) returns text
language plpgsql immutable strict set search_path = ''
as $$
begin
  return '0' || substr(p_phone, 5);
end
$$;
comment on function private.dialled_phone is 'A +855 phone as it is dialled in Cambodia: 0 and the national number.';

-- The runs of four digits of a phone as it is dialled, each once, as numbers (0123 is 123).
create or replace function private.phone_runs(p_phone text) returns smallint[]
language plpgsql immutable strict set search_path = ''
as $$
declare
  dialled constant text := private.dialled_phone(p_phone);
begin
  return array(select distinct substr(dialled, i, 4)::smallint from generate_series(1, length(dialled) - 3) i);
end
$$;
comment on function private.phone_runs is 'The runs of four digits of a +855 phone as dialled, each once, as numbers.';

-- Trigger: keeps private.order_phone_runs in step with the contacts' phones (an insert adds the
-- phone's runs; a change or a delete takes the old ones away first).
create or replace function private.keep_phone_runs() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    delete from private.order_phone_runs r
    where r.digits = any (private.phone_runs(old.customer_phone)) and r.placed_at = old.placed_at
      and r.order_id = old.order_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into private.order_phone_runs (digits, placed_at, order_id)
    select d, new.placed_at, new.order_id from unnest(private.phone_runs(new.customer_phone)) d;
  end if;
  return null;
end
$$;
comment on function private.keep_phone_runs is 'Trigger: keeps private.order_phone_runs in step with private.order_contacts.';

-- The phone stays in private.order_contacts: the search returns order ids, never phones.
-- The digits are looked for in the phone as it is dialled (private.dialled_phone): anywhere in it
-- ("5678", "2345 67", "012 345"), or, when they begin with the country code 855, right after its
-- 0 ("855 12 345" is 012 345...). The country code alone matches no one: every phone has it.
-- Each way reads the orders of the digits' first run of four (private.order_phone_runs) newest
-- first and checks the whole digits against the phone only when there are more than four (or for
-- the country code's way), so the search costs what the orders it answers cost. With p_limit it
-- answers at most that many of each way, placed before the cursor (p_before_placed_at,
-- p_before_id; both null: from the newest); without, every match.
create or replace function public.search_order_ids_by_phone(
  p_digits text,
  p_before_placed_at timestamptz default null,
  p_before_id uuid default null,
  p_limit integer default null
)
returns setof uuid
language plpgsql stable security definer set search_path = ''
as $$
declare
  before_placed_at constant timestamptz := coalesce(p_before_placed_at, 'infinity');
  -- Above every uuid, so that without a cursor every order at or before 'infinity' comes.
  before_id constant uuid := coalesce(p_before_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff');
  after_code text;
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can search customer phone numbers' using errcode = '42501';
  end if;
  if p_digits is null or p_digits !~ '^[0-9]{4,12}$' then
    raise exception 'Search by phone needs at least 4 digits' using errcode = '22023', column = 'q';
  end if;
  return query
    select r.order_id from private.order_phone_runs r
    where r.digits = left(p_digits, 4)::smallint
      and (r.placed_at, r.order_id) < (before_placed_at, before_id)
      and (length(p_digits) = 4
           or exists (select 1 from private.order_contacts c
                      where c.order_id = r.order_id
                        and private.dialled_phone(c.customer_phone) like '%' || p_digits || '%'))
    order by r.placed_at desc, r.order_id desc
    limit p_limit;
  after_code := '0' || substr(p_digits, 4);
  if p_digits like '855%' and length(after_code) >= 4 then
    return query
      select r.order_id from private.order_phone_runs r
      join private.order_contacts c on c.order_id = r.order_id
      where r.digits = left(after_code, 4)::smallint
        and (r.placed_at, r.order_id) < (before_placed_at, before_id)
        and private.dialled_phone(c.customer_phone) like after_code || '%'
      order by r.placed_at desc, r.order_id desc
      limit p_limit;
  end if;
end
$$;
comment on function public.search_order_ids_by_phone is 'Admin only: the orders whose customer phone, as dialled (0 and the national number), holds the given digits (at least 4; digits beginning 855 also as the number after the country code), newest first, at most p_limit before the cursor.';

-- The caller's orders and sales (subtotals) per status, cancellation reason and confirmation, from the
-- counters: every order for an approved admin, a shop's own, an influencer's own (whatever their
-- account's status, as their orders' policies read). Counting the rows took 3.9 / 13.5 / 68.9 ms
-- at 10k / 100k / 1M orders; the counters take the same at any size.
create or replace function public.order_totals()
returns table (status public.order_status, cancellation_reason public.order_cancellation_reason,
               confirmation public.order_confirmation, orders bigint, sales_cents bigint)
language plpgsql stable security definer set search_path = ''
as $$
declare
  caller_type public.user_type;
  counted public.order_count_scope;
  counted_id uuid;
begin
  if private.has_role('admin') then
    counted := 'platform';
    counted_id := private.platform_scope_id();
  else
    select u.user_type into caller_type from public.users u where u.id = (select auth.uid());
    if caller_type is null or caller_type = 'admin' then
      raise exception 'Only shops, influencers and approved admins can count orders' using errcode = '42501';
    end if;
    counted := caller_type::text::public.order_count_scope;
    counted_id := (select auth.uid());
  end if;
  return query
    select c.status, c.cancellation_reason, c.confirmation, sum(c.orders)::bigint, sum(c.subtotal_cents)::bigint
    from private.order_counts c where c.scope = counted and c.scope_id = counted_id
    group by c.status, c.cancellation_reason, c.confirmation
    having sum(c.orders) <> 0;
end
$$;
comment on function public.order_totals is 'The caller''s orders and sales per status, cancellation reason and confirmation, from the counters: every order for an admin, their own for a shop or an influencer.';

-- counters ---------------------------------------------------------------------------------------

-- The scope_id of the platform's rows in private.order_counts.
create or replace function private.platform_scope_id() returns uuid
language sql immutable set search_path = ''
as $$
  select '00000000-0000-0000-0000-000000000000'::uuid
$$;
comment on function private.platform_scope_id is 'The scope_id of the platform-wide rows of private.order_counts (the nil uuid).';

-- The counters as the orders say they should be, computed from scratch (the slow way).
create or replace view private.recomputed_order_counts as
  select s.scope, s.scope_id, o.status, o.cancellation_reason, o.confirmation, count(*)::bigint as orders,
         sum(o.subtotal_cents)::bigint as subtotal_cents, sum(o.commission_cents)::bigint as commission_cents
  from public.orders o
  cross join lateral (values ('platform'::public.order_count_scope, private.platform_scope_id()),
                             ('business', o.business_id), ('influencer', o.influencer_id),
                             ('link', o.affiliate_link_id)) as s (scope, scope_id)
  group by s.scope, s.scope_id, o.status, o.cancellation_reason, o.confirmation;

-- Adds the orders of p_added and takes away those of p_removed, in every scope they count in.
-- The rows are upserted in key order, so concurrent transactions lock them in the same order and
-- cannot deadlock on them.
create or replace function private.add_order_counts(p_added public.orders[], p_removed public.orders[]) returns void
language plpgsql security definer set search_path = ''
as $$
begin
  insert into private.order_counts as c
    (scope, scope_id, status, cancellation_reason, confirmation, slot, orders, subtotal_cents, commission_cents)
  select s.scope, s.scope_id, d.status, d.cancellation_reason, d.confirmation, pg_backend_pid() % 8,
         sum(d.sign), sum(d.sign * d.subtotal_cents), sum(d.sign * d.commission_cents)
  from (select a.*, 1 as sign from unnest(p_added) as a
        union all
        select r.*, -1 from unnest(p_removed) as r) as d
  cross join lateral (values ('platform'::public.order_count_scope, private.platform_scope_id()),
                             ('business', d.business_id), ('influencer', d.influencer_id),
                             ('link', d.affiliate_link_id)) as s (scope, scope_id)
  group by s.scope, s.scope_id, d.status, d.cancellation_reason, d.confirmation
  having sum(d.sign) <> 0
  order by s.scope, s.scope_id, d.status, d.cancellation_reason, d.confirmation
  on conflict (scope, scope_id, status, cancellation_reason, confirmation, slot) do update
    set orders = c.orders + excluded.orders,
        subtotal_cents = c.subtotal_cents + excluded.subtotal_cents,
        commission_cents = c.commission_cents + excluded.commission_cents;
end
$$;
comment on function private.add_order_counts is 'Adds orders to, and takes orders from, the counters of every scope they count in.';

-- Trigger (after insert, update or delete, per statement): counts what the statement changed. An
-- update counts only the orders whose status, reason or confirmation changed, so the other updates of an order
-- (its review, its time stamp) write nothing. A statement names only the transition tables its
-- trigger has, and PL/pgSQL resolves a statement when it first runs, hence one branch per event.
create or replace function private.count_orders() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  added public.orders[];
  removed public.orders[];
begin
  if tg_op = 'INSERT' then
    added := array(select n from new_orders n);
  elsif tg_op = 'DELETE' then
    removed := array(select o from old_orders o);
  else
    added := array(select n from new_orders n join old_orders o on o.id = n.id
                   where (n.status, n.cancellation_reason, n.confirmation)
                         is distinct from (o.status, o.cancellation_reason, o.confirmation));
    removed := array(select o from old_orders o join new_orders n on n.id = o.id
                     where (n.status, n.cancellation_reason, n.confirmation)
                           is distinct from (o.status, o.cancellation_reason, o.confirmation));
  end if;
  if coalesce(cardinality(added), 0) + coalesce(cardinality(removed), 0) > 0 then
    perform private.add_order_counts(coalesce(added, '{}'), coalesce(removed, '{}'));
  end if;
  return null;
end
$$;
comment on function private.count_orders is 'Trigger: keeps private.order_counts in step with every insert, status, reason or confirmation change and delete of orders.';

-- function grants --------------------------------------------------------------------------------

-- A column default runs as the role that inserts: orders are inserted only by private.place_order
-- (security definer, as the owner) and the owner itself, so no other role needs order_number.
revoke execute on function private.order_number(bigint) from public;
revoke execute on function private.place_order(uuid, uuid, text, text, text, integer, text, uuid, text, text, text, text, text) from public;
grant execute on function private.place_order(uuid, uuid, text, text, text, integer, text, uuid, text, text, text, text, text) to service_role;
revoke execute on function private.place_order_once(text, uuid, uuid, text, text, text, integer, text, uuid, text, text, text, text, text) from public;
grant execute on function private.place_order_once(text, uuid, uuid, text, text, text, integer, text, uuid, text, text, text, text, text) to service_role;
revoke execute on function private.issue_tracking_token(uuid) from public;
revoke execute on function public.record_confirmation_call(uuid, text, text) from public, anon;
grant execute on function public.record_confirmation_call(uuid, text, text) to authenticated, service_role;
revoke execute on function private.tracked_order_id(text) from public;
grant execute on function private.tracked_order_id(text) to service_role;
revoke execute on function private.lock_order_in_shop(uuid, text) from public;
revoke execute on function private.confirm_order_by_customer(uuid) from public;
grant execute on function private.confirm_order_by_customer(uuid) to service_role;
revoke execute on function private.cancel_order_by_customer(uuid) from public;
revoke execute on function private.cancel_unconfirmed_orders(integer) from public;
grant execute on function private.cancel_order_by_customer(uuid) to service_role;
revoke execute on function private.checkout_flags(public.affiliate_links, uuid, text) from public;
revoke execute on function private.flag_order(public.orders, text) from public;
revoke execute on function public.review_order(uuid, text) from public, anon, service_role;
grant execute on function public.review_order(uuid, text) to authenticated;
revoke execute on function private.order_transition_allowed(public.order_status, public.order_status) from public;
revoke execute on function public.packing_slips(uuid[]) from public, anon, service_role;
grant execute on function public.packing_slips(uuid[]) to authenticated;
revoke execute on function public.mark_order_ready(uuid) from public, anon, service_role;
grant execute on function public.mark_order_ready(uuid) to authenticated;
revoke execute on function public.change_order_status(uuid, text, text, text) from public, anon;
grant execute on function public.change_order_status(uuid, text, text, text) to authenticated, service_role;
revoke execute on function public.order_delivery_contacts(uuid[]) from public, anon;
grant execute on function public.order_delivery_contacts(uuid[]) to authenticated, service_role;
revoke execute on function public.search_order_ids_by_phone(text, timestamptz, uuid, integer) from public, anon;
grant execute on function public.search_order_ids_by_phone(text, timestamptz, uuid, integer) to authenticated, service_role;
revoke execute on function private.dialled_phone(text) from public;
revoke execute on function private.phone_runs(text) from public;
revoke execute on function private.keep_phone_runs() from public;
revoke execute on function public.order_totals() from public, anon, service_role;
grant execute on function public.order_totals() to authenticated;
revoke execute on function private.platform_scope_id() from public;
revoke execute on function private.count_orders() from public;
revoke execute on function private.add_order_counts(public.orders[], public.orders[]) from public;
revoke all on private.recomputed_order_counts from public, anon, authenticated, service_role;

-- triggers ---------------------------------------------------------------------------------------

create trigger orders_touch_updated_at before update on public.orders
  for each row execute function private.touch_updated_at();

create trigger order_contacts_keep_phone_runs after insert or delete or update of customer_phone, placed_at
  on private.order_contacts for each row execute function private.keep_phone_runs();

-- One function behind three triggers: a trigger with transition tables handles one event.
create trigger orders_count_inserts after insert on public.orders
  referencing new table as new_orders
  for each statement execute function private.count_orders();
create trigger orders_count_updates after update on public.orders
  referencing old table as old_orders new table as new_orders
  for each statement execute function private.count_orders();
create trigger orders_count_deletes after delete on public.orders
  referencing old table as old_orders
  for each statement execute function private.count_orders();
