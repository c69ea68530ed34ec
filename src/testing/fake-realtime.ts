// Realtime replaced by handles a test fires, as live events from the database would. A test file
// swaps the module for this one and then fires what a component subscribed to:
//   vi.mock("@/lib/realtime.ts", () => import("@/testing/fake-realtime.ts"));
//   await act(async () => liveSubscription("keyword_events").onChange());
// (A file that replaces a module runs in an environment of its own: vitest.config.ts.)
import type { LiveStatus } from "@/lib/realtime.ts";

/** What a component asked to hear: its topic, table and event, and what to call on each. */
export interface FakeSubscription {
  topic: string | null;
  table: string;
  event?: string;
  onChange: () => void;
}

let subscriptions: FakeSubscription[] = [];

/** Stands in for the real hook: keeps the newest subscription of each table, and is always live. */
export function useTableChanges(options: FakeSubscription): LiveStatus {
  subscriptions = [...subscriptions.filter((s) => s.table !== options.table), options];
  return "live";
}

/** The subscription to `table` of what is rendered. */
export function liveSubscription(table: string): FakeSubscription {
  const found = subscriptions.find((s) => s.table === table);
  if (!found) throw new Error(`nothing subscribed to ${table}`);
  return found;
}
