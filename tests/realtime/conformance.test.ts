// Conformance of the Realtime stand-in (local-stack/realtime) with what the app gets from hosted
// Supabase Realtime, driven by the real @supabase/supabase-js client (and a raw WebSocket where
// the wire format itself is the point). Each "did NOT receive" is proven with a later marker
// event: a subscriber gets changes in commit order, so once the marker arrived, anything
// committed before it would have arrived too.
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import { performance } from "node:perf_hooks";
import { createClient, type RealtimeChannel, type SupabaseClient } from "@supabase/supabase-js";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { freePort } from "../../local-stack/free-port.ts";
import { LOCAL_PUBLISHABLE_KEY, localApiKeys, localSigningKey } from "../../local-stack/keys.ts";
import { startRealtime, type RealtimeServer } from "../../local-stack/realtime/index.ts";
import { createThrowawayDatabase, type ThrowawayDatabase } from "../../local-stack/throwaway-db.ts";
import { signLegacy, signLocal, signWithOtherKey } from "../helpers/tokens.ts";

const WAIT_MS = 10_000; // upper bound for an awaited event, never a sleep

let db: ThrowawayDatabase;
let sql: postgres.Sql;
let httpServer: Server;
let baseUrl: string;
let realtime: RealtimeServer;
// A service_role JWT signed with the project key, as a server would hold one (the legacy service_role
// key is gone).
let serviceToken: string;
const clients: SupabaseClient[] = [];
const rawSockets: RawSocket[] = [];

beforeAll(async () => {
  db = await createThrowawayDatabase();
  sql = postgres(db.url, { max: 2, onnotice: () => {} });
  await sql.unsafe(`
    create table public.rt_items (
      id bigint generated always as identity primary key,
      owner_id uuid not null,
      kind text not null,
      amount int not null default 0,
      price numeric(10, 2),
      tags text[] not null default '{}',
      meta jsonb,
      done boolean not null default false,
      created_at timestamptz not null default now()
    );
    alter table public.rt_items enable row level security;
    create policy "Owners read their items" on public.rt_items
      for select to authenticated using (owner_id = (select auth.uid()));
    alter publication supabase_realtime add table public.rt_items;

    -- No RLS and REPLICA IDENTITY FULL: old records carry every column.
    create table public.rt_notes (id uuid primary key default gen_random_uuid(), body text, n int);
    alter table public.rt_notes replica identity full;
    alter publication supabase_realtime add table public.rt_notes;

    -- Types beyond the built-in map: an enum, a domain, arrays, timestamp without time zone.
    create type public.rt_mood as enum ('calm', 'busy');
    create domain public.rt_positive as int check (value > 0);
    create table public.rt_types (
      id uuid primary key default gen_random_uuid(),
      mood public.rt_mood,
      moods public.rt_mood[],
      qty public.rt_positive,
      big bigint,
      ratio float8,
      days date[],
      flags bool[],
      grid int[][],
      plain json,
      at timestamp,
      nothing text
    );
    alter publication supabase_realtime add table public.rt_types;

    -- Private broadcast topics: "room:<user id>" is that user's; nothing else is readable.
    create policy "Users read their own room" on realtime.messages
      for select to authenticated
      using (extension = 'broadcast' and (select realtime.topic()) = 'room:' || (select auth.uid())::text);
  `);

  realtime = await startRealtime({
    databaseUrl: db.adminUrl,
    keySet: (await localSigningKey()).verifyKey,
    apiKeys: localApiKeys(),
  });
  serviceToken = await signLocal({ role: "service_role" });
  const port = await freePort();
  httpServer = createServer((_req, res) => res.writeHead(404).end());
  // Like the gateway: route upgrades of the websocket path to whichever stand-in is current.
  httpServer.on("upgrade", (req, socket, head) => {
    if ((req.url ?? "").split("?")[0] === "/realtime/v1/websocket") realtime.handleUpgrade(req, socket, head);
    else socket.destroy();
  });
  await new Promise<void>((resolve) => httpServer.listen(port, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await Promise.all(
    clients.map(async (client) => {
      await client.removeAllChannels();
      await client.realtime.disconnect();
    }),
  );
  for (const socket of rawSockets) socket.close();
  await realtime?.close();
  if (httpServer) {
    httpServer.closeAllConnections();
    await new Promise((resolve) => httpServer.close(resolve));
  }
  await sql?.end();
  db?.stop();
});

// --- helpers ---------------------------------------------------------------------------------------

function userToken(sub: string, opts: { role?: string; expiresIn?: number } = {}): Promise<string> {
  return signLocal({ role: opts.role ?? "authenticated", aud: "authenticated", sub }, opts);
}

/** A supabase-js client whose Realtime token is `token` (the app passes the session's). */
async function connect(token: string, realtimeOptions: { vsn?: string } = {}): Promise<SupabaseClient> {
  const client = createClient(baseUrl, LOCAL_PUBLISHABLE_KEY, {
    accessToken: async () => token,
    realtime: { transport: WebSocket as never, reconnectAfterMs: () => 100, ...realtimeOptions },
  });
  await client.realtime.setAuth(token);
  clients.push(client);
  return client;
}

/** A heartbeat round trip: the server handles a socket's messages in order, so once this
 *  returns, everything the client pushed before (e.g. access_token) has been applied. */
function roundTrip(client: SupabaseClient): Promise<void> {
  return new Promise((resolve, reject) => {
    client.realtime.onHeartbeat((status) => {
      if (status === "ok") resolve();
      else if (status !== "sent") reject(new Error(`heartbeat ${status}`));
    });
    void client.realtime.sendHeartbeat();
  });
}

interface Received {
  binding: string;
  payload: any;
  at: number;
}

/** Waits (event-driven) until `check` returns something truthy. */
class Observable {
  private readonly listeners = new Set<() => void>();

  protected changed() {
    for (const listener of [...this.listeners]) listener();
  }

  until<T>(check: () => T | undefined | false | null, what: string): Promise<T> {
    return new Promise((resolve, reject) => {
      const attempt = () => {
        try {
          const value = check();
          if (value) {
            cleanup();
            resolve(value);
          }
        } catch (error) {
          cleanup();
          reject(error);
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`timed out waiting for ${what}`));
      }, WAIT_MS);
      const cleanup = () => {
        clearTimeout(timer);
        this.listeners.delete(attempt);
      };
      this.listeners.add(attempt);
      attempt();
    });
  }
}

