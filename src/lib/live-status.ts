// One status for a screen fed by several realtime channels. Apart from realtime.ts, which tests
// replace with stand-ins, so the rule itself is always the real one.
import type { LiveStatus } from "./realtime.ts";

/** Live when every channel is, offline when any is, else connecting. */
export function combinedLiveStatus(...statuses: LiveStatus[]): LiveStatus {
  if (statuses.some((status) => status === "offline")) return "offline";
  return statuses.every((status) => status === "live") ? "live" : "connecting";
}
