// One error envelope for every failure: {error: <code>, message: <what is wrong>, field?}.
// Database errors are mapped from their SQLSTATE, and a violated constraint to its field and its
// one message (contract/constraints.ts); anything unexpected becomes a generic 500 whose detail is
// logged, never sent.
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { constraintRule, type ConstraintRule } from "./contract/constraints.ts";
import { errorStatus, type ErrorBody, type ErrorCode } from "./contract/error-codes.ts";

export { errorStatus, type ErrorCode };

export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

// SQLSTATEs raised on purpose by our SQL functions and constraints.
const sqlStateCodes: Record<string, ErrorCode> = {
  "22023": "invalid_input", // invalid_parameter_value
  "22P02": "invalid_input", // invalid_text_representation
  "23514": "invalid_input", // check_violation
  "23505": "conflict", // unique_violation
  "55000": "conflict", // object_not_in_prerequisite_state
  "40001": "conflict", // serialization_failure
  "42501": "forbidden", // insufficient_privilege (RLS, grants, our own checks)
  P0002: "not_found", // no_data_found
  P0422: "unprocessable", // our own: a request that cannot be done as sent (an Idempotency-Key reused for another order)
  P0429: "rate_limited", // our own: checkouts faster than a person places them
};

// The database cannot be reached or is going away: refused or timed-out connections (postgres.js
// codes), a connection lost mid-request, a server shutting down or starting (57P01-57P03), too
// many connections (53300), a connection failure (class 08), a statement cancelled by
// statement_timeout (57014) or a transaction past its deadline with a silent server (db.ts).
// EBADF is Deno's answer to a write on a socket the server has just closed (a backend terminated
// while a query was leaving). A deadlock (40P01) rolled the whole request back: a retry finds the
// other transaction gone (logged all the same, since our lock order should prevent one). Worth a
// retry in a few seconds, never a 500.
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EBADF",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "57014",
  "40P01",
  "DATABASE_DEADLINE",
]);

const RETRY_AFTER_SECONDS = 5;

function isUnavailable(code: string | undefined, error: unknown): boolean {
  if (code && (UNAVAILABLE_CODES.has(code) || code.startsWith("08"))) return true;
  // Deno reports a refused or reset socket as a ConnectionRefused/ConnectionReset error.
  const name = (error as { name?: string } | null)?.name;
  return name === "ConnectionRefused" || name === "ConnectionReset" || name === "BrokenPipe";
}

/** What postgres.js tells of a database error. */
interface DatabaseError {
  code?: string;
  message?: string;
  constraint_name?: string;
  table_name?: string;
  column_name?: string;
  hint?: string;
}

/**
 * The rule a database error broke: its constraint by name (a CHECK, or a trigger that raises under
 * a constraint name), or for a not-null violation `<table>_<column>_not_null`, the name
 * PostgreSQL 18 gives that constraint (earlier versions name none).
 */
function brokenRule(error: DatabaseError): ConstraintRule | undefined {
  if (error.constraint_name) return constraintRule(error.constraint_name);
  if (error.code === "23502" && error.table_name && error.column_name) {
    return constraintRule(`${error.table_name}_${error.column_name}_not_null`);
  }
  return undefined;
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const sqlState = (error as { code?: string })?.code;
  if (isUnavailable(sqlState, error)) {
    console.error("database unavailable:", sqlState ?? (error as Error)?.name, (error as Error)?.message);
    return new ApiError(
      "unavailable",
      "The service is busy or restarting. Please try again in a few seconds.",
      undefined,
      { "Retry-After": String(RETRY_AFTER_SECONDS) },
    );
  }
  // A constraint with a rule is the input's fault (a not-null one too: a missing input); any other
  // not-null violation is ours, and a 500.
  const rule = sqlState === "23514" || sqlState === "23502" ? brokenRule(error as DatabaseError) : undefined;
  if (rule) return new ApiError("invalid_input", rule.message, rule.field);
  const code = sqlState ? sqlStateCodes[sqlState] : undefined;
  if (code) {
    const databaseError = error as DatabaseError;
    const message = databaseError.message ?? "";
    if (code === "forbidden" && /row-level security|permission denied/.test(message)) {
      return new ApiError(code, "You are not allowed to do this");
    }
    // Our functions name the input at fault with RAISE ... USING column = '<field>'.
    const field = databaseError.column_name || undefined;
    // A rate limit may say when to come back: RAISE ... USING hint = '<seconds>'.
    const hint = databaseError.hint;
    const headers: Record<string, string> =
      code === "rate_limited" && hint && /^[0-9]{1,6}$/.test(hint) ? { "Retry-After": hint } : {};
    return new ApiError(code, message, field, headers);
  }
  console.error("unexpected error", error);
  return new ApiError("internal", "Something went wrong. Please try again.");
}

export function errorResponse(c: Context, error: unknown) {
  const apiError = toApiError(error);
  for (const [name, value] of Object.entries(apiError.headers)) c.header(name, value);
  const body: ErrorBody = {
    error: apiError.code,
    message: apiError.message,
  };
  if (apiError.field) body.field = apiError.field;
  return c.json(body, errorStatus[apiError.code] satisfies ContentfulStatusCode);
}

/** The SQLSTATE of a database error (undefined for anything else), for routes that explain one. */
export function sqlStateOf(error: unknown): string | undefined {
  return (error as { code?: string } | null)?.code;
}

/** The constraint (or unique index) a database error names, for routes that explain one. */
export function constraintOf(error: unknown): string | undefined {
  return (error as DatabaseError | null)?.constraint_name;
}