interface BindingSpec {
  key: string;
  event: "*" | "INSERT" | "UPDATE" | "DELETE";
  table?: string;
  filter?: string;
}

class ChannelProbe extends Observable {
  readonly events: Received[] = [];
  readonly statuses: { status: string; error?: Error }[] = [];
  readonly system: any[] = [];
  channel!: RealtimeChannel;

  record(binding: string, payload: any) {
    this.events.push({ binding, payload, at: performance.now() });
    this.changed();
  }
  status(status: string, error?: Error) {
    this.statuses.push({ status, error });
    this.changed();
  }
  systemEvent(payload: any) {
    this.system.push(payload);
    this.changed();
  }

  of(binding: string): any[] {
    return this.events.filter((event) => event.binding === binding).map((event) => event.payload);
  }
  /** Resolves once the channel has been SUBSCRIBED `occurrence` times (rejoins count). A first
   *  join that fails rejects; later CHANNEL_ERRORs are expected (a dropped socket reports one). */
  subscribed(occurrence = 1): Promise<void> {
    return this.until(() => {
      const count = this.statuses.filter((s) => s.status === "SUBSCRIBED").length;
      const failure = this.statuses.find((s) => s.status === "CHANNEL_ERROR" || s.status === "TIMED_OUT");
      if (count === 0 && failure) throw new Error(`${failure.status}: ${failure.error?.message}`);
      return count >= occurrence;
    }, `SUBSCRIBED #${occurrence}`).then(() => undefined);
  }
  received(binding: string, predicate: (payload: any) => boolean, what: string): Promise<any> {
    return this.until(() => this.of(binding).find(predicate), what);
  }
}

let channelCounter = 0;
function listen(client: SupabaseClient, bindings: BindingSpec[]): ChannelProbe {
  const probe = new ChannelProbe();
  const channel = client.channel(`conformance-${++channelCounter}`);
  for (const binding of bindings) {
    channel.on(
      "postgres_changes",
      { event: binding.event as "*", schema: "public", table: binding.table ?? "rt_items", filter: binding.filter },
      (payload) => probe.record(binding.key, payload),
    );
  }
  channel.on("system", {}, (payload) => probe.systemEvent(payload));
  channel.subscribe((status, error) => probe.status(status, error));
  probe.channel = channel;
  return probe;
}

async function insertItem(owner: string, kind: string, amount = 0): Promise<number> {
  const [row] = await sql<{ id: string }[]>`
    insert into public.rt_items (owner_id, kind, amount) values (${owner}, ${kind}, ${amount}) returning id`;
  return Number(row.id);
}

const kindOf = (payload: any) => payload.new?.kind;

/** A bare WebSocket client speaking one vsn, for the wire-level cases. */
class RawSocket extends Observable {
  readonly frames: unknown[] = [];
  readonly messages: { join_ref: any; ref: any; topic: string; event: string; payload: any }[] = [];

  private constructor(
    private readonly ws: WebSocket,
    readonly vsn: "1.0.0" | "2.0.0",
  ) {
    super();
    ws.on("message", (data, isBinary) => {
      const buffer = data as Buffer;
      if (isBinary) {
        const frame = decodeUserBroadcast(buffer);
        this.frames.push(buffer);
        this.messages.push(frame);
      } else {
        const frame = JSON.parse(buffer.toString());
        this.frames.push(frame);
        this.messages.push(
          vsn === "1.0.0"
            ? frame
            : { join_ref: frame[0], ref: frame[1], topic: frame[2], event: frame[3], payload: frame[4] },
        );
      }
      this.changed();
    });
  }

  static open(vsn: "1.0.0" | "2.0.0", apikey = LOCAL_PUBLISHABLE_KEY): Promise<RawSocket> {
    const ws = new WebSocket(`${baseUrl.replace("http", "ws")}/realtime/v1/websocket?apikey=${apikey}&vsn=${vsn}`);
    return new Promise((resolve, reject) => {
      ws.once("open", () => {
        const socket = new RawSocket(ws, vsn);
        rawSockets.push(socket);
        resolve(socket);
      });
      ws.once("error", reject);
    });
  }

  send(message: { join_ref: string | null; ref: string | null; topic: string; event: string; payload: unknown }) {
    const { join_ref, ref, topic, event, payload } = message;
    this.ws.send(JSON.stringify(this.vsn === "1.0.0" ? message : [join_ref, ref, topic, event, payload]));
  }

