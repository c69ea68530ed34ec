// What a database's schema is, as a list of named entries that two databases can be compared by:
// every type, table, column, constraint, index, policy, trigger, function, view, sequence, grant,
// comment, publication member, default privilege and the reference data migrations insert. It
// reads the catalog with pg_get_*def, so it works on any server version and needs no pg_dump
// (embedded Postgres has none, and the system's refuses a newer server).
//
// Two databases built in different ways (the migrations; the files of supabase/schemas/) agree
// when their fingerprints are equal. Column ORDER is left out on purpose: a column a migration
// adds comes last, while the schema file may list it where it reads best.
import type { Sql } from "postgres";

/** Schemas that belong to Postgres itself or to the migration bookkeeping, not to the product. */
const IGNORED_SCHEMAS = ["pg_catalog", "information_schema", "pg_toast", "supabase_migrations"];
const IGNORED = `array[${IGNORED_SCHEMAS.map((name) => `'${name}'`).join(", ")}]::name[]`;

/** An aclitem[] as text with its items sorted, so the order grants ran in does not matter. */
const acl = (column: string) => `(select string_agg(a::text, ',' order by a::text) from unnest(${column}) a)`;

/** The entries, keyed `kind name` (unique), each with its definition as text. */
const QUERIES: Record<string, string> = {
  schema: `
    select n.nspname as name, pg_get_userbyid(n.nspowner) || ' ' || coalesce(${acl("n.nspacl")}, '') ||
      coalesce(' -- ' || obj_description(n.oid, 'pg_namespace'), '') as def
    from pg_namespace n where n.nspname <> all(${IGNORED}) and n.nspname not like 'pg_temp%' and n.nspname not like 'pg_toast_temp%'`,
  extension: `select e.extname as name, n.nspname || ' ' || e.extversion as def
    from pg_extension e join pg_namespace n on n.oid = e.extnamespace`,
  type: `
    select n.nspname || '.' || t.typname as name,
      case t.typtype
        when 'e' then 'enum (' || (select string_agg(quote_literal(e.enumlabel), ', ' order by e.enumsortorder)
                                   from pg_enum e where e.enumtypid = t.oid) || ')'
        when 'd' then 'domain ' || format_type(t.typbasetype, t.typtypmod) || coalesce(' default ' || t.typdefault, '') ||
                      (select coalesce(string_agg(' ' || pg_get_constraintdef(c.oid), '' order by c.conname), '')
                       from pg_constraint c where c.contypid = t.oid)
        else 'composite (' || (select string_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod), ', ' order by a.attnum)
                               from pg_attribute a where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped) || ')'
      end || ' owner ' || pg_get_userbyid(t.typowner) || coalesce(' acl ' || ${acl("t.typacl")}, '') ||
      coalesce(' -- ' || obj_description(t.oid, 'pg_type'), '') as def
    from pg_type t join pg_namespace n on n.oid = t.typnamespace
    where n.nspname <> all(${IGNORED}) and (t.typtype in ('e', 'd')
      or (t.typtype = 'c' and (select c.relkind from pg_class c where c.oid = t.typrelid) = 'c'))`,
  relation: `
    select n.nspname || '.' || c.relname as name,
      c.relkind::text || ' owner ' || pg_get_userbyid(c.relowner) || ' acl ' || coalesce(${acl("c.relacl")}, '-') ||
      ' rls ' || c.relrowsecurity || ' force ' || c.relforcerowsecurity || ' replica ' || c.relreplident::text ||
      coalesce(' options ' || array_to_string(c.reloptions, ','), '') ||
      case when c.relkind in ('v', 'm') then ' as ' || pg_get_viewdef(c.oid) else '' end ||
      case when c.relkind = 'S' then (select ' ' || format_type(s.seqtypid, null) || ' start ' || s.seqstart ||
        ' inc ' || s.seqincrement || ' min ' || s.seqmin || ' max ' || s.seqmax || ' cache ' || s.seqcache ||
        ' cycle ' || s.seqcycle from pg_sequence s where s.seqrelid = c.oid) else '' end ||
      coalesce(' -- ' || obj_description(c.oid, 'pg_class'), '') as def
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname <> all(${IGNORED}) and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')`,
  column: `
    select n.nspname || '.' || c.relname || '.' || a.attname as name,
      format_type(a.atttypid, a.atttypmod) ||
      case when a.attnotnull then ' not null' else '' end ||
      coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '') ||
      case a.attidentity when 'a' then ' identity always' when 'd' then ' identity by default' else '' end ||
      case a.attgenerated when 's' then ' stored' else '' end ||
      coalesce(' collate ' || (select co.collname from pg_collation co where co.oid = a.attcollation
                               and a.attcollation <> (select t.typcollation from pg_type t where t.oid = a.atttypid)), '') ||
      coalesce(' acl ' || ${acl("a.attacl")}, '') ||
      coalesce(' -- ' || col_description(c.oid, a.attnum), '') as def
    from pg_attribute a
    join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where n.nspname <> all(${IGNORED}) and c.relkind in ('r', 'p', 'v', 'm', 'f') and a.attnum > 0 and not a.attisdropped`,
  constraint: `
    select n.nspname || '.' || c.relname || '.' || k.conname as name,
      pg_get_constraintdef(k.oid) || case when k.condeferrable then ' deferrable' else '' end ||
      coalesce(' -- ' || obj_description(k.oid, 'pg_constraint'), '') as def
    from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname <> all(${IGNORED})`,
  index: `
    select n.nspname || '.' || i.relname as name, pg_get_indexdef(i.oid) as def
    from pg_index x join pg_class i on i.oid = x.indexrelid join pg_namespace n on n.oid = i.relnamespace
    where n.nspname <> all(${IGNORED})`,
  policy: `
    select schemaname || '.' || tablename || '.' || policyname as name,
      permissive || ' ' || cmd || ' to ' || array_to_string(roles, ',') ||
      coalesce(' using ' || qual, '') || coalesce(' check ' || with_check, '') as def
    from pg_policies where schemaname <> all(${IGNORED})`,
  trigger: `
    select n.nspname || '.' || c.relname || '.' || t.tgname as name,
      pg_get_triggerdef(t.oid) || ' enabled ' || t.tgenabled::text as def
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
    where not t.tgisinternal and n.nspname <> all(${IGNORED})`,
  function: `
    select n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as name,
      pg_get_functiondef(p.oid) || ' owner ' || pg_get_userbyid(p.proowner) ||
      ' acl ' || coalesce(${acl("p.proacl")}, '-') || coalesce(' -- ' || obj_description(p.oid, 'pg_proc'), '') as def
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    left join pg_depend d on d.objid = p.oid and d.deptype = 'e'
    where n.nspname <> all(${IGNORED}) and p.prokind in ('f', 'p', 'w') and d.objid is null`,
  publication: `
    select p.pubname || ' ' || t.schemaname || '.' || t.tablename as name,
      coalesce(array_to_string(t.attnames, ','), '') ||
      coalesce(' where ' || (select pg_get_expr(r.prqual, r.prrelid) from pg_publication_rel r
        where r.prpubid = p.oid and r.prrelid = (quote_ident(t.schemaname) || '.' || quote_ident(t.tablename))::regclass), '') as def
    from pg_publication p join pg_publication_tables t on t.pubname = p.pubname`,
  "default privileges": `
    select pg_get_userbyid(d.defaclrole) || ' ' || coalesce(n.nspname, '*') || ' ' || d.defaclobjtype::text as name,
      ${acl("d.defaclacl")} as def
    from pg_default_acl d left join pg_namespace n on n.oid = d.defaclnamespace`,
};

