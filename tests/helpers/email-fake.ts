// The local stack's email fake, as tests read it (API tests and browser journeys alike): what the
// app sent to an address.

export function emailFakeUrl(): string {
  const url = process.env.EMAIL_FAKE_URL;
  if (!url) throw new Error("EMAIL_FAKE_URL is not set: run these tests through npm test (the stack's email fake)");
  return url;
}

export interface ReceivedEmail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  html: string | null;
  text: string | null;
  created_at: string;
}

/** What was sent to `address`, oldest first. */
export async function emailsTo(address: string): Promise<ReceivedEmail[]> {
  const res = await fetch(`${emailFakeUrl()}/_fake/emails?to=${encodeURIComponent(address)}`);
  const answer = (await res.json()) as { emails: ReceivedEmail[] };
  return answer.emails;
}

/** The `count`-th email to `address`, once it came (the app sends after its answer; 15 s at most). */
export async function nthEmailTo(address: string, count = 1): Promise<ReceivedEmail> {
  for (const giveUpAt = Date.now() + 15_000; ;) {
    const emails = await emailsTo(address);
    if (emails.length >= count) return emails[count - 1];
    if (Date.now() > giveUpAt) throw new Error(`${address} got ${emails.length} email(s), not ${count}, within 15 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The reset token in an email's link. */
export function resetTokenIn(email: ReceivedEmail): string {
  const match = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(email.text ?? "");
  if (!match) throw new Error(`no reset link in ${JSON.stringify(email.text)}`);
  return match[1];
}
