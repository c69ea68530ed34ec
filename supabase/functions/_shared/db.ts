// Database access for the api function. Every request runs in one transaction under the role a
// caller has, exactly as PostgREST would run it, so row-level security decides what is seen:
//   asUser:    role authenticated with the caller's JWT claims
//   asAnon:    role anon (anonymous customers)
//   asService: role service_role, for the privileged private.* functions; used explicitly
import postgres from "postgres";

export type Sql = postgres.Sql;
export type Tx = postgres.TransactionSql;

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
