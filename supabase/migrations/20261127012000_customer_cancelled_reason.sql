-- A customer cancels on their order's page (issue 28): a cancellation reason of its own. Added in a
-- migration of its own, before any statement uses it: a value added to an enum cannot be used in
-- the transaction that adds it.
alter type public.order_cancellation_reason add value if not exists 'customer_cancelled';
comment on type public.order_cancellation_reason is 'Why an order was cancelled: refused or unreachable at the door, out of stock, ordered twice, suspected fraud, other, or cancelled by the customer on the order''s page.';
