// Database access for the functions. Every request runs in one transaction under the role a
// caller has, exactly as PostgREST would run it, so row-level security decides what is seen:
//   asUser:    role authenticated with the caller's JWT claims
//   asAnon:    role anon (anonymous customers)
//   asService: role service_role, for the privileged private.* functions; used explicitly
import net from "node:net";
import postgres from "postgres";

/**
 * postgres.js gathers the protocol messages of one tick and writes them from a `setImmediate`
 * callback. The Edge Runtime's Deno (2.1) runs `setImmediate` on a 1 ms timer (denoland/deno#28016,
 * reimplemented in Deno 2.6), so every write waited about 1.1 ms: a `select 1` took 1.5 ms against
 * 0.2 ms in Node, and a signed-in read (two transactions, eight writes) spent about 9 ms idle.
 * postgres.js looks `setImmediate` up on the global object at each write (no other package the
 * functions use calls it, and Deno's own node: modules import theirs), so these two make the
 * flush a microtask: the writes of one synchronous run still go out together, at once.
 */
function flushWritesPromptly() {
  const global = globalThis as unknown as Record<"setImmediate" | "clearImmediate", unknown>;
  global.setImmediate = (callback: (...args: unknown[]) => void, ...args: unknown[]) => {
    const handle = { cancelled: false };
    queueMicrotask(() => {
      if (!handle.cancelled) callback(...args);
    });
    return handle;
  };
  global.clearImmediate = (handle: { cancelled: boolean } | null | undefined) => {
    if (handle) handle.cancelled = true;
  };
}
flushWritesPromptly();

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

type Client = postgres.Sql<ParsedTypes>;
export type Tx = postgres.ReservedSql<ParsedTypes>;
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
/**
 * Connections one function instance holds at most. Hosted, every isolate of every function has its
 * own pool and the pooler takes 200 to 1,000 clients by compute size; a request holds one
 * connection for one short transaction, so 3 per isolate serve the traffic without exhausting it.
 */
export const DB_POOL_MAX = 3;
/**
 * Every transaction ends within this, waiting for a connection included: Postgres can stop
 * answering without closing anything (a stalled server, a dead network path), and postgres.js has
 * no query timeout of its own. Past it the connection is cut and the caller gets a 503.
 */
export const TRANSACTION_DEADLINE_MS = 10_000;
/** Idle seconds before TCP keepalive probes start, so a silently dead peer is noticed by the kernel too. */
const KEEP_ALIVE_SECONDS = 15;

/** A transaction that ran out of time (mapped to 503 with Retry-After in errors.ts). */
export class DeadlineError extends Error {
  readonly code = "DATABASE_DEADLINE";
  constructor() {
    super("The database did not answer before the transaction's deadline");
  }
}

/**
 * One connection of the pool: a postgres.js client of its own (max 1) whose socket this module
 * opens, so that a connection that ran out of time can be cut at once (postgres.js can only end it
 * politely, which a stalled server never acknowledges). A connection that failed or was cut is
 * replaced by a fresh client: postgres.js may leave a closed connection's write buffer behind.
 */
class Slot {
  client: Client;
  #socket: net.Socket | undefined;

  constructor(private readonly databaseUrl: string) {
    this.client = this.#open();
  }

  #open(): Client {
    // Not in postgres.js's types, but its documented way to supply the socket (TLS, when the URL
    // asks for it, is still set up by postgres.js on top of this one).
    const ownSocket = {
      socket: ({ host, port }: { host: string[]; port: number[] }) => {
        const socket = net.connect({ host: host[0], port: port[0] });
        this.#socket = socket;
        return socket;
      },
    };
    return postgres(this.databaseUrl, {
      max: 1,
      // prepare: false keeps this compatible with Supavisor's transaction pooling when hosted.
      prepare: false,
      onnotice: () => {},
      connect_timeout: CONNECT_TIMEOUT_SECONDS,
      keep_alive: KEEP_ALIVE_SECONDS,
      // Its default backoff between failed connects grows to 20 s, during which every request
      // would wait; capped at one second.
      backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 1),
      connection: { application_name: "api" },
      types: parsedTypes,
      ...(ownSocket as object),
    });
  }

  /** Cuts the connection (its transaction fails with CONNECTION_DESTROYED) and starts afresh. */
  reset() {
    const [client, socket] = [this.client, this.#socket];
    this.client = this.#open();
    this.#socket = undefined;
    // Ended first, so that postgres.js refuses any further write (the ROLLBACK its begin() sends)
    // instead of writing to a closed socket; then the socket is destroyed, not closed politely.
    client
      .end({ timeout: 0 })
      .catch(() => {})
      .finally(() => socket?.destroy());
  }

  end() {
    return this.client.end();
  }
}

/** The function's connections to Postgres, handed out one transaction at a time. */
export class Database {
  readonly #slots: Slot[];
  readonly #idle: Slot[];
  readonly #waiting: ((slot: Slot) => void)[] = [];

  constructor(databaseUrl: string, size = DB_POOL_MAX) {
    this.#slots = Array.from({ length: size }, () => new Slot(databaseUrl));
    this.#idle = [...this.#slots];
  }

  /** A free connection, waiting in turn for one; rejects when the deadline passes first. */
  acquire(deadline: Deadline): Promise<Slot> {
    const idle = this.#idle.pop();
    if (idle) return Promise.resolve(idle);
    return new Promise((resolve, reject) => {
      const waiter = (slot: Slot) => resolve(slot);
      this.#waiting.push(waiter);
      deadline.onExpiry(() => {
        const index = this.#waiting.indexOf(waiter);
        if (index >= 0) this.#waiting.splice(index, 1);
        reject(new DeadlineError());
      });
    });
  }

