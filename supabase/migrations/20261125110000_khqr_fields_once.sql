-- A KHQR says each thing once (issue 22, item 1).
-- A saved code whose top-level tags repeat (two `54` amounts, two `53` currencies, two `29`
-- accounts) was accepted, and the payable code built from it kept the second copy: a bank app that
-- reads the last one paid $9,999.99 for a $61.20 request. The api function refuses such a code
-- (contract/khqr.ts, checkKhqr); the database refuses it too, whoever writes, with the same rule:
-- well-formed top-level tag-length-value fields, no tag twice, and not both account tags 29
-- (individual) and 30 (merchant).

create function private.khqr_fields_once(p_text text) returns boolean
language plpgsql immutable strict set search_path = ''
as $$
declare
  total integer := char_length(p_text);
  at integer := 1;
  tag text;
  size text;
  tags text[] := '{}';
begin
  -- Lengths count characters, as contract/khqr.ts parseTlv does (a Khmer name in tag 64 is as
  -- long as its letters): substr and char_length count characters in a UTF-8 database.
  while at <= total loop
    tag := substr(p_text, at, 2);
    size := substr(p_text, at + 2, 2);
    if tag !~ '^[0-9]{2}$' or size !~ '^[0-9]{2}$' or size = '00'
       or at + 3 + size::integer > total then
      return false;
    end if;
    if tag = any (tags) then
      return false;
    end if;
    tags := tags || tag;
    at := at + 4 + size::integer;
  end loop;
  return not ('29' = any (tags) and '30' = any (tags));
end
$$;
comment on function private.khqr_fields_once is
  'True when a KHQR is well-formed top-level TLV carrying each tag once and at most one account tag (29 or 30); the rule of contract/khqr.ts checkKhqr.';
-- Constraints evaluate their functions as the writer, so the roles that write need EXECUTE.
revoke execute on function private.khqr_fields_once(text) from public;
grant execute on function private.khqr_fields_once(text) to authenticated, service_role;

-- A saved code that repeats a tag was never payable safely: it is cleared (the user saves their
-- code again, the API checks it) before the constraint is validated. Payout requests keep their
-- snapshot as it was (they never change); the api function gives no payable code for one that
-- fails the checks, so the admin pays the account number.
alter table public.users add constraint users_khqr_fields_once
  check (khqr is null or private.khqr_fields_once(khqr)) not valid;
update public.users set khqr = null where khqr is not null and not private.khqr_fields_once(khqr);
alter table public.users validate constraint users_khqr_fields_once;
comment on constraint users_khqr_fields_once on public.users is
  'A saved KHQR carries each top-level tag once and one account (tag 29 or 30): one amount, one currency, one payee.';
