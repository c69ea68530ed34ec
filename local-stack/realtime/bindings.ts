// A channel's postgres_changes bindings, from the join payload's config.postgres_changes.
//
// The join reply must echo each binding (event, schema, table, filter exactly as sent, same
// order) with an id; realtime-js compares them field by field and leaves the channel on any
// mismatch. Change events then carry the ids of the bindings they satisfy, and realtime-js calls
// a listener only if its id is listed, so ids must be truthy numbers (0 would never match).
import { FilterSyntaxError, filterMatches, parseFilter, type FilterCondition } from "./filters.ts";
import type { RelationInfo } from "./relations.ts";
import type { RawTuple } from "./replication.ts";

export type ChangeType = "INSERT" | "UPDATE" | "DELETE";

export interface PostgresBinding {
  id: number;
  /** What the join reply echoes. */
  echo: { id: number; event: unknown; schema: unknown; table?: unknown; filter?: unknown };
  /** "*" or one change type. */
  event: "*" | ChangeType;
  schema: string;
  /** undefined or "*" for every table of the schema. */
  table?: string;
  conditions: FilterCondition[];
  /** Why the binding can never match (bad parameters), reported to the client as a system event. */
  problem?: string;
}

const EVENTS = new Set(["*", "INSERT", "UPDATE", "DELETE"]);

export function parseBindings(config: unknown, nextId: () => number): PostgresBinding[] {
  if (!Array.isArray(config)) return [];
  return config.map((raw: any) => {
    const id = nextId();
    const echo = { id, event: raw?.event, schema: raw?.schema, table: raw?.table, filter: raw?.filter };
    const event = typeof raw?.event === "string" ? raw.event.toUpperCase() : "";
    const binding: PostgresBinding = {
      id,
      echo,
      event: (EVENTS.has(event) ? event : "*") as PostgresBinding["event"],
      schema: typeof raw?.schema === "string" ? raw.schema : "",
      table: typeof raw?.table === "string" && raw.table !== "" ? raw.table : undefined,
      conditions: [],
    };
    if (!EVENTS.has(event))
      binding.problem = `event must be one of *, INSERT, UPDATE, DELETE (got ${JSON.stringify(raw?.event)})`;
    else if (!binding.schema) binding.problem = "schema is required";
    else if (raw?.filter !== undefined && raw?.filter !== null && raw?.filter !== "") {
      if (typeof raw.filter !== "string") binding.problem = "filter must be a string";
      else {
        try {
          binding.conditions = parseFilter(raw.filter);
        } catch (error) {
          if (!(error instanceof FilterSyntaxError)) throw error;
          binding.problem = error.message;
        }
      }
    }
    return binding;
  });
}

/** Does this change satisfy the binding (schema, table, event and filter)? */
export function bindingMatches(
  binding: PostgresBinding,
  relation: RelationInfo,
  type: ChangeType,
  filterTuple: RawTuple | null,
): boolean {
  if (binding.problem) return false;
  if (binding.event !== "*" && binding.event !== type) return false;
  if (binding.schema !== "*" && binding.schema !== relation.schema) return false;
  if (binding.table !== undefined && binding.table !== "*" && binding.table !== relation.table) return false;
  if (binding.conditions.length === 0) return true;
  return filterTuple !== null && filterMatches(binding.conditions, filterTuple, relation);
}
