// Turns a decoded row change into the `data` of a postgres_changes event, shaped as hosted
// Realtime sends it:
//   {schema, table, commit_timestamp, type, columns: [{name, type}], record?, old_record?, errors}
// record for INSERT and UPDATE, old_record for UPDATE and DELETE. old_record holds what
// replication has: every column under REPLICA IDENTITY FULL, otherwise the primary key. Under RLS
// a DELETE carries only the key even with FULL, since deletes are not visibility-checked.
import type { ChangeType } from "./bindings.ts";
import { textToJson } from "./pg-types.ts";
import type { RelationInfo } from "./relations.ts";
import type { RawChange, RawTuple } from "./replication.ts";

export interface Change {
  type: ChangeType;
  /** The committing transaction, which the visibility check must be able to see. */
  xid: number;
  relation: RelationInfo;
  /** Row the filters look at: the new row, or for a DELETE the old one. */
  filterTuple: RawTuple | null;
  /** Text of the key columns of the new row, for the visibility check (null: no usable key). */
  keyValues: string[] | null;
  data: {
    schema: string;
    table: string;
    commit_timestamp: string;
    type: ChangeType;
    columns: { name: string; type: string }[];
    record?: Record<string, unknown>;
    old_record?: Record<string, unknown>;
    errors: null;
  };
}

export function buildChange(raw: RawChange, relation: RelationInfo, xid: number, commitTimestamp: string): Change {
  const data: Change["data"] = {
    schema: relation.schema,
    table: relation.table,
    commit_timestamp: commitTimestamp,
    type: raw.type,
    columns: relation.columns.map((column) => ({ name: column.name, type: column.type.name })),
    errors: null,
  };
  let oldTuple = raw.old;
  if (raw.type === "UPDATE" && !oldTuple && raw.new) {
    // Without REPLICA IDENTITY FULL and with an unchanged key, pgoutput sends no old row; the key
    // is the same as the new row's, which is what hosted Realtime reports as old_record.
    oldTuple = pick(raw.new, relation.keyColumns);
  }
  if (raw.type === "DELETE" && oldTuple && relation.rlsEnabled && relation.keyColumns.length > 0) {
    oldTuple = pick(oldTuple, relation.keyColumns);
  }
  if (raw.new) data.record = toRecord(raw.new, relation);
  if (raw.type !== "INSERT") data.old_record = oldTuple ? toRecord(oldTuple, relation) : {};

  const keyValues =
    raw.new && relation.keyColumns.length > 0 && relation.keyColumns.every((name) => typeof raw.new![name] === "string")
      ? relation.keyColumns.map((name) => raw.new![name] as string)
      : null;
  return { type: raw.type, xid, relation, filterTuple: raw.type === "DELETE" ? oldTuple : raw.new, keyValues, data };
}

function pick(tuple: RawTuple, names: string[]): RawTuple {
  const picked: RawTuple = {};
  for (const name of names) if (name in tuple) picked[name] = tuple[name];
  return picked;
}

function toRecord(tuple: RawTuple, relation: RelationInfo): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const column of relation.columns) {
    const value = tuple[column.name];
    // undefined: not in this tuple (key-only old row, or an unchanged TOAST value pgoutput omits).
    if (value === undefined) continue;
    record[column.name] = value === null ? null : textToJson(value, column.type);
  }
  return record;
}
