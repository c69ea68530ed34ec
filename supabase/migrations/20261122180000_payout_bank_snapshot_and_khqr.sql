-- Payouts an admin can send (issue 14, part 4).
-- - A payout request keeps the bank details (and KHQR) the user had when asking: the admin pays
--   what was requested to where it was requested, whatever the profile says later.
-- - A user may save the KHQR of their bank app's "Receive" code. The api function checks it in
--   full (contract/khqr.ts); the database refuses anything without the KHQR frame and a matching
--   CRC-16/CCITT-FALSE checksum, so a direct write cannot store a code no app would read.

-- KHQR checksum ----------------------------------------------------------------------------------

create function private.khqr_crc(p_text text) returns text
language plpgsql immutable strict set search_path = ''
as $$
declare
  bytes bytea := convert_to(p_text, 'UTF8');
  crc integer := 65535;
begin
  -- CRC-16/CCITT-FALSE: polynomial 0x1021, initial 0xFFFF, over the UTF-8 bytes.
  for i in 0 .. length(bytes) - 1 loop
    crc := crc # (get_byte(bytes, i) << 8);
    for bit in 1 .. 8 loop
      if crc & 32768 <> 0 then
        crc := ((crc << 1) # 4129) & 65535;
      else
        crc := (crc << 1) & 65535;
      end if;
    end loop;
  end loop;
  return upper(lpad(to_hex(crc), 4, '0'));
end
$$;
comment on function private.khqr_crc is 'CRC-16/CCITT-FALSE of a text''s UTF-8 bytes, as KHQR tag 63 carries it (4 upper-case hex digits).';
-- Constraints evaluate their functions as the writer, so the roles that write need EXECUTE.
revoke execute on function private.khqr_crc(text) from public;
grant execute on function private.khqr_crc(text) to authenticated, service_role;

-- users.khqr -------------------------------------------------------------------------------------

alter table public.users add column khqr text;
alter table public.users add constraint users_khqr_checksum check (
  khqr is null or (
    length(khqr) <= 512
    and khqr like '000201%'
    and khqr ~ '6304[0-9A-F]{4}$'
    and private.khqr_crc(left(khqr, -4)) = right(khqr, 4)));
comment on column public.users.khqr is 'The KHQR string of the user''s bank app "Receive" code, validated by the API; payouts are paid to it.';
grant update (khqr) on public.users to authenticated;

-- payout_requests: the bank details as they were when requested --------------------------------

alter table public.payout_requests
  add column bank_name text,
  add column account_name text,
  add column account_number text,
  add column khqr text;
comment on column public.payout_requests.bank_name is 'The requester''s bank name when the request was made (a snapshot).';
comment on column public.payout_requests.account_name is 'The requester''s account name when the request was made (a snapshot).';
comment on column public.payout_requests.account_number is 'The requester''s account number when the request was made (a snapshot).';
comment on column public.payout_requests.khqr is 'The requester''s saved KHQR when the request was made (a snapshot), null if none.';

-- Requests made before this migration take the details their users have now: the best there is.
alter table public.payout_requests disable trigger payout_requests_guard;
update public.payout_requests r
set bank_name = u.bank_name, account_name = u.account_name, account_number = u.account_number
from public.users u where u.id = r.user_id;
alter table public.payout_requests enable trigger payout_requests_guard;

-- A request only moves from pending to completed, once; its amounts and snapshot never change.
create or replace function private.guard_payout_request_change() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    raise exception 'Payout requests are never deleted' using errcode = '55000';
  end if;
  if old.status <> 'pending' or new.status <> 'completed'
     or (new.id, new.user_id, new.amount_cents, new.gross_cents, new.fee_cents, new.requested_at,
         new.bank_name, new.account_name, new.account_number, new.khqr)
        is distinct from (old.id, old.user_id, old.amount_cents, old.gross_cents, old.fee_cents, old.requested_at,
         old.bank_name, old.account_name, old.account_number, old.khqr) then
    -- The message of the original guard: the bank snapshot counts among a request's amounts.
    raise exception 'A payout request can only be completed once, and its amounts never change' using errcode = '55000';
  end if;
  return new;
end
$$;

-- request_payout copies the snapshot into each new request: it is redefined once, with the holding
-- period, in 20261122200000_commission_hold.sql.