  release(slot: Slot) {
    const next = this.#waiting.shift();
    if (next) next(slot);
    else this.#idle.push(slot);
  }

  async end() {
    await Promise.all(this.#slots.map((slot) => slot.end()));
  }
}

/** Kept as the name the routes know: what `deps.sql` holds. */
export type Sql = Database;

export function connect(databaseUrl: string): Sql {
  return new Database(databaseUrl);
}

/** A timer that fires once; what waits on it registers with onExpiry. */
class Deadline {
  #expired = false;
  readonly #listeners: (() => void)[] = [];
  readonly #timer: ReturnType<typeof setTimeout>;

  constructor(ms: number) {
    this.#timer = setTimeout(() => {
      this.#expired = true;
      for (const listener of this.#listeners.splice(0)) listener();
    }, ms);
  }

  get expired() {
    return this.#expired;
  }

  onExpiry(listener: () => void) {
    if (this.#expired) listener();
    else this.#listeners.push(listener);
  }

  /** Rejects with DeadlineError at expiry. */
  reached(): Promise<never> {
    return new Promise((_, reject) => this.onExpiry(() => reject(new DeadlineError())));
  }

  clear() {
    clearTimeout(this.#timer);
    this.#listeners.length = 0;
  }
}

/**
 * A text as an SQL string literal: an escape string (E'...') with every backslash and quote
 * doubled, so it means the same text whatever standard_conforming_strings says. Only for what must
 * go without parameters to save a round trip: the transaction's settings above, and the user's
 * lookup of every signed-in request (api/lib/require-user.ts).
 */
export function sqlLiteral(text: string): string {
  return `E'${text.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`;
}

/** Errors after which the connection cannot be trusted: lost, cut, or the server going away. */
function isConnectionFailure(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code ?? "";
  return (
    error instanceof DeadlineError ||
    /^(CONNECTION_|CONNECT_TIMEOUT|E[A-Z]+$|57P0|08)/.test(code) ||
    /^(ConnectionRefused|ConnectionReset|BrokenPipe)$/.test((error as { name?: string } | null)?.name ?? "")
  );
}

/**
 * `deadlineMs` is for the one kind of transaction that may rightly last longer: a download streamed
 * from a cursor, which waits on the client between batches. Everything else keeps the default.
 */
export interface TransactionOptions {
  deadlineMs?: number;
}

/**
 * The transaction's settings as one statement without parameters (the values as escaped literals):
 * set per transaction, not per connection, so they hold behind a transaction pooler too.
 */
function settingsStatement(role: string, claims: object): string {
  return (
    `select set_config('role', ${sqlLiteral(role)}, true), ` +
    `set_config('request.jwt.claims', ${sqlLiteral(JSON.stringify(claims))}, true), ` +
    `set_config('statement_timeout', ${sqlLiteral(STATEMENT_TIMEOUT)}, true)`
  );
}

/**
 * `work` in a transaction on the client's one connection. BEGIN, the settings and the work's first
 * query go out without waiting for one another's answers: postgres.js's own begin() waits for
 * BEGIN's answer before it runs anything, a round trip of its own, and with prepare: false every
 * parameterized query already costs two (a Describe first). Statements without parameters need no
 * Describe, so they queue behind one another without waiting. As postgres.js's begin() does, it never reports success for
 * a transaction Postgres rolled back: a query error the work caught still aborts the transaction,
 * and COMMIT then answers ROLLBACK.
 */
async function inTransaction<T>(client: Client, settings: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  const connection = await client.reserve();
  try {
    const opened = Promise.all([connection.unsafe("begin").execute(), connection.unsafe(settings).execute()]);
    const [, result] = await Promise.all([opened, work(connection)]);
    const ended = await connection.unsafe("commit");
    if (ended.command !== "COMMIT")
      throw new Error(`The transaction ended in ${ended.command}: a statement in it failed`);
    return result;
  } catch (error) {
    // A lost connection has no transaction left to roll back (withRole replaces it), and a
    // ROLLBACK sent on it would wait for a reconnect until the deadline.
    if (!isConnectionFailure(error)) await connection.unsafe("rollback").catch(() => {});
    throw error;
  } finally {
    connection.release();
  }
}

async function withRole<T>(
  db: Sql,
  role: string,
  claims: object,
  work: (tx: Tx) => Promise<T>,
  { deadlineMs = TRANSACTION_DEADLINE_MS }: TransactionOptions = {},
): Promise<T> {
  const deadline = new Deadline(deadlineMs);
  try {
    const slot = await db.acquire(deadline);
    try {
      const transaction = inTransaction(slot.client, settingsStatement(role, claims), work);
      // Settles on its own once the connection is cut; nobody waits for it then.
      transaction.catch(() => {});
      return (await Promise.race([transaction, deadline.reached()])) as T;
    } catch (error) {
      if (isConnectionFailure(error)) slot.reset();
      throw error;
    } finally {
      db.release(slot);
    }
  } finally {
    deadline.clear();
  }
}
export function asUser<T>(
  sql: Sql,
  claims: Claims,
  work: (tx: Tx) => Promise<T>,
  options?: TransactionOptions,
): Promise<T> {
  return withRole(sql, "authenticated", claims, work, options);
}

export function asAnon<T>(sql: Sql, work: (tx: Tx) => Promise<T>, options?: TransactionOptions): Promise<T> {
  return withRole(sql, "anon", { role: "anon" }, work, options);
}

export function asService<T>(sql: Sql, work: (tx: Tx) => Promise<T>, options?: TransactionOptions): Promise<T> {
  return withRole(sql, "service_role", { role: "service_role" }, work, options);
}
