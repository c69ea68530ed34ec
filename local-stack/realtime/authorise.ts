// Per-subscriber visibility, as hosted Realtime decides it: an INSERT or UPDATE reaches a
// subscriber only if that subscriber could SELECT the row, i.e. with its JWT role and claims set
// locally in a transaction:
//   set_config('role', <claims.role>, true); set_config('request.jwt.claims', <claims>, true);
//   select exists(select 1 from <schema>.<table> where <key columns> = <key values>)
// so RLS policies and table grants both apply. On a table without RLS only the SELECT grant is
// checked, as hosted Realtime does: no row lookup, so a row deleted right after its insert still
// has its INSERT delivered. (The caller skips service_role, which sees all, and DELETEs, which
// hosted Realtime does not check.)
//
// Batching: all questions of one replication transaction go to Postgres as ONE multi-statement
// simple query, grouped by subscriber identity (one role/claims switch per identity, then one
// select per changed row). A multi-statement query runs as a single implicit transaction, so the
// local settings end with it. One failing check (no grant, a policy that raises, a bad claim)
// would abort the whole batch, so on error the batch is retried per identity and then per
// question, and a question that errors counts as "not visible".
//
// Timing: the walsender can send a commit as soon as its WAL is flushed, a moment BEFORE the
// committing backend leaves the proc array, i.e. before new snapshots see the transaction. A check
// run in that window would not find the row (or find its previous version). So each batch starts
// with a statement telling whether the transaction is visible to its snapshot (the checks after it
// take later snapshots); if not, the batch is run again. (Measured: about a third of the batches
// run right after a commit hit that window, and one retry is enough.)
import type { Sql } from "postgres";
import type { RelationInfo } from "./relations.ts";
import { quoteIdent, quoteLiteral } from "./sql-quote.ts";

export interface VisibilityQuestion {
  /** The transaction that made the change (32-bit xid). */
  xid: number;
  /** Identifies the claims (the token): questions with the same identity share one role switch. */
  identity: string;
  role: string;
  claimsJson: string;
  relation: RelationInfo;
  /** The changed row's key; needed (and only used) when the table has RLS enabled. */
  keyValues: string[] | null;
}

export class Authoriser {
  private readonly reported = new Set<string>();

  constructor(
    private readonly sql: Sql,
    private readonly log: (message: string) => void,
  ) {}

  /** One answer per question, same order. */
  async visible(questions: VisibilityQuestion[]): Promise<boolean[]> {
    if (questions.length === 0) return [];
    // Identical questions (two channels of one user, one row) are asked once.
    const unique = new Map<string, number>();
    const distinct: VisibilityQuestion[] = [];
    const slots = questions.map((question) => {
      const key = [question.identity, question.relation.oid, ...(question.keyValues ?? [])].join("\u0000");
      let slot = unique.get(key);
      if (slot === undefined) {
        slot = distinct.length;
        unique.set(key, slot);
        distinct.push(question);
      }
      return slot;
    });
    const answers = await this.answer(distinct);
    return slots.map((slot) => answers[slot]);
  }

  private async answer(questions: VisibilityQuestion[]): Promise<boolean[]> {
    try {
      return await this.askBatch(questions);
    } catch (error) {
      if (questions.length === 1) {
        this.report(questions[0], error);
        return [false];
      }
      // Narrow down (per identity, then per question) so one bad check denies only itself.
      const identities = [...new Set(questions.map((question) => question.identity))];
      const groups =
        identities.length > 1
          ? identities.map((identity) =>
              questions.flatMap((question, i) => (question.identity === identity ? [i] : [])),
            )
          : questions.map((_, i) => [i]);
      const answers: boolean[] = new Array(questions.length).fill(false);
      await Promise.all(
        groups.map(async (indexes) => {
          const groupAnswers = await this.answer(indexes.map((i) => questions[i]));
          indexes.forEach((index, k) => (answers[index] = groupAnswers[k]));
        }),
      );
      return answers;
    }
  }

  private async askBatch(questions: VisibilityQuestion[]): Promise<boolean[]> {
    // Only row lookups depend on the transaction being visible; grant checks do not.
    const lookups = questions.filter((question) => question.relation.rlsEnabled && question.keyValues);
    const statements = [...new Set(lookups.map((question) => question.xid))].map(committedStatement);
    let currentIdentity: string | null = null;
    const order = questions.map((question, index) => ({ question, index }));
    order.sort((a, b) =>
      a.question.identity < b.question.identity ? -1 : a.question.identity > b.question.identity ? 1 : 0,
    );
    for (const { question, index } of order) {
      if (question.identity !== currentIdentity) {
        currentIdentity = question.identity;
        statements.push(
          `select set_config('role', ${quoteLiteral(question.role)}, true), ` +
            `set_config('request.jwt.claims', ${quoteLiteral(question.claimsJson)}, true)`,
        );
      }
      statements.push(`select ${index} as i, ${visibilityExpression(question)} as v`);
    }
    const text = statements.join(";\n");
    const started = Date.now();
    for (;;) {
      // No parameters: postgres.js sends a simple query, which may hold many statements.
      const rows: any[] = ((await this.sql.unsafe(text)) as any[]).flat();
      const waiting = rows.some((row) => row?.committed === false);
      if (waiting && Date.now() - started < 2000) {
        await new Promise((resolve) => setImmediate(resolve));
        continue;
      }
      if (waiting) this.log("a committed transaction stayed invisible for 2s; checked anyway");
      const answers: boolean[] = new Array(questions.length).fill(false);
      for (const row of rows) if (row && typeof row.i === "number") answers[row.i] = row.v === true;
      return answers;
    }
  }

  private report(question: VisibilityQuestion, error: unknown) {
    const message = error instanceof Error ? error.message : String(error);
    const key = `${question.role} ${question.relation.schema}.${question.relation.table}: ${message}`;
    if (this.reported.has(key) || this.reported.size > 100) return;
    this.reported.add(key);
    this.log(`visibility check failed, change not delivered (${key})`);
  }
}

function visibilityExpression({ relation, keyValues }: VisibilityQuestion): string {
  if (!relation.rlsEnabled || !keyValues) return `pg_catalog.has_table_privilege(${relation.oid}::oid, 'SELECT')`;
  const where = relation.keyColumns
    .map((column, i) => `${quoteIdent(column)} = ${quoteLiteral(keyValues[i])}`)
    .join(" and ");
  return `exists(select 1 from ${quoteIdent(relation.schema)}.${quoteIdent(relation.table)} where ${where})`;
}

/**
 * A statement answering whether transaction `xid` (32 bits) is visible to the statement's
 * snapshot. The 32-bit xid is widened to the snapshot's epoch by its distance below xmax; an xid
 * at or above xmax has not completed yet.
 */
function committedStatement(xid: number): string {
  return `select case when d between 1 and 2147483647
                 then pg_catalog.pg_visible_in_snapshot((xmax - d)::text::xid8, s) else false end as committed
          from (select s, pg_catalog.pg_snapshot_xmax(s)::text::bigint as xmax,
                       ((pg_catalog.pg_snapshot_xmax(s)::text::bigint - ${xid}) % 4294967296 + 4294967296) % 4294967296 as d
                  from pg_catalog.pg_current_snapshot() as s) as snapshot`;
}
