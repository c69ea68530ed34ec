// Realtime through supabase-js, which the SPA uses for nothing else (docs/architecture.md, "All
// data through the api function, and the database as the gatekeeper"). The client authorises its
// socket with the stored access token through the `accessToken` option, so postgres_changes are
// filtered by RLS for the signed-in user, and a refreshed token is picked up on the next heartbeat.
import { useEffect, useEffectEvent, useState } from "react";
import {
  createClient,
  REALTIME_SUBSCRIBE_STATES,
  type RealtimeChannel,
  type SupabaseClient,
} from "@supabase/supabase-js";
import { env } from "@/config/env.ts";
import { getToken } from "./token.ts";

let client: SupabaseClient | null = null;

export function getSupabase(): SupabaseClient {
  client ??= createClient(env.supabaseUrl, env.supabasePublishableKey, {
    accessToken: async () => getToken(),
  });
  return client;
}

export type LiveStatus = "connecting" | "live" | "offline";

export interface TableChangesOptions {
  /** Channel name prefix, for debugging. */
  name: string;
  table: string;
  event: "*" | "INSERT" | "UPDATE" | "DELETE";
  /** Realtime filter such as `id=eq.<uuid>`. */
  filter?: string;
  enabled?: boolean;
  /** Called on every change, and whenever the channel (re)subscribes or fails, so a caller can refetch. */
  onChange: () => void;
}

let channelCounter = 0;

/** Subscribes to postgres_changes on public.<table> while mounted; returns the live status. */
export function useTableChanges({
  name,
  table,
  event,
  filter,
  enabled = true,
  onChange,
}: TableChangesOptions): LiveStatus {
  // The status belongs to one subscription: a new one (other table or filter) starts "connecting".
  const subscription = [name, table, event, filter, enabled].join("|");
  const [reported, setReported] = useState<{ subscription: string; status: LiveStatus } | null>(null);
  const status = reported?.subscription === subscription ? reported.status : "connecting";
  const changed = useEffectEvent(onChange);

  useEffect(() => {
    if (!enabled) return;
    let active = true;
    let channel: RealtimeChannel | null = null;
    const setStatus = (next: LiveStatus) => setReported({ subscription, status: next });
    const supabase = getSupabase();

    void (async () => {
      // supabase-js computes the join payload when subscribe() is called; without this the first
      // join can go out before the accessToken callback resolved, i.e. as anon, and RLS would
      // then hide every row. setAuth() without an argument keeps the callback in charge.
      try {
        await supabase.realtime.setAuth();
      } catch {
        // subscribe anyway; the status callback reports a failure
      }
      if (!active) return;
      channel = supabase.channel(`${name}-${++channelCounter}-${Math.random().toString(36).slice(2, 8)}`);
      channel.on(
        "postgres_changes",
        { event, schema: "public", table, ...(filter ? { filter } : {}) } as {
          event: "*";
          schema: string;
          table: string;
          filter?: string;
        },
        () => {
          if (active) changed();
        },
      );
      // Hosted Realtime starts streaming a channel's changes only when it sends the system message
      // "Subscribed to PostgreSQL", after SUBSCRIBED: a change committed in between is never
      // delivered, so catch up again then. An error there means no change will ever arrive.
      channel.on("system", {}, (payload: { extension?: string; status?: string }) => {
        if (!active || payload?.extension !== "postgres_changes") return;
        if (payload.status !== "ok") setStatus("offline");
        changed();
      });
      channel.subscribe((state) => {
        if (!active) return;
        setStatus(state === REALTIME_SUBSCRIBE_STATES.SUBSCRIBED ? "live" : "offline");
        // (Re)subscribed: catch up on anything missed while not connected. Failed: data may be stale.
        changed();
      });
    })();

    return () => {
      active = false;
      if (channel) void supabase.removeChannel(channel);
    };
  }, [subscription, name, table, event, filter, enabled]);

  return status;
}
