// Email addresses as Resend takes them: `addr@domain` or `Name <addr@domain>`. The fake checks they
// are plausible (one @, a dotted domain, no spaces or brackets), not that they can receive mail.

const BARE = /^[^\s@<>()[\]",;:\\]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z0-9-]{2,}$/;
const NAMED = /^[^<>]*<([^<>]+)>$/;

/** The address alone, lower-cased (so recipients compare as mail servers do), or null when implausible. */
export function bareAddress(value: string): string | null {
  const trimmed = value.trim();
  const address = NAMED.exec(trimmed)?.[1].trim() ?? trimmed;
  return BARE.test(address) ? address.toLowerCase() : null;
}
