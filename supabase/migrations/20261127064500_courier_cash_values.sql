-- Courier cash and remittances (issue 29, item 5): the new ledger accounts, transactions and lines,
-- and their audit actions, added in a migration of their own before any statement uses them.
alter type public.ledger_account_kind add value if not exists 'courier_cash';
alter type public.ledger_account_kind add value if not exists 'delivery_fees';
alter type public.ledger_transaction_kind add value if not exists 'remittance';
alter type public.ledger_transaction_kind add value if not exists 'remittance_reversal';
alter type public.ledger_line add value if not exists 'delivery_fee';
alter type public.ledger_line add value if not exists 'remittance';
alter type public.audit_action add value if not exists 'remittance.record';
alter type public.audit_action add value if not exists 'remittance.reverse';
alter type public.audit_target_type add value if not exists 'remittance';
