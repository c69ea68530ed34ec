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
