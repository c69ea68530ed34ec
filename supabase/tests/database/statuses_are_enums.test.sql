-- Every status and kind is a Postgres enum, so `supabase gen types` gives the function and the SPA
-- exact unions (docs/architecture.md, "The declarative schema"): no text column of ours is limited
-- by a CHECK list any more, and each former one has its enum with the values it held. Generated
-- columns are declared not null, so the generated types need no narrowing either.
begin;
\ir helpers.psql

select plan(36);

-- The guards: a text column with a CHECK list, or a generated column that may be null, fails here
-- whichever table gains it.
select is_empty(
  $$select c.conrelid::regclass || '.' || a.attname
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
    where c.contype = 'c' and c.connamespace in ('public'::regnamespace, 'private'::regnamespace)
      and a.atttypid in ('text'::regtype, 'varchar'::regtype)
      and pg_get_constraintdef(c.oid) ~ ('\m' || a.attname || ' = ANY \(ARRAY\[')$$,
  'no text column of public or private is limited by a CHECK list: statuses and kinds are enums');
select is_empty(
  $$select attrelid::regclass || '.' || attname from pg_attribute
    where attgenerated <> '' and not attnotnull
      and attrelid in (select oid from pg_class where relnamespace in ('public'::regnamespace, 'private'::regnamespace))$$,
  'every generated column is declared not null');

-- Each former CHECK list, now an enum column.
select col_type_is(s, t, c, 'public', e, format('%s.%s.%s is a public.%s', s, t, c, e))
  from (values
    ('public', 'orders', 'source', 'click_source'),
    ('public', 'orders', 'review_status', 'order_review_status'),
    ('public', 'link_clicks', 'source', 'click_source'),
    ('public', 'link_clicks', 'device_class', 'device_class'),
    ('public', 'keyword_events', 'kind', 'keyword_event_kind'),
    ('public', 'keyword_events', 'outcome', 'keyword_event_outcome'),
    ('public', 'keyword_events', 'skip_reason', 'keyword_skip_reason'),
    ('public', 'telegram_chats', 'language', 'telegram_language'),
    ('private', 'telegram_link_tokens', 'language', 'telegram_language'),
    ('public', 'audit_log', 'action', 'audit_action'),
    ('public', 'audit_log', 'target_type', 'audit_target_type')
  ) as columns (s, t, c, e);

-- With the values the CHECK lists allowed, in that order.
select enum_has_labels('public', 'click_source', array['qr', 'dm', 'comment', 'link', 'fb_comment', 'fb_dm', 'store'],
  'click_source: qr, dm, comment, link, fb_comment, fb_dm, store');
select enum_has_labels('public', 'rider_step', array['picked_up', 'delivered', 'refused', 'unreachable'],
  'rider_step: picked_up, delivered, refused, unreachable');
select enum_has_labels('public', 'cash_status', array['with_courier', 'remitted', 'short'],
  'cash_status: with_courier, remitted, short');
select enum_has_labels('public', 'order_review_status', array['held', 'cleared'], 'order_review_status: held, cleared');
select enum_has_labels('public', 'device_class', array['mobile', 'tablet', 'desktop'], 'device_class: mobile, tablet, desktop');
select enum_has_labels('public', 'keyword_event_kind', array['comment', 'dm'], 'keyword_event_kind: comment, dm');
select enum_has_labels('public', 'keyword_event_outcome', array['pending', 'sent', 'failed', 'skipped'],
  'keyword_event_outcome: pending, sent, failed, skipped');
select enum_has_labels('public', 'keyword_skip_reason',
  array['no_keyword', 'trigger_off', 'campaign_inactive', 'account_suspended'],
  'keyword_skip_reason: no_keyword, trigger_off, campaign_inactive, account_suspended');
select enum_has_labels('public', 'telegram_language', array['en', 'km'], 'telegram_language: en, km');
select enum_has_labels('public', 'courier_kind', array['company', 'freelance'], 'courier_kind: company, freelance');
select enum_has_labels('public', 'audit_action',
  array['user.approve', 'user.reject', 'link.approve', 'link.reject', 'order.status_change', 'order.review',
        'payout.complete', 'settings.update', 'delivery_zone.update',
        'user.suspend', 'user.reinstate', 'payout.reject', 'payout.reference_correct', 'order.confirmation_call',
        'order.auto_cancel', 'courier.create', 'courier.update', 'order.courier_assign', 'courier.link_create',
        'courier.link_revoke', 'remittance.record', 'remittance.reverse'],
  'audit_action: the twenty-two actions the audit records');
select enum_has_labels('public', 'audit_target_type',
  array['user', 'affiliate_link', 'order', 'payout_request', 'marketplace_settings', 'delivery_zone', 'courier',
        'remittance'],
  'audit_target_type: the eight kinds of target');

-- The generated columns, one by one.
select col_not_null(s, t, c, format('%s.%s.%s (generated) is not null', s, t, c))
  from (values
    ('public', 'users', 'is_approved'),
    ('public', 'campaigns', 'is_active'),
    ('public', 'affiliate_links', 'is_approved'),
    ('public', 'orders', 'subtotal_cents'),
    ('public', 'orders', 'total_cents'),
    ('public', 'orders', 'commission_cents'),
    ('public', 'orders', 'business_gross_cents'),
    ('public', 'orders', 'platform_fee_cents'),
    ('public', 'orders', 'business_net_cents')
  ) as columns (s, t, c);

-- A value outside an enum is refused by the type itself, whoever writes.
select throws_ok($$select 'email'::public.click_source$$, '22P02', 'invalid input value for enum click_source: "email"',
  'a source outside the list is refused');
select throws_ok($$select 'fr'::public.telegram_language$$, '22P02', 'invalid input value for enum telegram_language: "fr"',
  'a language outside the list is refused');

select * from finish();
rollback;