/** The rows of every table that holds any: in a freshly built database, that is reference data. */
async function referenceData(sql: Sql): Promise<[string, string][]> {
  const tables = await sql<{ name: string; volatile: string[] }[]>`
    select format('%I.%I', n.nspname, c.relname) as name,
      -- When a row was written, what a build draws at random, and where a cron job runs (its
      -- database, host and port) differ between two builds of the same schema.
      coalesce(array_agg(a.attname::text) filter (
        where a.atttypid in ('timestamptz'::regtype, 'timestamp'::regtype, 'bytea'::regtype)
           or (n.nspname = 'cron' and a.attname in ('jobid', 'database', 'nodename', 'nodeport'))), '{}') as volatile
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where c.relkind in ('r', 'p') and n.nspname <> all(${IGNORED_SCHEMAS}::name[])
    group by 1`;
  const entries: [string, string][] = [];
  for (const { name, volatile } of tables) {
    const rows = await sql.unsafe<{ row: string }[]>(
      `select (to_jsonb(t) - $1::text[])::text as row from ${name} t order by 1`,
      [volatile],
    );
    for (const [index, { row }] of rows.entries()) entries.push([`data ${name} #${index + 1}`, row]);
  }
  return entries;
}

/** The fingerprint of the database `sql` is connected to (any role that can read the catalog). */
export async function schemaFingerprint(sql: Sql): Promise<Map<string, string>> {
  const fingerprint = new Map<string, string>();
  for (const [kind, query] of Object.entries(QUERIES)) {
    for (const { name, def } of await sql.unsafe<{ name: string; def: string | null }[]>(query)) {
      fingerprint.set(`${kind} ${name}`, def ?? "");
    }
  }
  for (const [key, row] of await referenceData(sql)) fingerprint.set(key, row);
  return fingerprint;
}

/** Differences between two fingerprints, one readable paragraph each; empty when they agree. */
export function fingerprintDifferences(
  expected: Map<string, string>,
  actual: Map<string, string>,
  names: { expected: string; actual: string },
): string[] {
  const differences: string[] = [];
  const keys = [...new Set([...expected.keys(), ...actual.keys()])].sort();
  for (const key of keys) {
    const a = expected.get(key);
    const b = actual.get(key);
    if (a === b) continue;
    if (b === undefined) differences.push(`${key}: only in ${names.expected}\n    ${a}`);
    else if (a === undefined) differences.push(`${key}: only in ${names.actual}\n    ${b}`);
    else differences.push(`${key}: differs\n${lineDifference(a, b, names)}`);
  }
  return differences;
}

/** The first lines where two definitions part, with a little context: enough to find the change. */
function lineDifference(a: string, b: string, names: { expected: string; actual: string }): string {
  const left = a.split("\n");
  const right = b.split("\n");
  const first = left.findIndex((line, i) => line !== right[i]);
  const at = first === -1 ? left.length : first;
  const shown = (lines: string[]) =>
    lines
      .slice(at, at + 3)
      .map((line) => `      ${line}`)
      .join("\n");
  return `    line ${at + 1}, ${names.expected}:\n${shown(left)}\n    ${names.actual}:\n${shown(right)}`;
}
