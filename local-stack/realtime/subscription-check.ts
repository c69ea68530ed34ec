// Join-time check of postgres_changes bindings against the catalog. Hosted Realtime reports a
// subscription it cannot set up (unknown table or column) with a `system` event of status
// "error" rather than failing the join; the stand-in does the same, and also logs it, because a
// binding that silently never fires is the commonest Realtime mistake. A table missing from the
// supabase_realtime publication only gets a log line: hosted Realtime accepts such a binding too.
import type { Sql } from "postgres";
import type { PostgresBinding } from "./bindings.ts";
import { PUBLICATION } from "./replication.ts";

export interface BindingCheck {
  /** Bindings that cannot work, with the reason (set on binding.problem too). */
  problems: string[];
  warnings: string[];
}

export async function checkBindings(sql: Sql, bindings: PostgresBinding[]): Promise<BindingCheck> {
  const problems: string[] = [];
  const warnings: string[] = [];
  for (const binding of bindings) {
    if (binding.problem) {
      problems.push(describe(binding, binding.problem));
      continue;
    }
    if (binding.schema === "*") continue;
    if (binding.table === undefined || binding.table === "*") {
      const [schema] = await sql`select 1 from pg_catalog.pg_namespace where nspname = ${binding.schema}`;
      if (!schema) binding.problem = `schema "${binding.schema}" does not exist`;
    } else {
      const [table] = await sql<{ columns: string[]; published: boolean }[]>`
        select array(select attname::text from pg_catalog.pg_attribute
                      where attrelid = c.oid and attnum > 0 and not attisdropped) as columns,
               exists(select 1 from pg_catalog.pg_publication_tables p
                       where p.pubname = ${PUBLICATION} and p.schemaname = n.nspname
                         and p.tablename = c.relname) as published
        from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname = ${binding.schema} and c.relname = ${binding.table}
          and c.relkind in ('r', 'p', 'v', 'm', 'f')`;
      if (!table) {
        binding.problem = `table "${binding.schema}"."${binding.table}" does not exist`;
      } else {
        const unknown = binding.conditions.map((c) => c.column).filter((column) => !table.columns.includes(column));
        if (unknown.length > 0) binding.problem = `no column ${unknown.map((c) => `"${c}"`).join(", ")} in the table`;
        else if (!table.published) {
          warnings.push(
            `"${binding.schema}"."${binding.table}" is not in the publication ${PUBLICATION}: no changes will arrive ` +
              `(a migration needs: alter publication ${PUBLICATION} add table ${binding.schema}.${binding.table})`,
          );
        }
      }
    }
    if (binding.problem) problems.push(describe(binding, binding.problem));
  }
  return { problems, warnings };
}

function describe(binding: PostgresBinding, problem: string): string {
  const { event, schema, table, filter } = binding.echo;
  return `${problem} [event: ${event}, schema: ${schema}, table: ${table ?? "*"}, filter: ${filter ?? ""}]`;
}
