-- The admin's phone search reads runs of four digits instead of a trigram index: the table
-- private.order_phone_runs (every run of each order's phone as dialled, with its placement time),
-- filled here from the orders already placed and kept by the trigger order_contacts_keep_phone_runs;
-- public.search_order_ids_by_phone gains the page's cursor and size (at most that many, newest
-- first); the trigram index and pg_trgm, which nothing else used, are dropped. Written by npm run
-- db:diff from supabase/schemas/; the fill, grants, comments and the recomputed views' revokes
-- added by hand. Reviewed by: the session that wrote it.

drop function if exists "public"."search_order_ids_by_phone"(p_digits text);

drop view if exists "private"."recomputed_order_counts";

drop view if exists "private"."recomputed_unrequested_earning_hours";

drop view if exists "private"."recomputed_unrequested_earnings";

drop index if exists "private"."order_contacts_phone_trgm_idx";


  create table "private"."order_phone_runs" (
    "digits" smallint not null,
    "placed_at" timestamp with time zone not null,
    "order_id" uuid not null
      );


alter table "private"."order_phone_runs" enable row level security;

drop extension if exists "pg_trgm";

CREATE UNIQUE INDEX order_phone_runs_pkey ON private.order_phone_runs USING btree (digits, placed_at, order_id);

alter table "private"."order_phone_runs" add constraint "order_phone_runs_pkey" PRIMARY KEY using index "order_phone_runs_pkey";

alter table "private"."order_phone_runs" add constraint "order_phone_runs_digits_check" CHECK (((digits >= 0) AND (digits <= 9999))) not valid;

alter table "private"."order_phone_runs" validate constraint "order_phone_runs_digits_check";

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.dialled_phone(p_phone text)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE STRICT
 SET search_path TO ''
AS $function$
begin
  return '0' || substr(p_phone, 5);
end
$function$
;

CREATE OR REPLACE FUNCTION private.keep_phone_runs()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION private.phone_runs(p_phone text)
 RETURNS smallint[]
 LANGUAGE plpgsql
 IMMUTABLE STRICT
 SET search_path TO ''
AS $function$
declare
  dialled constant text := private.dialled_phone(p_phone);
begin
  return array(select distinct substr(dialled, i, 4)::smallint from generate_series(1, length(dialled) - 3) i);
end
$function$
;

CREATE OR REPLACE FUNCTION public.search_order_ids_by_phone(p_digits text, p_before_placed_at timestamp with time zone DEFAULT NULL::timestamp with time zone, p_before_id uuid DEFAULT NULL::uuid, p_limit integer DEFAULT NULL::integer)
 RETURNS SETOF uuid
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

create or replace view "private"."recomputed_order_counts" as  SELECT s.scope,
    s.scope_id,
    o.status,
    o.cancellation_reason,
    o.confirmation,
    count(*) AS orders,
    (sum(o.subtotal_cents))::bigint AS subtotal_cents,
    (sum(o.commission_cents))::bigint AS commission_cents
   FROM (orders o
     CROSS JOIN LATERAL ( VALUES ('platform'::order_count_scope,private.platform_scope_id()), ('business'::order_count_scope,o.business_id), ('influencer'::order_count_scope,o.influencer_id), ('link'::order_count_scope,o.affiliate_link_id)) s(scope, scope_id))
  GROUP BY s.scope, s.scope_id, o.status, o.cancellation_reason, o.confirmation;


create or replace view "private"."recomputed_unrequested_earnings" as  SELECT e.id AS ledger_entry_id,
    e.account_id,
    t.id AS transaction_id,
    t.order_id,
    e.line,
    e.amount_cents,
    COALESCE(d.created_at, t.created_at) AS earned_at
   FROM (((ledger_entries e
     JOIN ledger_accounts a ON ((a.id = e.account_id)))
     JOIN ledger_transactions t ON ((t.id = e.transaction_id)))
     LEFT JOIN ledger_transactions d ON ((d.id = t.reverses_transaction_id)))
  WHERE ((a.user_id IS NOT NULL) AND (e.line <> 'payout'::ledger_line) AND (NOT (EXISTS ( SELECT 1
           FROM payout_request_entries c
          WHERE (c.ledger_entry_id = e.id)))));


create or replace view "private"."recomputed_unrequested_earning_hours" as  SELECT u.account_id,
    private.held_for_review(u.line, o.review_status) AS held,
    private.earning_hour(u.earned_at) AS earned_hour,
    (sum(u.amount_cents))::bigint AS amount_cents,
    private.awaiting_cash(oc.status) AS awaiting_cash
   FROM ((private.recomputed_unrequested_earnings u
     JOIN orders o ON ((o.id = u.order_id)))
     LEFT JOIN order_cash oc ON ((oc.order_id = u.order_id)))
  GROUP BY u.account_id, (private.held_for_review(u.line, o.review_status)), (private.earning_hour(u.earned_at)), (private.awaiting_cash(oc.status))
 HAVING (sum(u.amount_cents) <> (0)::numeric);


-- The orders placed so far, before the trigger that keeps them from now on.
insert into private.order_phone_runs (digits, placed_at, order_id)
select d, c.placed_at, c.order_id from private.order_contacts c cross join lateral unnest(private.phone_runs(c.customer_phone)) d;

CREATE TRIGGER order_contacts_keep_phone_runs AFTER INSERT OR DELETE OR UPDATE OF customer_phone, placed_at ON private.order_contacts FOR EACH ROW EXECUTE FUNCTION private.keep_phone_runs();

revoke all on private.order_phone_runs from public, anon, authenticated, service_role;
revoke execute on function public.search_order_ids_by_phone(text, timestamptz, uuid, integer) from public, anon;
grant execute on function public.search_order_ids_by_phone(text, timestamptz, uuid, integer) to authenticated, service_role;
revoke execute on function private.dialled_phone(text) from public;
revoke execute on function private.phone_runs(text) from public;
revoke execute on function private.keep_phone_runs() from public;

comment on table private.order_phone_runs is 'Each run of four digits of every order''s customer phone as dialled (0 and the national number), with its placement time: the admin''s phone search, newest first.';
comment on function private.dialled_phone is 'A +855 phone as it is dialled in Cambodia: 0 and the national number.';
comment on function private.phone_runs is 'The runs of four digits of a +855 phone as dialled, each once, as numbers.';
comment on function private.keep_phone_runs is 'Trigger: keeps private.order_phone_runs in step with private.order_contacts.';
comment on function public.search_order_ids_by_phone is 'Admin only: the orders whose customer phone, as dialled (0 and the national number), holds the given digits (at least 4; digits beginning 855 also as the number after the country code), newest first, at most p_limit before the cursor.';

revoke all on private.recomputed_order_counts from public, anon, authenticated, service_role;
revoke all on private.recomputed_unrequested_earning_hours from public, anon, authenticated, service_role;
revoke all on private.recomputed_unrequested_earnings from public, anon, authenticated, service_role;
