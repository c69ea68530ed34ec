// The caller's address as the platform's proxy reports it (hosted Supabase, or the local
// gateway, which overwrites the header with the socket's address so a client cannot choose it).
// Used to throttle sign-ins and checkouts per address.
import type { Context } from "hono";

export function clientAddress(c: Context): string {
  return c.req.header("x-forwarded-for")?.split(",")[0]?.trim() || "unknown";
}