  reply(ref: string) {
    return this.until(() => this.messages.find((m) => m.event === "phx_reply" && m.ref === ref), `reply to ${ref}`);
  }

  on(topic: string, event: string, predicate: (payload: any) => boolean = () => true) {
    return this.until(
      () => this.messages.find((m) => m.topic === topic && m.event === event && predicate(m.payload)),
      `${event} on ${topic}`,
    );
  }

  close() {
    this.ws.close();
  }
}

/** A binary "user broadcast" frame (kind 4), read by the layout hosted Realtime documents. */
function decodeUserBroadcast(frame: Buffer) {
  if (frame[0] !== 4) throw new Error(`unexpected binary frame of kind ${frame[0]}`);
  const [topicLength, eventLength, metaLength, encoding] = [frame[1], frame[2], frame[3], frame[4]];
  let offset = 5;
  const take = (length: number) => frame.toString("utf8", offset, (offset += length));
  const topic = take(topicLength);
  const event = take(eventLength);
  const meta = JSON.parse(take(metaLength));
  const body = frame.toString("utf8", offset);
  return {
    join_ref: null,
    ref: null,
    topic,
    event: "broadcast",
    payload: { type: "broadcast", event, meta, encoding, payload: JSON.parse(body) },
  };
}

/** How the upgrade of a raw WebSocket ends: "open" or the HTTP status it was refused with. */
function upgradeOutcome(query: string): Promise<string | number> {
  const ws = new WebSocket(`${baseUrl.replace("http", "ws")}/realtime/v1/websocket${query}`);
  return new Promise((resolve) => {
    ws.once("open", () => {
      ws.close();
      resolve("open");
    });
    ws.once("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
    ws.once("error", () => {});
  });
}

async function replicationSlots(): Promise<string[]> {
  const rows = await sql<{ slot_name: string }[]>`select slot_name from pg_replication_slots`;
  return rows.map((row) => row.slot_name);
}

// --- cases -------------------------------------------------------------------------------------------

describe("realtime stand-in", () => {
  it("delivers each user only the rows RLS lets them see; service_role sees all", async () => {
    const alice = randomUUID();
    const bob = randomUUID();
    const aliceProbe = listen(await connect(await userToken(alice)), [{ key: "all", event: "*" }]);
    const bobProbe = listen(await connect(await userToken(bob)), [{ key: "all", event: "*" }]);
    const serviceProbe = listen(await connect(serviceToken), [
      { key: "all", event: "INSERT", filter: `owner_id=in.(${alice},${bob})` },
    ]);
    await Promise.all([aliceProbe.subscribed(), bobProbe.subscribed(), serviceProbe.subscribed()]);
    // Like hosted Realtime, a system event follows the join reply once the bindings are checked.
    const confirmation = await aliceProbe.until(() => aliceProbe.system[0], "the system event");
    expect(confirmation).toMatchObject({
      extension: "postgres_changes",
      status: "ok",
      message: "Subscribed to PostgreSQL",
    });

    await insertItem(alice, "alice-1");
    await insertItem(bob, "bob-1");
    await insertItem(alice, "alice-marker");
    await insertItem(bob, "bob-marker");
    await aliceProbe.received("all", (p) => kindOf(p) === "alice-marker", "alice's marker");
    await bobProbe.received("all", (p) => kindOf(p) === "bob-marker", "bob's marker");
    await serviceProbe.received("all", (p) => kindOf(p) === "bob-marker", "service's last row");

    expect(aliceProbe.of("all").map(kindOf)).toEqual(["alice-1", "alice-marker"]);
    expect(bobProbe.of("all").map(kindOf)).toEqual(["bob-1", "bob-marker"]);
    expect(serviceProbe.of("all").map(kindOf)).toEqual(["alice-1", "bob-1", "alice-marker", "bob-marker"]);
  });

  it("sends INSERT payloads typed as hosted Realtime does", async () => {
    const owner = randomUUID();
    const probe = listen(await connect(await userToken(owner)), [{ key: "all", event: "*" }]);
    await probe.subscribed();
    const [row] = await sql<{ id: string; created_at: Date }[]>`
      insert into public.rt_items (owner_id, kind, amount, price, tags, meta, done)
      values (${owner}, 'typed', 42, 12.50, ${sql.array(["a", "b,c", 'd"e'])}, ${sql.json({ x: [1, { y: null }] })}, true)
      returning id, created_at`;
    const payload = await probe.received("all", (p) => kindOf(p) === "typed", "typed row");

    expect(payload).toMatchObject({ schema: "public", table: "rt_items", eventType: "INSERT", errors: null, old: {} });
    expect(payload.new).toEqual({
      id: Number(row.id),
      owner_id: owner,
      kind: "typed",
      amount: 42,
      price: 12.5,
      tags: ["a", "b,c", 'd"e'],
      meta: { x: [1, { y: null }] },
      done: true,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00$/),
    });
    expect(Date.parse(payload.new.created_at)).toBe(row.created_at.getTime());
    expect(payload.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Math.abs(Date.parse(payload.commit_timestamp) - row.created_at.getTime())).toBeLessThan(5_000);
  });

  it("names and converts other column types as hosted Realtime does", async () => {
    const probe = listen(await connect(serviceToken), [{ key: "all", event: "INSERT", table: "rt_types" }]);
    await probe.subscribed();
    await sql`
      insert into public.rt_types (mood, moods, qty, big, ratio, days, flags, grid, plain, at, nothing)
      values ('busy', '{calm,busy}', 7, 9007199254740993, 0.25, '{2024-02-29,NULL}', '{t,f}', '{{1,2},{3,4}}',
              '{"b": 1, "a": [true]}', '2024-02-29 12:34:56.789012', null)`;
    const payload = await probe.received("all", () => true, "the rt_types row");
    expect(payload.new).toEqual({
      id: expect.any(String),
      mood: "busy",
      moods: ["calm", "busy"],
      qty: 7,
      big: 9007199254740992, // a JSON number, as to_jsonb sends it (beyond 2^53 it rounds)
      ratio: 0.25,
      days: ["2024-02-29", null],
      flags: [true, false],
      grid: [
        [1, 2],
        [3, 4],
      ],
      plain: { b: 1, a: [true] },
      at: "2024-02-29T12:34:56.789012",
      nothing: null,
    });
    // supabase-js keeps the columns list out of its payload: read the type names off the wire.
    const socket = await RawSocket.open("2.0.0");
    socket.send({
      join_ref: "1",
      ref: "1",
      topic: "realtime:types",
      event: "phx_join",
      payload: {
        config: { postgres_changes: [{ event: "INSERT", schema: "public", table: "rt_types" }] },
        access_token: serviceToken,
      },
    });
    expect((await socket.reply("1")).payload.status).toBe("ok");
    await sql`insert into public.rt_types (mood) values ('calm')`;
    const { data } = (await socket.on("realtime:types", "postgres_changes")).payload;
    expect(data.columns).toEqual([
      { name: "id", type: "uuid" },
      { name: "mood", type: "rt_mood" },
      { name: "moods", type: "_rt_mood" },
      { name: "qty", type: "rt_positive" },
      { name: "big", type: "int8" },
      { name: "ratio", type: "float8" },
      { name: "days", type: "_date" },
      { name: "flags", type: "_bool" },
      { name: "grid", type: "_int4" },
      { name: "plain", type: "json" },
      { name: "at", type: "timestamp" },
      { name: "nothing", type: "text" },
    ]);
  });

  it("applies filters eq, neq, lt, lte, gt, gte, in (and combinations)", async () => {
    const owner = randomUUID();
    const probe = listen(await connect(await userToken(owner)), [
      { key: "eq", event: "INSERT", filter: "amount=eq.3" },
      { key: "neq", event: "INSERT", filter: "amount=neq.3" },
      { key: "lt", event: "INSERT", filter: "amount=lt.3" },
      { key: "lte", event: "INSERT", filter: "amount=lte.3" },
      { key: "gt", event: "INSERT", filter: "amount=gt.3" },
      { key: "gte", event: "INSERT", filter: "amount=gte.3" },
      { key: "in", event: "INSERT", filter: 'kind=in.(k1,"k,4")' },
      { key: "eq-text", event: "INSERT", filter: "kind=eq.k2" },
      { key: "eq-uuid", event: "INSERT", filter: `owner_id=eq.${owner.toUpperCase()}` },
      { key: "range", event: "INSERT", filter: "amount=gt.1,amount=lt.5" },
      { key: "marker", event: "INSERT", filter: "kind=eq.marker" },
    ]);
    await probe.subscribed();
    const kinds = ["k1", "k2", "k3", "k,4", "k5"];
    for (let amount = 1; amount <= 5; amount++) await insertItem(owner, kinds[amount - 1], amount);
    await insertItem(owner, "marker", 100);
    await probe.received("marker", () => true, "marker");

    const amounts = (binding: string) =>
      probe
        .of(binding)
        .filter((p) => kindOf(p) !== "marker")
        .map((p) => p.new.amount);
    expect(amounts("eq")).toEqual([3]);
    expect(amounts("neq")).toEqual([1, 2, 4, 5]);
    expect(amounts("lt")).toEqual([1, 2]);
    expect(amounts("lte")).toEqual([1, 2, 3]);
    expect(amounts("gt")).toEqual([4, 5]);
    expect(amounts("gte")).toEqual([3, 4, 5]);
    expect(amounts("in")).toEqual([1, 4]);
    expect(amounts("eq-text")).toEqual([2]);
    expect(amounts("eq-uuid")).toEqual([1, 2, 3, 4, 5]);
    expect(amounts("range")).toEqual([2, 3, 4]);
  });

  it("honours event-specific bindings and sends UPDATE and DELETE payloads", async () => {
    const owner = randomUUID();
    const probe = listen(await connect(await userToken(owner)), [
      { key: "inserts", event: "INSERT" },
      { key: "updates", event: "UPDATE" },
      { key: "deletes", event: "DELETE" },
      { key: "all", event: "*" },
    ]);
    await probe.subscribed();
    // Each step waits for its event: like hosted Realtime, an INSERT or UPDATE is checked against
    // the row as it is when the event is processed, and a row already deleted is visible to no one.
    const id = await insertItem(owner, "lifecycle", 1);
    await probe.received("all", (p) => p.eventType === "INSERT" && p.new.id === id, "the insert");
    await sql`update public.rt_items set amount = 2, kind = 'lifecycle-updated' where id = ${id}`;
    await probe.received("all", (p) => p.eventType === "UPDATE" && p.new.id === id, "the update");
    await sql`delete from public.rt_items where id = ${id}`;
    await insertItem(owner, "marker");
    await probe.received("all", (p) => kindOf(p) === "marker", "marker");

    const mine = (binding: string) =>
      probe.of(binding).filter((p) => p.new?.id === id || p.old?.id === id || kindOf(p) === "marker");
    expect(mine("inserts").map((p) => p.eventType)).toEqual(["INSERT", "INSERT"]);
    expect(mine("updates").map((p) => p.eventType)).toEqual(["UPDATE"]);
    expect(mine("deletes").map((p) => p.eventType)).toEqual(["DELETE"]);
    expect(mine("all").map((p) => p.eventType)).toEqual(["INSERT", "UPDATE", "DELETE", "INSERT"]);

    const [update] = mine("updates");
    expect(update.new).toMatchObject({ id, owner_id: owner, kind: "lifecycle-updated", amount: 2 });
    expect(update.old).toEqual({ id }); // default replica identity: the key only
    const [deletion] = mine("deletes");
    expect(deletion.old).toEqual({ id }); // deletes are not RLS-checked and carry only the key
    expect(deletion.new).toEqual({});
    expect(deletion.table).toBe("rt_items");
  });

  it("sends whole old records under REPLICA IDENTITY FULL", async () => {
    const probe = listen(await connect(await userToken(randomUUID())), [{ key: "all", event: "*", table: "rt_notes" }]);
    await probe.subscribed();
    const [note] = await sql<{ id: string }[]>`insert into public.rt_notes (body, n) values ('first', 1) returning id`;
    await sql`update public.rt_notes set body = 'second', n = 2 where id = ${note.id}`;
    await sql`delete from public.rt_notes where id = ${note.id}`;
    await probe.received("all", (p) => p.eventType === "DELETE" && p.old.id === note.id, "the delete");

    const [insert, update, deletion] = probe.of("all").filter((p) => (p.new?.id ?? p.old?.id) === note.id);
    expect(insert.new).toEqual({ id: note.id, body: "first", n: 1 });
    expect(update.old).toEqual({ id: note.id, body: "first", n: 1 });
    expect(update.new).toEqual({ id: note.id, body: "second", n: 2 });
    expect(deletion.old).toEqual({ id: note.id, body: "second", n: 2 });
  });

  it("speaks vsn 1.0.0 with supabase-js", async () => {
    const owner = randomUUID();
    const client = await connect(await userToken(owner), { vsn: "1.0.0" });
    expect(client.realtime.endpointURL()).toContain("vsn=1.0.0");
    const probe = listen(client, [{ key: "all", event: "INSERT" }]);
    await probe.subscribed();
    await insertItem(owner, "over-v1");
    const payload = await probe.received("all", (p) => kindOf(p) === "over-v1", "row over vsn 1.0.0");
    expect(payload.new.owner_id).toBe(owner);
  });

  for (const vsn of ["1.0.0", "2.0.0"] as const) {
    it(`speaks the vsn ${vsn} wire format: heartbeat, join, changes, leave`, async () => {
      const socket = await RawSocket.open(vsn);
      const topic = `realtime:raw-${vsn}`;
      const markerTopic = `realtime:raw-marker-${vsn}`;
      const kind = `raw-${vsn}`;

      socket.send({ join_ref: null, ref: "1", topic: "phoenix", event: "heartbeat", payload: {} });
      const heartbeat = await socket.reply("1");
      expect(heartbeat).toMatchObject({ topic: "phoenix", payload: { status: "ok", response: {} } });
      expect(vsn === "1.0.0" ? !Array.isArray(socket.frames[0]) : Array.isArray(socket.frames[0])).toBe(true);

      const binding = { event: "INSERT", schema: "public", table: "rt_items", filter: `kind=eq.${kind}` };
      const config = { broadcast: { ack: false, self: false }, presence: { key: "", enabled: false }, private: false };
      socket.send({
        join_ref: "2",
        ref: "2",
        topic,
        event: "phx_join",
        payload: { config: { ...config, postgres_changes: [binding] }, access_token: serviceToken },
      });
      const joined = await socket.reply("2");
      expect(joined.payload.status).toBe("ok");
      expect(joined.payload.response.postgres_changes).toEqual([{ ...binding, id: expect.any(Number) }]);
      const bindingId = joined.payload.response.postgres_changes[0].id;
      await socket.on(topic, "system", (p) => p.message === "Subscribed to PostgreSQL" && p.status === "ok");

      // A second channel without access_token runs as the apikey (anon). RLS hides rt_items
      // from anon, so it listens to rt_notes (no RLS), whose inserts serve as markers.
      socket.send({
        join_ref: "3",
        ref: "3",
        topic: markerTopic,
        event: "phx_join",
        payload: {
          config: {
            ...config,
            postgres_changes: [{ event: "INSERT", schema: "public", table: "rt_notes", filter: `body=eq.${kind}` }],
          },
        },
      });
      expect((await socket.reply("3")).payload.status).toBe("ok");

      const id = await insertItem(randomUUID(), kind);
      const change = await socket.on(topic, "postgres_changes");
      expect(change.join_ref).toBeNull();
      expect(change.payload.ids).toEqual([bindingId]);
      expect(change.payload.data).toMatchObject({
        schema: "public",
        table: "rt_items",
        type: "INSERT",
        record: { id, kind },
        errors: null,
      });
      expect(change.payload.data.columns).toContainEqual({ name: "id", type: "int8" });
      expect(change.payload.data.columns).toContainEqual({ name: "tags", type: "_text" });
      expect(change.payload.data.columns).toContainEqual({ name: "created_at", type: "timestamptz" });

      socket.send({ join_ref: "2", ref: "4", topic, event: "phx_leave", payload: {} });
      expect((await socket.reply("4")).payload.status).toBe("ok");

      // After the leave nothing more arrives on the topic.
      await insertItem(randomUUID(), kind);
      await sql`insert into public.rt_notes (body) values (${kind})`;
      await socket.on(markerTopic, "postgres_changes", (p) => p.data.record.body === kind);
      const changesOnTopic = socket.messages.filter((m) => m.topic === topic && m.event === "postgres_changes");
      expect(changesOnTopic).toHaveLength(1);
    });
  }

  it("refuses upgrades without a valid apikey or with an unknown vsn", async () => {
    expect(await upgradeOutcome(`?apikey=${LOCAL_PUBLISHABLE_KEY}&vsn=2.0.0`)).toBe("open");
    expect(await upgradeOutcome("?vsn=2.0.0")).toBe(401);
    expect(await upgradeOutcome("?apikey=sb_publishable_not-this-projects&vsn=2.0.0")).toBe(401);
    expect(await upgradeOutcome(`?apikey=${await signLegacy({ role: "anon" })}&vsn=2.0.0`)).toBe(401);
    expect(await upgradeOutcome(`?apikey=${await signWithOtherKey({ role: "anon" })}&vsn=2.0.0`)).toBe(401);
    expect(await upgradeOutcome(`?apikey=${await userToken(randomUUID(), { expiresIn: -60 })}&vsn=2.0.0`)).toBe(401);
    expect(await upgradeOutcome(`?apikey=${LOCAL_PUBLISHABLE_KEY}&vsn=3.0.0`)).toBe(400);
  });

  it("refuses joins with an expired or forged token; joins channels without postgres_changes", async () => {
    const expired = listen(await connect(await userToken(randomUUID(), { expiresIn: -60 })), [
      { key: "all", event: "*" },
    ]);
    const expiredError = await expired.until(
      () => expired.statuses.find((s) => s.status === "CHANNEL_ERROR"),
      "CHANNEL_ERROR for the expired token",
    );
    expect(expiredError.error?.message).toMatch(/expired/i);
    await expired.channel.unsubscribe();

    // The legacy shared secret and a stranger's key that copies our kid are both refused at join.
    for (const forgedToken of [
      await signLegacy({ role: "authenticated", sub: randomUUID() }),
      await signWithOtherKey({ role: "authenticated", sub: randomUUID() }),
    ]) {
      const forged = listen(await connect(forgedToken), [{ key: "all", event: "*" }]);
      const forgedError = await forged.until(
        () => forged.statuses.find((s) => s.status === "CHANNEL_ERROR"),
        "CHANNEL_ERROR for the forged token",
      );
      expect(forgedError.error?.message).toMatch(/signature/i);
      await forged.channel.unsubscribe();
    }

    const broadcastOnly = listen(await connect(await userToken(randomUUID())), []);
    await broadcastOnly.subscribed();
    // Broadcast is not relayed by the stand-in; an acknowledged send says so instead of timing out.
    const acked = (await connect(await userToken(randomUUID()))).channel(`conformance-${++channelCounter}`, {
      config: { broadcast: { ack: true } },
    });
    await new Promise<void>((resolve) => acked.subscribe((status) => status === "SUBSCRIBED" && resolve()));
    expect(await acked.send({ type: "broadcast", event: "ping", payload: { at: 1 } })).toBe("error");
  });

  it("switches identity on token refresh and stops on an expired one", async () => {
    const erin = randomUUID();
    const frank = randomUUID();
    const client = await connect(await userToken(erin));
    const probe = listen(client, [{ key: "all", event: "INSERT" }]);
    await probe.subscribed();
    await insertItem(erin, "erin-1");
    await probe.received("all", (p) => kindOf(p) === "erin-1", "erin's row");

    await client.realtime.setAuth(await userToken(frank));
    await roundTrip(client);
    await insertItem(erin, "erin-2");
    await insertItem(frank, "frank-1");
    await probe.received("all", (p) => kindOf(p) === "frank-1", "frank's row after the switch");
    expect(probe.of("all").map(kindOf)).toEqual(["erin-1", "frank-1"]);

    await client.realtime.setAuth(await userToken(frank, { expiresIn: -60 }));
    await probe.until(() => probe.statuses.some((s) => s.status === "CLOSED"), "CLOSED after an expired token");
    expect(probe.system).toContainEqual(
      expect.objectContaining({ status: "error", message: expect.stringMatching(/expired/i) }),
    );
  });

  it("stops delivering on the wire once a refreshed token is expired", async () => {
    const owner = randomUUID();
    const socket = await RawSocket.open("2.0.0");
    const binding = { event: "INSERT", schema: "public", table: "rt_items", filter: `owner_id=eq.${owner}` };
    socket.send({
      join_ref: "1",
      ref: "1",
      topic: "realtime:user",
      event: "phx_join",
      payload: { config: { postgres_changes: [binding] }, access_token: await userToken(owner) },
    });
    socket.send({
      join_ref: "2",
      ref: "2",
      topic: "realtime:marker",
      event: "phx_join",
      payload: {
        config: { postgres_changes: [{ ...binding, filter: "kind=eq.wire-marker" }] },
        access_token: serviceToken,
      },
    });
    expect((await socket.reply("1")).payload.status).toBe("ok");
    expect((await socket.reply("2")).payload.status).toBe("ok");
    await insertItem(owner, "wire-1");
    await socket.on("realtime:user", "postgres_changes", (p) => p.data.record.kind === "wire-1");

    const expired = await userToken(owner, { expiresIn: -1 });
    socket.send({
      join_ref: "1",
      ref: "3",
      topic: "realtime:user",
      event: "access_token",
      payload: { access_token: expired },
    });
    await socket.on("realtime:user", "system", (p) => p.status === "error" && /expired/i.test(p.message));
    await socket.on("realtime:user", "phx_close");

    await insertItem(owner, "wire-2");
    await insertItem(randomUUID(), "wire-marker");
    await socket.on("realtime:marker", "postgres_changes", (p) => p.data.record.kind === "wire-marker");
    const userChanges = socket.messages.filter((m) => m.topic === "realtime:user" && m.event === "postgres_changes");
    expect(userChanges.map((m) => m.payload.data.record.kind)).toEqual(["wire-1"]);
  });

  it("leaves no replication slot after close() and is reconnected to after a restart", async () => {
    const owner = randomUUID();
    const probe = listen(await connect(await userToken(owner)), [{ key: "all", event: "INSERT" }]);
    await probe.subscribed();
    expect(await replicationSlots()).toHaveLength(1);

    await realtime.close();
    expect(await replicationSlots()).toEqual([]);

    realtime = await startRealtime({
      databaseUrl: db.adminUrl,
      keySet: (await localSigningKey()).verifyKey,
      apiKeys: localApiKeys(),
    });
    serviceToken = await signLocal({ role: "service_role" });
    await probe.subscribed(2); // the client reconnected and rejoined on its own
    await insertItem(owner, "after-restart");
    await probe.received("all", (p) => kindOf(p) === "after-restart", "a row after the restart");
    expect(await replicationSlots()).toHaveLength(1);
  });

  it("measures commit-to-callback latency", async () => {
    // One RLS-checked subscriber: leave every earlier channel first so the figure is not theirs.
    await Promise.all(clients.map((client) => client.removeAllChannels()));
    for (const socket of rawSockets) socket.close();
    const owner = randomUUID();
    const probe = listen(await connect(await userToken(owner)), [{ key: "all", event: "INSERT" }]);
    await probe.subscribed();
    for (let i = 0; i < 10; i++) {
      await insertItem(owner, `warmup-${i}`);
      await probe.received("all", (p) => kindOf(p) === `warmup-${i}`, `warmup ${i}`);
    }
    const fromCommit: number[] = [];
    const fromIssue: number[] = [];
    for (let i = 0; i < 200; i++) {
      const issued = performance.now();
      await insertItem(owner, `latency-${i}`);
      const committed = performance.now();
      const { at: arrived } = await probe.until(
        () => probe.events.find((event) => kindOf(event.payload) === `latency-${i}`),
        `latency row ${i}`,
      );
      fromCommit.push(Math.max(0, arrived - committed));
      fromIssue.push(arrived - issued);
    }
    const summary = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)].toFixed(2);
      return `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms`;
    };
    console.log(`realtime latency over 200 inserts (RLS-checked, vsn 2.0.0):
  commit acknowledged -> callback: ${summary(fromCommit)}
  insert issued       -> callback: ${summary(fromIssue)}`);
    expect(fromCommit).toHaveLength(200);
  });
});

