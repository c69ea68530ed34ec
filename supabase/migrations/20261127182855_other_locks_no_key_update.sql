-- The other writers that locked a row `for update` now lock it `for no key update`, as the order's
-- writers do since 20261127161300_order_locks_no_key_update: none of them changes the row's key,
-- and `for update` also held back every insert whose foreign key points at the row (a checkout
-- through an influencer whose storefront was being saved, or through a link being decided, waited
-- for that transaction). Two writers of one row still queue behind each other.
-- Functions: set_user_status (users), set_storefront_links (users), decide_affiliate_link
-- (campaigns, affiliate_links), reapply_for_link (affiliate_links), correct_payout_reference
-- (payout_requests), reverse_remittance (remittances), update_keyword_trigger (keyword_triggers).
-- The views are dropped and made again by db:diff as in earlier migrations (unchanged).
-- Written by npm run db:diff from supabase/schemas/, the recomputed views' revokes added by hand.
-- Reviewed by: the session that wrote it.

drop view if exists "private"."recomputed_order_counts";

drop view if exists "private"."recomputed_unrequested_earning_hours";

drop view if exists "private"."recomputed_unrequested_earnings";

set check_function_bodies = off;

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


CREATE OR REPLACE FUNCTION public.correct_payout_reference(p_request_id uuid, p_aba_reference text, p_reason text)
 RETURNS payout_requests
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  reference text := btrim(p_aba_reference, E' \t\n\r\f\x0B');
  -- Trimmed of every kind of blank (tabs, newlines), not spaces only: a reason of blanks is none.
  v_reason text := nullif(btrim(p_reason, E' \t\n\r\f\x0B'), '');
  request public.payout_requests;
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can correct payout references' using errcode = '42501';
  end if;
  if reference is null or reference = '' then
    raise exception 'ABA reference number is required to complete payout.' using errcode = '22023', column = 'aba_reference';
  end if;
  -- Its length is payout_reference_corrections_reason_length's to refuse.
  if v_reason is null then
    raise exception 'A reason is required to correct an ABA reference' using errcode = '22023', column = 'reason';
  end if;
  select * into request from public.payout_requests where id = p_request_id for no key update;
  if not found then
    raise exception 'Payout request not found' using errcode = 'P0002';
  end if;
  if request.status <> 'completed' then
    raise exception 'Only a completed payout has an ABA reference to correct' using errcode = '55000';
  end if;
  if request.aba_reference = reference then
    raise exception 'This payout already has ABA reference %', reference using errcode = '55000';
  end if;
  insert into public.payout_reference_corrections (payout_request_id, previous_reference, aba_reference, reason, corrected_by)
  values (request.id, request.aba_reference, reference, v_reason, (select auth.uid()));
  update public.payout_requests set aba_reference = reference where id = p_request_id returning * into request;
  return request;
end
$function$
;

CREATE OR REPLACE FUNCTION public.decide_affiliate_link(p_link_id uuid, p_decision text, p_reason text DEFAULT NULL::text)
 RETURNS affiliate_links
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  link public.affiliate_links;
  campaign public.campaigns;
  approved_count int;
  -- Trimmed of every kind of blank (tabs, newlines), not spaces only: a reason of blanks is none.
  v_reason text := nullif(btrim(p_reason, E' \t\n\r\f\x0B'), '');
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can approve or reject links' using errcode = '42501';
  end if;
  if p_decision is null or p_decision not in ('approved', 'rejected') then
    raise exception 'decision must be approved or rejected' using errcode = '22023';
  end if;
  if p_decision = 'rejected' and v_reason is null then
    raise exception 'A reason is required to reject a link' using errcode = '22023', column = 'reason';
  end if;
  select * into link from public.affiliate_links where id = p_link_id;
  if not found then
    raise exception 'Affiliate link not found' using errcode = 'P0002';
  end if;
  -- Lock the campaign first: concurrent approvals for one campaign queue here, so the cap of
  -- 10 approved links cannot be overrun.
  select * into campaign from public.campaigns where id = link.campaign_id for no key update;
  select * into link from public.affiliate_links where id = p_link_id for no key update;
  if link.status <> 'pending' then
    raise exception 'Affiliate link is already %', link.status using errcode = '55000';
  end if;
  if p_decision = 'approved' then
    if campaign.status <> 'active' then
      raise exception 'The campaign is no longer active' using errcode = '55000';
    end if;
    select count(*) into approved_count from public.affiliate_links
    where campaign_id = link.campaign_id and status = 'approved';
    if approved_count >= 10 then
      raise exception 'This campaign already has the maximum of 10 approved links' using errcode = '55000';
    end if;
    -- Keywords are unique per influencer across campaigns: approvals for one influencer queue
    -- here so two of them cannot both pick the same free keyword.
    perform pg_advisory_xact_lock(hashtextextended('keyword_triggers:' || link.influencer_id::text, 0));
  end if;

  update public.affiliate_links
  set status = p_decision::public.link_status, decided_at = now(), decided_by = (select auth.uid()),
      short_code = case when p_decision = 'approved' then private.new_short_code() end
  where id = p_link_id
  returning * into link;

  if p_decision = 'approved' then
    insert into public.keyword_triggers (affiliate_link_id, influencer_id, campaign_id, keyword, dm_template_text)
    select link.id, link.influencer_id, link.campaign_id, kw, private.default_dm_template()
    from private.next_keyword(link.influencer_id, campaign.product_name) as kw;
  else
    insert into public.affiliate_link_rejections (affiliate_link_id, attempt, influencer_id, reason)
    values (link.id, link.attempt, link.influencer_id, v_reason);
  end if;
  return link;
