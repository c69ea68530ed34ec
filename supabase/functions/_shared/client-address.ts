// The caller's address, for the sign-in, sign-up and checkout limits. Hosted Supabase's proxy
// appends the address it received the request from to X-Forwarded-For, and so does the local
// gateway; anything before that last entry was written by the client and can be anything. So the
// last entry is the only one to trust.
import type { Context } from "hono";

export function clientAddress(c: Context): string {
  const entries = (c.req.header("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.at(-1) ?? "unknown";
}