// --- Broadcast from the database ---------------------------------------------------------------------

class BroadcastProbe extends Observable {
  readonly messages: any[] = [];
  readonly statuses: { status: string; error?: Error }[] = [];
  readonly system: any[] = [];
  channel!: RealtimeChannel;

  record(message: any) {
    this.messages.push(message);
    this.changed();
  }
  status(status: string, error?: Error) {
    this.statuses.push({ status, error });
    this.changed();
  }
  systemEvent(payload: any) {
    this.system.push(payload);
    this.changed();
  }
  subscribed(): Promise<void> {
    return this.until(() => {
      const failure = this.statuses.find((s) => s.status === "CHANNEL_ERROR" || s.status === "TIMED_OUT");
      if (failure) throw new Error(`${failure.status}: ${failure.error?.message}`);
      return this.statuses.some((s) => s.status === "SUBSCRIBED");
    }, "SUBSCRIBED").then(() => undefined);
  }
  refused(): Promise<string> {
    return this.until(
      () => this.statuses.find((s) => s.status === "CHANNEL_ERROR")?.error?.message,
      "a refused join (CHANNEL_ERROR)",
    );
  }
  received(what: string): Promise<any> {
    return this.until(() => this.messages.find((m) => m.payload?.what === what), `the message ${what}`);
  }
}

