// What the stand-in needs to know about a published table, built from pgoutput's Relation
// message plus a catalog lookup:
// - column names and types (pgoutput gives OIDs; realtime-js wants type names),
// - the primary key, used for the visibility check and for old_record. pgoutput flags the
//   replica identity columns, which under REPLICA IDENTITY FULL are all columns, so the real
//   primary key comes from pg_index (falling back to pgoutput's flags when there is none),
// - whether RLS is on (hosted Realtime trims DELETE old records to the key when it is).
// pgoutput re-sends a Relation message whenever the table changes (ALTER TABLE, ENABLE RLS...) and
// at the start of every stream, so the entry is rebuilt each time one arrives.
import type { Pgoutput } from "pg-logical-replication";
import type { Sql } from "postgres";
import type { TypeInfo, TypeResolver } from "./pg-types.ts";

export interface ColumnInfo {
  name: string;
  type: TypeInfo;
}

export interface RelationInfo {
  oid: number;
  schema: string;
  table: string;
  columns: ColumnInfo[];
  columnsByName: Map<string, ColumnInfo>;
  /** Primary key columns (or the replica identity columns when the table has no primary key). */
  keyColumns: string[];
  identityFull: boolean;
  rlsEnabled: boolean;
}

export class RelationCatalog {
  private readonly relations = new Map<number, Promise<RelationInfo>>();

  constructor(
    private readonly sql: Sql,
    private readonly types: TypeResolver,
  ) {}

  /** Records a Relation message; the lookup runs in the background and is awaited by get(). */
  update(message: Pgoutput.MessageRelation): void {
    const info = this.describe(message);
    // A failed lookup must not become an unhandled rejection here; get() reports it.
    info.catch(() => {});
    this.relations.set(message.relationOid, info);
  }

  get(relationOid: number): Promise<RelationInfo> {
    return this.relations.get(relationOid) ?? Promise.reject(new Error(`no Relation message for ${relationOid}`));
  }

  private async describe(message: Pgoutput.MessageRelation): Promise<RelationInfo> {
    const [types, [row]] = await Promise.all([
      this.types.resolve(message.columns.map((column) => column.typeOid)),
      this.sql<{ rls: boolean; pk: string[] | null }[]>`
        select c.relrowsecurity as rls,
               (select array_agg(a.attname::text order by k.ord)
                  from pg_catalog.pg_index i
                  cross join lateral unnest(i.indkey::int2[]) with ordinality as k(attnum, ord)
                  join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
                 where i.indrelid = c.oid and i.indisprimary) as pk
        from pg_catalog.pg_class c
        where c.oid = ${message.relationOid}`,
    ]);
    const columns = message.columns.map((column) => ({ name: column.name, type: types.get(column.typeOid)! }));
    const publishedNames = new Set(columns.map((column) => column.name));
    const primaryKey = (row?.pk ?? []).filter((name) => publishedNames.has(name));
    return {
      oid: message.relationOid,
      schema: message.schema,
      table: message.name,
      columns,
      columnsByName: new Map(columns.map((column) => [column.name, column])),
      keyColumns: primaryKey.length > 0 ? primaryKey : message.replicaIdentity === "full" ? [] : message.keyColumns,
      identityFull: message.replicaIdentity === "full",
      rlsEnabled: row?.rls ?? false,
    };
  }
}
