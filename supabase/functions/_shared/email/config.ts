// Configuration of outgoing email, read by the api function: an HTTP email API in the shape of
// Resend's. Without EMAIL_API_KEY email is off (the rest of the marketplace works; a password reset
// link then goes to the account's private Telegram chats only).
//   EMAIL_API_KEY  the API key, sent as Authorization: Bearer <key>
//   EMAIL_FROM     the sender, e.g. ShopLink <no-reply@shop.example.com> (a verified domain)
//   EMAIL_API_URL  https://api.resend.com unless set (the local stack's fake)

export interface EmailConfig {
  apiUrl: string;
  apiKey: string;
  from: string;
}

type Env = (name: string) => string | undefined;

/** The configuration, or null when no key is set. Throws naming a missing value. */
export function readEmailConfig(env: Env = (name) => Deno.env.get(name)): EmailConfig | null {
  const apiKey = env("EMAIL_API_KEY");
  if (!apiKey) return null;
  const from = env("EMAIL_FROM")?.trim();
  if (!from) throw new Error("EMAIL_FROM must be set with EMAIL_API_KEY, e.g. ShopLink <no-reply@your-domain>");
  return { apiKey, from, apiUrl: (env("EMAIL_API_URL") || "https://api.resend.com").replace(/\/+$/, "") };
}
