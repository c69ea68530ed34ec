-- The cancelled order status and the reasons an order is cancelled for (issue 14). Alone in its
-- migration: a value added to an enum cannot be used in the transaction that adds it, and each
-- migration runs in its own transaction, so the next migration is the first to use 'cancelled'.

alter type public.order_status add value if not exists 'cancelled';

create type public.order_cancellation_reason as enum (
  'customer_refused', 'customer_unreachable', 'out_of_stock', 'duplicate', 'suspected_fraud', 'other'
);
comment on type public.order_cancellation_reason is 'Why an order was cancelled: refused or unreachable at the door, out of stock, ordered twice, suspected fraud, or other.';
