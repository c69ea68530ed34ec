// Database access for the api function. Every request runs in one transaction under the role a
// caller has, exactly as PostgREST would run it, so row-level security decides what is seen:
//   asUser:    role authenticated with the caller's JWT claims
//   asAnon:    role anon (anonymous customers)
//   asService: role service_role, for the privileged private.* functions; used explicitly
import postgres from "postgres";

/** What postgres.js returns for these column types: what `supabase gen types` wrote in database.types.ts. */
type ParsedTypes = {
  int8: number;
  numeric: number;
  timestamptz: string;
  date: string;
};

/**
 * Parsers by type OID so that rows match the generated types exactly (postgres.js would hand over
 * int8 and numeric as strings and timestamps and dates as Date objects). A parameter of one of
 * these types is still serialized as postgres.js does by default, except a date, sent as it is.
 */
const parsedTypes: { [name in keyof ParsedTypes]: postgres.PostgresType<ParsedTypes[name]> } = {
  // Money is bigint cents: a price is at most $1,000,000 (10^8 cents) and every sum stays far
  // below 2^53, so a JS number holds each value exactly. count(*) is int8 too.
  int8: { to: 20, from: [20], serialize: String, parse: Number },
  // Commission rates (numeric(6,4)), and sums of bigint columns, which Postgres types numeric.
  numeric: { to: 1700, from: [1700], serialize: String, parse: Number },
  // Timestamps as the API sends them: ISO 8601 in UTC with milliseconds.
  timestamptz: {
    to: 1184,
    from: [1184],
    serialize: (value: string | Date) => (value instanceof Date ? value : new Date(value)).toISOString(),
    parse: (text: string) => new Date(text).toISOString(),
  },
  // Calendar dates (campaign start and end) stay YYYY-MM-DD text both ways: no time zone can shift them.
  date: { to: 1082, from: [1082], serialize: String, parse: String },
};

export type Sql = postgres.Sql<ParsedTypes>;
export type Tx = postgres.TransactionSql<ParsedTypes>;
/** A piece of SQL (a select list, a join, a condition) written as tx`...` and placed into a query. */
export type Fragment = postgres.Fragment;

export interface Claims {
  sub: string;
  role: "authenticated";
  email: string;
  [key: string]: unknown;
}

/** How long a request may wait for a new connection before it gets a 503 (seconds). */
const CONNECT_TIMEOUT_SECONDS = 3;
/** How long one statement may run before Postgres cancels it (a 503 too). */
const STATEMENT_TIMEOUT = "8s";

export function connect(databaseUrl: string): Sql {
  // prepare: false keeps this compatible with Supavisor's transaction pooling when hosted. A short
  // connect timeout makes an unreachable database a quick 503 instead of a 30 s hang. Broken
  // connections are dropped by postgres.js and opened afresh, so the API recovers by itself; its
  // default backoff between failed connects grows to 20 s, during which every request would
  // wait, so it is capped at one second.
  return postgres(databaseUrl, {
    max: 10,
    prepare: false,
    onnotice: () => {},
    connect_timeout: CONNECT_TIMEOUT_SECONDS,
    backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 1),
    connection: { application_name: "api" },
    types: parsedTypes,
  });
}

async function withRole<T>(sql: Sql, role: string, claims: object, work: (tx: Tx) => Promise<T>): Promise<T> {
  return (await sql.begin(async (tx) => {
    // Set per transaction (not per connection), so it holds behind a transaction pooler too.
    await tx`select set_config('role', ${role}, true), set_config('request.jwt.claims', ${JSON.stringify(claims)}, true),
                    set_config('statement_timeout', ${STATEMENT_TIMEOUT}, true)`;
    return work(tx);
  })) as T;
}

export function asUser<T>(sql: Sql, claims: Claims, work: (tx: Tx) => Promise<T>): Promise<T> {
  return withRole(sql, "authenticated", claims, work);
}

export function asAnon<T>(sql: Sql, work: (tx: Tx) => Promise<T>): Promise<T> {
  return withRole(sql, "anon", { role: "anon" }, work);
}

export function asService<T>(sql: Sql, work: (tx: Tx) => Promise<T>): Promise<T> {
  return withRole(sql, "service_role", { role: "service_role" }, work);
}
