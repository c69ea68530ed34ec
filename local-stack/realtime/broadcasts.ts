// Broadcast from the database: each committed row of realtime.messages goes to the channels joined
// on its topic, as hosted Realtime routes it (ReplicationConnection and MessageDispatcher): a
// private row only to channels joined with `private: true` whose read was authorised at join, a
// public row only to public joins. There is no per-message check, which is what makes Broadcast
// scale: the policy ran once, at join. A row missing its topic, event, id or payload, or of
// another extension, is dropped.
import type { RawTuple } from "./replication.ts";

export interface BroadcastSubscriber {
  readonly active: boolean;
  /** The channel name (its topic without "realtime:"). */
  readonly name: string;
  readonly isPrivate: boolean;
  sendBroadcast(message: { event: string; id: string; payloadJson: string }): void;
}

const routeKey = (name: string, isPrivate: boolean) => `${isPrivate ? "private" : "public"}:${name}`;

export class BroadcastRouter {
  private readonly byTopic = new Map<string, Set<BroadcastSubscriber>>();

  add(subscriber: BroadcastSubscriber): void {
    const key = routeKey(subscriber.name, subscriber.isPrivate);
    let subscribers = this.byTopic.get(key);
    if (!subscribers) this.byTopic.set(key, (subscribers = new Set()));
    subscribers.add(subscriber);
  }

  remove(subscriber: BroadcastSubscriber): void {
    const key = routeKey(subscriber.name, subscriber.isPrivate);
    const subscribers = this.byTopic.get(key);
    subscribers?.delete(subscriber);
    if (subscribers?.size === 0) this.byTopic.delete(key);
  }

  /** Sends a committed transaction's messages, in the order they were inserted. */
  deliver(rows: RawTuple[]): void {
    for (const row of rows) {
      const { topic, event, id, payload, extension } = row;
      if (!topic || !event || !id || !payload || extension !== "broadcast" || row.private == null) continue;
      const subscribers = this.byTopic.get(routeKey(topic, row.private === "t"));
      if (!subscribers) continue;
      for (const subscriber of subscribers) {
        if (subscriber.active) subscriber.sendBroadcast({ event, id, payloadJson: payload });
      }
    }
  }
}
