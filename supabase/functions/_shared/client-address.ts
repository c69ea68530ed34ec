// The caller's address, for the sign-in, sign-up and checkout limits. Hosted Supabase's proxy
// appends the address it received the request from to X-Forwarded-For, and so does the local
// gateway; anything before that last entry was written by the client and can be anything. So the
// last entry is the only one to trust.
import type { Context } from "hono";
import { sameSecret } from "./same-secret.ts";

function forwardedEntries(c: Context): string[] {
  return (c.req.header("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
}

export function clientAddress(c: Context): string {
  return forwardedEntries(c).at(-1) ?? "unknown";
}

/** The header a static host's rewrite proxy of /r/* sends with SHORT_LINK_PROXY_SECRET. */
export const SHORT_LINK_PROXY_HEADER = "x-short-link-proxy";

/**
 * The visitor's address on /r/*, which a static host's rewrite proxy may forward. Behind such a
 * proxy the last entry is the proxy's own address, shared by every visitor, so the click cap and
 * the rate limit would key on it. A proxy that proves itself with the shared secret is trusted for
 * one hop more: the entry it appended (the one before the platform's) is the visitor's. Without
 * the secret (or with a wrong one) this is clientAddress: a client cannot pick its address.
 */
export function shortLinkVisitorAddress(c: Context, proxySecret: string | null | undefined): string {
  const entries = forwardedEntries(c);
  const presented = c.req.header(SHORT_LINK_PROXY_HEADER);
  if (proxySecret && presented && sameSecret(presented, proxySecret) && entries.length >= 2) return entries.at(-2)!;
  return entries.at(-1) ?? "unknown";
}