end
$function$
;

CREATE OR REPLACE FUNCTION public.reapply_for_link(p_campaign_id uuid)
 RETURNS affiliate_links
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  link public.affiliate_links;
begin
  if not private.has_role('influencer') or not private.campaign_is_active(p_campaign_id) then
    raise exception 'Only approved influencers can apply to active campaigns' using errcode = '42501';
  end if;
  select * into link from public.affiliate_links
  where influencer_id = (select auth.uid()) and campaign_id = p_campaign_id
  for no key update;
  if not found then
    raise exception 'Affiliate link not found' using errcode = 'P0002';
  end if;
  if link.status <> 'rejected' then
    raise exception 'You have already applied for this campaign' using errcode = '23505';
  end if;
  if link.attempt >= 2 then
    raise exception 'You can apply again only once after a rejection' using errcode = '55000';
  end if;
  update public.affiliate_links
  set status = 'pending', attempt = 2, reapplied_at = now(), decided_at = null, decided_by = null
  where id = link.id
  returning * into link;
  return link;
end
$function$
;

CREATE OR REPLACE FUNCTION public.reverse_remittance(p_remittance_id uuid, p_reason text)
 RETURNS remittances
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  reversed public.remittances;
  posted public.ledger_transactions;
  new_transaction_id bigint;
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can record remittances' using errcode = '42501';
  end if;
  if nullif(btrim(p_reason), '') is null then
    raise exception 'A reason is required to reverse a remittance' using errcode = '22023', column = 'reason';
  end if;
  select * into reversed from public.remittances r where r.id = p_remittance_id for no key update;
  if not found then
    raise exception 'Remittance not found' using errcode = 'P0002';
  end if;
  if reversed.reversed_at is not null then
    raise exception 'This remittance is already reversed' using errcode = '55000';
  end if;
  update public.remittances r
  set reversed_at = now(), reversed_by = (select auth.uid()), reversal_reason = btrim(p_reason)
  where r.id = p_remittance_id returning * into reversed;
  perform private.lock_earning_accounts(array(select ro.order_id from public.remittance_orders ro
                                              where ro.remittance_id = p_remittance_id));
  update public.order_cash c set remitted_cents = c.remitted_cents - ro.amount_cents
  from public.remittance_orders ro
  where ro.remittance_id = p_remittance_id and c.order_id = ro.order_id;

  select * into posted from public.ledger_transactions t where t.remittance_id = p_remittance_id and t.kind = 'remittance';
  insert into public.ledger_transactions (kind, remittance_id, reverses_transaction_id, created_by)
  values ('remittance_reversal', p_remittance_id, posted.id, (select auth.uid()))
  returning id into new_transaction_id;
  insert into public.ledger_entries (transaction_id, account_id, line, amount_cents)
  select new_transaction_id, e.account_id, e.line, -e.amount_cents
  from public.ledger_entries e where e.transaction_id = posted.id;
  return reversed;
end
$function$
;

CREATE OR REPLACE FUNCTION public.set_storefront_links(p_link_ids uuid[])
 RETURNS SETOF storefront_links
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  caller uuid := (select auth.uid());
  foreign_link uuid;
begin
  if not private.has_role('influencer') then
    raise exception 'Only approved influencers have a storefront' using errcode = '42501';
  end if;
  if p_link_ids is null or array_position(p_link_ids, null) is not null then
    raise exception 'link_ids must be a list of link ids' using errcode = '22023', column = 'link_ids';
  end if;
  if cardinality(p_link_ids) > 50 then
    raise exception 'A storefront shows at most 50 products' using errcode = '22023', column = 'link_ids';
  end if;
  if cardinality(p_link_ids) <> (select count(distinct link_id) from unnest(p_link_ids) as chosen (link_id)) then
    raise exception 'Each product can appear only once in the storefront' using errcode = '22023', column = 'link_ids';
  end if;
  select chosen.link_id into foreign_link
  from unnest(p_link_ids) as chosen (link_id)
  where not exists (
    select 1 from public.affiliate_links l
    where l.id = chosen.link_id and l.influencer_id = caller and l.status = 'approved'
  )
  limit 1;
  if found then
    raise exception 'Link % is not one of your approved links', foreign_link using errcode = '22023', column = 'link_ids';
  end if;

  -- Serialises two saves of one influencer (two tabs): the later one wins whole.
  perform 1 from public.users where id = caller for no key update;
  delete from public.storefront_links where influencer_id = caller;
  insert into public.storefront_links (affiliate_link_id, influencer_id, position)
  select chosen.link_id, caller, chosen.ord from unnest(p_link_ids) with ordinality as chosen (link_id, ord);
  return query select * from public.storefront_links where influencer_id = caller order by position;
