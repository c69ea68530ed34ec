-- A KHQR says each thing once (issue 22, item 1): a saved code whose top-level tags repeat (two
-- amounts, two currencies, two accounts) is refused by the database, whoever writes it, with a
-- checksum that matches and all; the rule is contract/khqr.ts checkKhqr's.
begin;
\ir helpers.psql

select plan(16);

-- A known-good KHQR (bakong-khqr SDK documentation), without its checksum, and one with Khmer
-- names in tag 64 (lengths count letters, not bytes).
\set good_khqr '00020101021229180014jonhsmith@nbcq52045999530311654035005802KH5910Jonh Smith6010PHNOM PENH993400131742250594187011317422506541846304EA38'
\set khmer_khqr '00020101021215311234567812345678ABCDEFGHIJKLMNO29460015john_smith@devb0111855122334550208Dev Bank52045999530311654031005802KH5910John Smith6010PHNOM PENH62670106#123450211855122334550311Coffee Shop0709Cashier_10810Buy coffee64280002km0108ចន ស្មីន0206ភ្នំពញ9934001317715760419770113177157664196163047A4C'

select tests.create_user('influencer@test.local', 'influencer', 'approved');

-- The good code with `extra` inserted after `after`, signed again so only the repeat is wrong.
create function tests.khqr_with(p_code text, p_after text, p_extra text) returns text
language sql immutable
as $$
  select body || '6304' || private.khqr_crc(body || '6304')
  from (select replace(left(p_code, -8), p_after, p_after || p_extra) as body) b
$$;

select ok(private.khqr_fields_once(:'good_khqr'), 'a code from a bank app carries each tag once');
select ok(private.khqr_fields_once(:'khmer_khqr'), 'a code with Khmer names parses by letters');
select ok(not private.khqr_fields_once(tests.khqr_with(:'good_khqr', '5403500', '54079999.99')), 'two amounts (54) are seen');
select ok(not private.khqr_fields_once(tests.khqr_with(:'good_khqr', '5303116', '5303840')), 'two currencies (53) are seen');
select ok(not private.khqr_fields_once(tests.khqr_with(:'good_khqr', '0014jonhsmith@nbcq', '29170013attacker@nbcq')),
  'two individual accounts (29) are seen');
select ok(not private.khqr_fields_once(tests.khqr_with(:'good_khqr', '0014jonhsmith@nbcq', '30170013attacker@nbcq')),
  'an individual (29) and a merchant (30) account together are seen');
select ok(not private.khqr_fields_once('0002010102'), 'a field cut short is not well formed');

-- As the user saving it through the API would (the API refuses first; this is the backstop).
select tests.authenticate_as('influencer@test.local');
select throws_ok(
  format($$update public.users set khqr = %L where id = tests.user_id('influencer@test.local')$$,
         tests.khqr_with(:'good_khqr', '5403500', '54079999.99')),
  '23514', null, 'a saved code with two amounts (54) is refused by the database');
select throws_ok(
  format($$update public.users set khqr = %L where id = tests.user_id('influencer@test.local')$$,
         tests.khqr_with(:'good_khqr', '5303116', '5303840')),
  '23514', null, 'a saved code with two currencies (53) is refused by the database');
select throws_ok(
  format($$update public.users set khqr = %L where id = tests.user_id('influencer@test.local')$$,
         tests.khqr_with(:'good_khqr', '0014jonhsmith@nbcq', '29170013attacker@nbcq')),
  '23514', null, 'a saved code with two accounts (29) is refused by the database');
select throws_ok(
  format($$update public.users set khqr = %L where id = tests.user_id('influencer@test.local')$$,
         tests.khqr_with(:'good_khqr', '0014jonhsmith@nbcq', '30170013attacker@nbcq')),
  '23514', null, 'a saved code with accounts in both 29 and 30 is refused by the database');
select lives_ok(
  format($$update public.users set khqr = %L where id = tests.user_id('influencer@test.local')$$, :'good_khqr'),
  'a code carrying each tag once is saved');
select lives_ok(
  format($$update public.users set khqr = %L where id = tests.user_id('influencer@test.local')$$, :'khmer_khqr'),
  'a code with Khmer names is saved');

-- Not even the owner of the tables stores one.
select tests.act_as_owner();
select throws_ok(
  format($$update public.users set khqr = %L where id = tests.user_id('influencer@test.local')$$,
         tests.khqr_with(:'good_khqr', '5403500', '54079999.99')),
  '23514', null, 'the owner of the tables cannot store two amounts either');
select is(
  (select convalidated from pg_constraint where conname = 'users_khqr_fields_once'), true,
  'the constraint holds for every saved code, not only new ones');
select is(
  (select has_function_privilege('anon', 'private.khqr_fields_once(text)', 'execute')), false,
  'anonymous callers cannot call the check directly');

select * from finish();
rollback;
