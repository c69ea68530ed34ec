// Whether a text is an http(s) URL, as the forms and the database's checks require of logos,
// pages and images (2000 characters at most: longer is no honest image address).
export function isHttpUrl(value: string): boolean {
  if (value.length === 0 || value.length > 2000) return false;
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * A page address as people type it: "facebook.com/sreymomsilk" gets "https://" in front (a host
 * with a dot before any slash, and no scheme); anything else is returned as it is, for isHttpUrl
 * to judge.
 */
export function withHttps(value: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) || !/^[^\s/]+\.[^\s/]+(\/|$)/.test(value)) return value;
  return `https://${value}`;
}
