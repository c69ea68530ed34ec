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

export function connect(databaseUrl: string): Sql {
  // prepare: false keeps this compatible with Supavisor's transaction pooling when hosted.
  return postgres(databaseUrl, { max: 10, prepare: false, onnotice: () => {}, connection: { application_name: "api" } });
}

async function withRole<T>(sql: Sql, role: string, claims: object, work: (tx: Tx) => Promise<T>): Promise<T> {
  return (await sql.begin(async (tx) => {
    await tx`select set_config('role', ${role}, true), set_config('request.jwt.claims', ${JSON.stringify(claims)}, true)`;
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