/** Joins the private channel `topic`, recording every broadcast message. */
function listenPrivate(client: SupabaseClient, topic: string): BroadcastProbe {
  const probe = new BroadcastProbe();
  const channel = client.channel(topic, { config: { private: true } });
  channel.on("broadcast", { event: "*" }, (message) => probe.record(message));
  channel.on("system", {}, (payload) => probe.systemEvent(payload));
  channel.subscribe((status, error) => probe.status(status, error));
  probe.channel = channel;
  return probe;
}

/** realtime.send as a trigger of the app would call it (private by default), committed. */
async function send(topic: string, what: string, event = "orders") {
  await sql`select realtime.send(${sql.json({ table: "orders", op: "INSERT", what })}, ${event}, ${topic})`;
}

describe("realtime stand-in: Broadcast from the database on private channels", () => {
  it("delivers committed realtime.send messages to an authorised join, and nothing rolled back", async () => {
    const user = randomUUID();
    const probe = listenPrivate(await connect(await userToken(user)), `room:${user}`);
    await probe.subscribed();

    await send(`room:${user}`, "first");
    await sql
      .begin(async (tx) => {
        await tx`select realtime.send(${tx.json({ what: "rolled-back" })}, 'orders', ${`room:${user}`})`;
        throw new Error("roll back");
      })
      .catch(() => {});
    await send(`room:${randomUUID()}`, "someone-else");
    await send(`room:${user}`, "marker", "payout_requests");

    await probe.received("marker");
    expect(probe.messages.map((m) => m.payload.what)).toEqual(["first", "marker"]);
    const [first, marker] = probe.messages;
    expect(first).toMatchObject({
      type: "broadcast",
      event: "orders",
      payload: { table: "orders", op: "INSERT", what: "first", id: expect.any(String) },
      meta: { id: expect.any(String) },
    });
    // realtime.send gives a payload without an id the message's own.
    expect(first.payload.id).toBe(first.meta.id);
    expect(marker.event).toBe("payout_requests");
  });

  it("refuses a private join with hosted's errors: a forged or expired token, another user's topic, a topic no policy allows", async () => {
    const user = randomUUID();
    const cases: [string, Promise<string>, string][] = [
      [
        "forged",
        signWithOtherKey({ role: "authenticated", aud: "authenticated", sub: user }),
        "JwtSignatureError: Failed to validate JWT signature",
      ],
      ["expired", userToken(user, { expiresIn: -60 }), "InvalidJWTToken: Token has expired"],
    ];
    for (const [, token, reason] of cases) {
      const probe = listenPrivate(await connect(await token), `room:${user}`);
      expect(await probe.refused()).toContain(reason);
      await probe.channel.unsubscribe();
    }
    const other = randomUUID();
    for (const topic of [`room:${other}`, "admin", `shop:${user}`]) {
      const probe = listenPrivate(await connect(await userToken(user)), topic);
      expect(await probe.refused()).toBe(
        `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`,
      );
      await probe.channel.unsubscribe();
    }
    // The apikey's identity (anon) reads no room either.
    const anonymous = listenPrivate(await connect(LOCAL_PUBLISHABLE_KEY), `room:${user}`);
    expect(await anonymous.refused()).toContain("Unauthorized");
    await anonymous.channel.unsubscribe();
  });

  it("keeps the channel through setAuth with a new token of the same user, and ends it when read is lost", async () => {
    const user = randomUUID();
    const client = await connect(await userToken(user));
    const probe = listenPrivate(client, `room:${user}`);
    await probe.subscribed();

    await client.realtime.setAuth(await userToken(user, { expiresIn: 7200 }));
    await roundTrip(client);
    await send(`room:${user}`, "after-refresh");
    await probe.received("after-refresh");
    expect(probe.statuses.map((s) => s.status)).toEqual(["SUBSCRIBED"]);

    // Another user's token cannot read this room: the channel ends, as on hosted.
    await client.realtime.setAuth(await userToken(randomUUID()));
    await probe.until(() => probe.statuses.some((s) => s.status === "CLOSED"), "CLOSED after losing read");
    expect(probe.system).toContainEqual(
      expect.objectContaining({
        status: "error",
        message: `You no longer have permission to read from this Channel topic: room:${user}`,
      }),
    );
  });

  for (const vsn of ["1.0.0", "2.0.0"] as const) {
    it(`sends a message as hosted does under vsn ${vsn}, and drops a client's broadcast on a private channel`, async () => {
      const user = randomUUID();
      const socket = await RawSocket.open(vsn);
      const topic = `realtime:room:${user}`;
      socket.send({
        join_ref: "1",
        ref: "1",
        topic,
        event: "phx_join",
        payload: {
          config: { broadcast: { ack: true, self: false }, private: true },
          access_token: await userToken(user),
        },
      });
      expect((await socket.reply("1")).payload).toEqual({ status: "ok", response: { postgres_changes: [] } });

      await send(`room:${user}`, `wire-${vsn}`);
      const message = await socket.on(topic, "broadcast", (p) => p.payload?.what === `wire-${vsn}`);
      expect(message.payload).toMatchObject({
        type: "broadcast",
        event: "orders",
        meta: { id: expect.any(String) },
        payload: { what: `wire-${vsn}` },
      });
      if (vsn === "2.0.0") expect(Buffer.isBuffer(socket.frames.at(-1))).toBe(true);
      else expect(socket.frames.at(-1)).toMatchObject({ topic, event: "broadcast", ref: null });

      // A client may not send (no INSERT policy): no reply, even with ack, and nothing relayed.
      socket.send({
        join_ref: "1",
        ref: "2",
        topic,
        event: "broadcast",
        payload: { type: "broadcast", event: "x", payload: {} },
      });
      socket.send({ join_ref: null, ref: "3", topic: "phoenix", event: "heartbeat", payload: {} });
      await socket.reply("3");
      expect(socket.messages.some((m) => m.ref === "2")).toBe(false);
    });
  }
});
