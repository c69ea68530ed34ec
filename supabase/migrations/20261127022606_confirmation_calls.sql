-- Calls to confirm an order (issue 28): public.order_confirmation_calls, written only by
-- public.record_confirmation_call (admins), audited. Written by npm run db:diff from supabase/schemas/.

create type "public"."confirmation_call_outcome" as enum ('confirmed', 'no_answer', 'wrong_number');

drop view if exists "private"."recomputed_order_counts";

drop view if exists "private"."recomputed_unrequested_earning_hours";


  create table "public"."order_confirmation_calls" (
    "id" bigint generated always as identity not null,
    "order_id" uuid not null,
    "outcome" confirmation_call_outcome not null,
    "note" text,
    "called_by" uuid not null,
    "called_at" timestamp with time zone not null default now()
      );


alter table "public"."order_confirmation_calls" enable row level security;

CREATE INDEX order_confirmation_calls_called_by_idx ON public.order_confirmation_calls USING btree (called_by);

CREATE INDEX order_confirmation_calls_order_id_idx ON public.order_confirmation_calls USING btree (order_id, id);

CREATE UNIQUE INDEX order_confirmation_calls_pkey ON public.order_confirmation_calls USING btree (id);

alter table "public"."order_confirmation_calls" add constraint "order_confirmation_calls_pkey" PRIMARY KEY using index "order_confirmation_calls_pkey";

alter table "public"."order_confirmation_calls" add constraint "order_confirmation_calls_called_by_fkey" FOREIGN KEY (called_by) REFERENCES users(id) not valid;

alter table "public"."order_confirmation_calls" validate constraint "order_confirmation_calls_called_by_fkey";

alter table "public"."order_confirmation_calls" add constraint "order_confirmation_calls_note_check" CHECK (((length(note) >= 1) AND (length(note) <= 500))) not valid;

alter table "public"."order_confirmation_calls" validate constraint "order_confirmation_calls_note_check";

alter table "public"."order_confirmation_calls" add constraint "order_confirmation_calls_order_id_fkey" FOREIGN KEY (order_id) REFERENCES orders(id) not valid;

alter table "public"."order_confirmation_calls" validate constraint "order_confirmation_calls_order_id_fkey";

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.audit_confirmation_call()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.record_admin_action('order.confirmation_call', 'order', new.order_id::text,
    jsonb_build_object('outcome', new.outcome, 'note', new.note,
      'order_number', (select o.order_number from public.orders o where o.id = new.order_id)));
  return null;
end
$function$
;

CREATE OR REPLACE FUNCTION public.record_confirmation_call(p_order_id uuid, p_outcome text, p_note text DEFAULT NULL::text)
 RETURNS orders
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
  select * into current_order from public.orders where id = p_order_id for update;
  if not found then
    raise exception 'Order not found' using errcode = 'P0002';
  end if;
  if current_order.status not in ('new_order', 'ready_for_pickup') then
    raise exception 'This order is %: there is nothing left to confirm', private.order_status_words(current_order.status)
      using errcode = '55000';
  end if;
  insert into public.order_confirmation_calls (order_id, outcome, note, called_by)
  values (p_order_id, p_outcome::public.confirmation_call_outcome, nullif(btrim(p_note), ''), (select auth.uid()));
  if p_outcome = 'confirmed' and current_order.confirmation = 'unconfirmed' then
    update public.orders set confirmation = 'confirmed_by_phone' where id = p_order_id returning * into current_order;
  end if;
  return current_order;
end
$function$
;

create or replace view "private"."recomputed_order_counts" as  SELECT s.scope,
    s.scope_id,
    o.status,
    o.cancellation_reason,
    count(*) AS orders,
    (sum(o.subtotal_cents))::bigint AS subtotal_cents,
    (sum(o.commission_cents))::bigint AS commission_cents
   FROM (orders o
     CROSS JOIN LATERAL ( VALUES ('platform'::order_count_scope,private.platform_scope_id()), ('business'::order_count_scope,o.business_id), ('influencer'::order_count_scope,o.influencer_id), ('link'::order_count_scope,o.affiliate_link_id)) s(scope, scope_id))
  GROUP BY s.scope, s.scope_id, o.status, o.cancellation_reason;


create or replace view "private"."recomputed_unrequested_earning_hours" as  SELECT u.account_id,
    private.held_for_review(u.line, o.review_status) AS held,
    private.earning_hour(u.earned_at) AS earned_hour,
    (sum(u.amount_cents))::bigint AS amount_cents
   FROM (private.recomputed_unrequested_earnings u
     JOIN orders o ON ((o.id = u.order_id)))
  GROUP BY u.account_id, (private.held_for_review(u.line, o.review_status)), (private.earning_hour(u.earned_at))
 HAVING (sum(u.amount_cents) <> (0)::numeric);


grant select on table "public"."order_confirmation_calls" to "authenticated";

grant delete on table "public"."order_confirmation_calls" to "service_role";

grant insert on table "public"."order_confirmation_calls" to "service_role";

grant references on table "public"."order_confirmation_calls" to "service_role";

grant select on table "public"."order_confirmation_calls" to "service_role";

grant trigger on table "public"."order_confirmation_calls" to "service_role";

grant truncate on table "public"."order_confirmation_calls" to "service_role";

grant update on table "public"."order_confirmation_calls" to "service_role";


  create policy "Admins can read confirmation calls"
  on "public"."order_confirmation_calls"
  as permissive
  for select
  to authenticated
using (( SELECT private.has_role('admin'::user_type) AS has_role));


CREATE TRIGGER order_confirmation_calls_audit AFTER INSERT ON public.order_confirmation_calls FOR EACH ROW EXECUTE FUNCTION private.audit_confirmation_call();

-- What migra leaves out: privileges and comments ----------------------------------------------------

revoke all on public.order_confirmation_calls from anon, authenticated;
grant select on public.order_confirmation_calls to authenticated;
revoke all on private.recomputed_order_counts from public, anon, authenticated, service_role;
revoke all on private.recomputed_unrequested_earning_hours from public, anon, authenticated, service_role;
revoke execute on function private.audit_confirmation_call() from public;
revoke execute on function public.record_confirmation_call(uuid, text, text) from public, anon;
grant execute on function public.record_confirmation_call(uuid, text, text) to authenticated, service_role;

comment on type public.confirmation_call_outcome is 'What a call to confirm an order gave: the customer confirmed, did not answer, or the number is wrong.';
comment on table public.order_confirmation_calls is 'Each call made to confirm an order before dispatch: outcome, note, who and when. Admins read them.';
comment on function public.record_confirmation_call is 'An admin records a call to confirm an order not yet on its way (confirmed, no_answer, wrong_number); confirmed makes it confirmed_by_phone.';
comment on function private.audit_confirmation_call is 'Trigger: records an admin''s call to confirm an order (its outcome and note).';
