// Live events through supabase-js, which the SPA uses for nothing else (docs/architecture.md, "All
// data through the api function, and the database as the gatekeeper", and "Live screens:
// Broadcast from the database"). The database's triggers send {table, op, id} to private
// Broadcast topics (admin, shop:<id>, influencer:<id>, user:<id>); Realtime lets a user join a
// topic only when the read policy of realtime.messages allows it, checked at join and on every
// token change. A screen names its topic and table and refetches when an event arrives.
//
// One channel per topic, shared by every screen on it, joined while any is mounted. The socket's
// token is the stored one, renewed when about to expire (the `accessToken` option); when it
// changes (a refresh every hour), setAuth hands it to Realtime at once, which re-checks every
// channel (a token that may no longer read the topic closes the channel, and the screen shows
// offline).
import { useEffect, useEffectEvent, useState } from "react";
import {
  createClient,
  REALTIME_SUBSCRIBE_STATES,
  type RealtimeChannel,
  type SupabaseClient,
} from "@supabase/supabase-js";
import { env } from "@/config/env.ts";
import { THROTTLED_TABLES, type LiveEvent } from "./live-topics.ts";
import { freshToken } from "./session-refresh.ts";
import { subscribeToken } from "./token.ts";

let client: SupabaseClient | null = null;

export function getSupabase(): SupabaseClient {
  if (!client) {
    const created = createClient(env.supabaseUrl, env.supabasePublishableKey, {
      accessToken: freshToken,
    });
    subscribeToken(() => void created.realtime.setAuth().catch(() => {}));
    client = created;
  }
  return client;
}

export type LiveStatus = "connecting" | "live" | "offline";

export interface TableChangesOptions {
  /** The topic (live-topics.ts), e.g. liveTopics.shop(id); null while it is not known yet. */
  topic: string | null;
  table: string;
  event: "*" | LiveEvent["op"];
  enabled?: boolean;
  /** Called on every matching event, and whenever the channel (re)subscribes or fails, so a caller can refetch. */
  onChange: () => void;
}

interface TopicListener {
  onEvent(event: LiveEvent): void;
  onStatus(status: LiveStatus): void;
}

interface TopicChannel {
  channel: RealtimeChannel | null;
  listeners: Set<TopicListener>;
  status: LiveStatus;
}

const topicChannels = new Map<string, TopicChannel>();

/** Joins `topic` (once for every listener) and reports its events and status to `listener`. */
function listen(topic: string, listener: TopicListener): () => void {
  let entry = topicChannels.get(topic);
  if (!entry) {
    const created: TopicChannel = { channel: null, listeners: new Set(), status: "connecting" };
    topicChannels.set(topic, created);
    entry = created;
    void join(topic, created);
  }
  entry.listeners.add(listener);
  if (entry.status !== "connecting") listener.onStatus(entry.status);
  const joined = entry;
  return () => {
    joined.listeners.delete(listener);
    if (joined.listeners.size > 0) return;
    topicChannels.delete(topic);
    if (joined.channel) void getSupabase().removeChannel(joined.channel);
  };
}

async function join(topic: string, entry: TopicChannel) {
  const supabase = getSupabase();
  // supabase-js computes the join payload when subscribe() is called; without this the first join
  // can go out before the accessToken callback resolved, i.e. as anon, and be refused.
  try {
    await supabase.realtime.setAuth();
  } catch {
    // subscribe anyway; the status callback reports a failure
  }
  if (topicChannels.get(topic) !== entry) return; // every listener left meanwhile
  const channel = supabase.channel(topic, { config: { private: true } });
  entry.channel = channel;
  channel.on("broadcast", { event: "*" }, (message) => {
    const event = message.payload as LiveEvent | undefined;
    if (!event || typeof event.table !== "string") return;
    for (const listener of [...entry.listeners]) listener.onEvent(event);
  });
  channel.subscribe((state) => {
    // Subscribed is live; a refused join (CHANNEL_ERROR), a timeout or a closed channel is not.
    entry.status = state === REALTIME_SUBSCRIBE_STATES.SUBSCRIBED ? "live" : "offline";
    for (const listener of [...entry.listeners]) listener.onStatus(entry.status);
  });
}

/** Calls `onChange` for the table's events on `topic` while mounted; returns the live status. */
export function useTableChanges({ topic, table, event, enabled = true, onChange }: TableChangesOptions): LiveStatus {
  // The status belongs to one subscription: a new one (other topic or table) starts "connecting".
  const subscription = [topic, table, event, enabled].join("|");
  const [reported, setReported] = useState<{ subscription: string; status: LiveStatus } | null>(null);
  const status = reported?.subscription === subscription ? reported.status : "connecting";
  const changed = useEffectEvent(onChange);

  useEffect(() => {
    if (!enabled || !topic) return;
    let active = true;
    let trailing: ReturnType<typeof setTimeout> | null = null;
    const throttleMs = THROTTLED_TABLES[table];
    const stop = listen(topic, {
      onEvent(live) {
        if (!active || live.table !== table || (event !== "*" && live.op !== event)) return;
        changed();
        if (throttleMs !== undefined && trailing === null) {
          trailing = setTimeout(() => {
            trailing = null;
            if (active) changed();
          }, throttleMs + 500);
        }
      },
      onStatus(next) {
        if (!active) return;
        setReported({ subscription, status: next });
        // (Re)subscribed: catch up on anything missed while not joined. Failed: data may be stale.
        changed();
      },
    });
    return () => {
      active = false;
      if (trailing !== null) clearTimeout(trailing);
      stop();
    };
  }, [subscription, topic, table, event, enabled]);

  return status;
}
