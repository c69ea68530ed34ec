// The subscribers of bench/realtime.ts, in a process of their own so their CPU never counts as
// the Realtime stand-in's: one supabase-js client (one WebSocket) per subscriber, as many browsers
// would open. Told over IPC which topics or filters to join, it answers "ready" once every channel
// is subscribed (and, for Postgres Changes, confirmed by "Subscribed to PostgreSQL"), records when
// each order's event arrives (epoch milliseconds, sub-millisecond), says how many arrived when
// asked, and sends the records back and exits when asked for its report.
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import WebSocket from "ws";

export interface Subscriber {
  token: string;
  /** Broadcast: the private topic. Postgres Changes: the filter on orders (none for an admin). */
  topic: string;
  filter?: string;
}

export type ToClients =
  | { kind: "join"; url: string; apikey: string; mode: "broadcast" | "changes"; subscribers: Subscriber[] }
  | { kind: "count" }
  | { kind: "report" };

export type FromClients =
  | { kind: "ready"; failed: string[] }
  | { kind: "count"; received: number }
  | { kind: "report"; received: [subscriber: number, orderId: string, at: number][] };

const now = () => performance.timeOrigin + performance.now();
const clients: SupabaseClient[] = [];
const received: [number, string, number][] = [];

async function join(message: Extract<ToClients, { kind: "join" }>) {
  const failed: string[] = [];
  await Promise.all(
    message.subscribers.map(async (subscriber, index) => {
      const client = createClient(message.url, message.apikey, {
        accessToken: async () => subscriber.token,
        realtime: { transport: WebSocket as never },
      });
      clients.push(client);
      await client.realtime.setAuth();
      const channel =
        message.mode === "broadcast"
          ? client
              .channel(subscriber.topic, { config: { private: true } })
              .on("broadcast", { event: "orders" }, (event) =>
                received.push([index, (event.payload as { id: string }).id, now()]),
              )
          : client
              .channel(`bench-${index}`)
              .on(
                "postgres_changes",
                { event: "INSERT", schema: "public", table: "orders", filter: subscriber.filter },
                (change) => received.push([index, (change.new as { id: string }).id, now()]),
              );
      const confirmed =
        message.mode === "changes"
          ? new Promise<void>((resolve) =>
              channel.on("system", {}, (payload: { extension?: string }) => {
                if (payload?.extension === "postgres_changes") resolve();
              }),
            )
          : Promise.resolve();
      const subscribed = new Promise<boolean>((resolve) =>
        channel.subscribe((status, error) => {
          if (status === "SUBSCRIBED") resolve(true);
          else if (status === "CHANNEL_ERROR" || status === "TIMED_OUT") {
            failed.push(`${subscriber.topic}: ${status} ${error?.message ?? ""}`);
            resolve(false);
          }
        }),
      );
      if (await subscribed) await confirmed;
    }),
  );
  process.send!({ kind: "ready", failed } satisfies FromClients);
}

process.on("message", (message: ToClients) => {
  if (message.kind === "join") void join(message);
  else if (message.kind === "count") process.send!({ kind: "count", received: received.length } satisfies FromClients);
  else process.send!({ kind: "report", received } satisfies FromClients, () => process.exit(0));
});