end
$function$
;

CREATE OR REPLACE FUNCTION public.set_user_status(p_user_id uuid, p_status text, p_reason text DEFAULT NULL::text)
 RETURNS users
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  target public.users;
  -- Trimmed of every kind of blank (tabs, newlines), not spaces only: a reason of blanks is none.
  v_reason text := nullif(btrim(p_reason, E' \t\n\r\f\x0B'), '');
begin
  if not private.has_role('admin') then
    raise exception 'Only admins can approve or reject accounts' using errcode = '42501';
  end if;
  if p_status is null or p_status not in ('approved', 'rejected', 'suspended') then
    raise exception 'status must be approved, rejected or suspended' using errcode = '22023';
  end if;
  if p_status in ('rejected', 'suspended') and v_reason is null then
    raise exception 'A reason is required to % an account', case p_status when 'rejected' then 'reject' else 'suspend' end
      using errcode = '22023', column = 'reason';
  end if;
  select * into target from public.users where id = p_user_id for no key update;
  if not found then
    raise exception 'User not found' using errcode = 'P0002';
  end if;
  if p_status = 'suspended' then
    if target.user_type = 'admin' then
      raise exception 'Admin accounts cannot be suspended' using errcode = '55000';
    end if;
    if target.status = 'suspended' then
      raise exception 'User is already suspended' using errcode = '55000';
    elsif target.status <> 'approved' then
      raise exception 'Only an approved account can be suspended' using errcode = '55000';
    end if;
  elsif target.status = 'suspended' and p_status = 'rejected' then
    raise exception 'A suspended account is reinstated or stays suspended' using errcode = '55000';
  elsif target.status not in ('pending_approval', 'suspended') then
    raise exception 'User is already %', target.status using errcode = '55000';
  end if;
  update public.users
  set status = p_status::public.account_status,
      decided_at = case when target.status = 'pending_approval' then now() else decided_at end,
      decided_by = case when target.status = 'pending_approval' then (select auth.uid()) else decided_by end,
      rejection_reason = case when p_status = 'rejected' then v_reason end,
      suspension_reason = case when p_status = 'suspended' then v_reason end
  where id = p_user_id
  returning * into target;
  if p_status = 'suspended' then
    update private.sessions set ended_at = now(), end_reason = 'suspended'
    where user_id = p_user_id and ended_at is null;
    update private.telegram_outbox o set failed_at = now(), last_error = 'The account was suspended'
    from public.telegram_chats c
    where c.id = o.telegram_chat_id and c.user_id = p_user_id and o.sent_at is null and o.failed_at is null;
  end if;
  return target;
end
$function$
;

CREATE OR REPLACE FUNCTION public.update_keyword_trigger(p_trigger_id uuid, p_template text, p_is_active boolean)
 RETURNS keyword_triggers
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  trigger_row public.keyword_triggers;
  link_status public.link_status;
  campaign_status public.campaign_status;
begin
  select * into trigger_row from public.keyword_triggers
  where id = p_trigger_id and influencer_id = (select auth.uid())
  for no key update;
  if not found then
    raise exception 'Keyword reply not found' using errcode = 'P0002';
  end if;
  if p_is_active and not trigger_row.is_active then
    select l.status, c.status into link_status, campaign_status
    from public.affiliate_links l join public.campaigns c on c.id = l.campaign_id
    where l.id = trigger_row.affiliate_link_id;
    if link_status <> 'approved' or campaign_status <> 'active' then
      raise exception 'The campaign is no longer active' using errcode = '55000';
    end if;
    if exists (
      select 1 from public.keyword_triggers
      where influencer_id = trigger_row.influencer_id and keyword = trigger_row.keyword and is_active and id <> p_trigger_id
    ) then
      raise exception 'Another active keyword reply already uses this keyword' using errcode = '55000';
    end if;
  end if;
  update public.keyword_triggers
  set dm_template_text = coalesce(p_template, dm_template_text),
      is_active = coalesce(p_is_active, is_active)
  where id = p_trigger_id
  returning * into trigger_row;
  return trigger_row;
end
$function$
;

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

revoke all on private.recomputed_order_counts from public, anon, authenticated, service_role;
revoke all on private.recomputed_unrequested_earning_hours from public, anon, authenticated, service_role;
revoke all on private.recomputed_unrequested_earnings from public, anon, authenticated, service_role;
