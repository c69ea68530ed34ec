// Sending a password reset link (docs/api.md, "POST /auth/password-reset"), after the answer: by
// email to the account's address, and by Telegram to the account's linked private chats (never a
// group: whoever is in it could use the link), each in its language. The link is never stored: the
// database keeps only its hash, so it lives in this request's memory until sent, and a send that
// fails for good is simply asked for again.
import type { AppDeps } from "../../_shared/context.ts";
import { asService } from "../../_shared/db.ts";
import { sendEmail } from "../../_shared/email/send.ts";
import { sendMessage } from "../../_shared/telegram/bot-api.ts";

export type ResetLanguage = "en" | "km";

interface ResetTarget {
  userId: string;
  email: string;
  token: string;
  /** The language of the page the link was asked from: the email's. */
  language: ResetLanguage;
}

const texts = {
  en: {
    subject: "Choose a new password for ShopLink",
    intro: (email: string) => `Someone (we hope you) asked to choose a new password for the ShopLink account ${email}.`,
    action: "Choose a new password",
    expiry:
      "The link works once, for 30 minutes. If you did not ask, ignore this message: your password stays as it is.",
  },
  km: {
    subject: "ជ្រើសរើសពាក្យសម្ងាត់ថ្មីសម្រាប់ ShopLink",
    intro: (email: string) => `មាននរណាម្នាក់ (យើងសង្ឃឹមថាជាអ្នក) បានស្នើសុំជ្រើសរើសពាក្យសម្ងាត់ថ្មីសម្រាប់គណនី ShopLink ${email}។`,
    action: "ជ្រើសរើសពាក្យសម្ងាត់ថ្មី",
    expiry: "តំណនេះប្រើបានតែម្ដង ក្នុងរយៈពេល 30 នាទី។ ប្រសិនបើអ្នកមិនបានស្នើសុំទេ សូមមិនអើពើនឹងសារនេះ៖ ពាក្យសម្ងាត់របស់អ្នកនៅដដែល។",
  },
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The page that takes the token, in the language it was asked in. */
export function resetLink(appUrl: string, token: string, language: ResetLanguage): string {
  return `${appUrl}/reset-password?token=${encodeURIComponent(token)}&lang=${language}`;
}

/** The email's subject, text and HTML. */
export function resetEmail(email: string, link: string, language: ResetLanguage) {
  const t = texts[language];
  const text = `${t.intro(email)}\n\n${t.action}: ${link}\n\n${t.expiry}\n`;
  const html =
    `<p>${escapeHtml(t.intro(email))}</p>` +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a></p>` +
    `<p>${escapeHtml(t.expiry)}</p>`;
  return { subject: t.subject, text, html };
}

/** The Telegram message, in the chat's language. */
export function resetTelegramText(email: string, link: string, language: ResetLanguage): string {
  const t = texts[language];
  return `${t.intro(email)}\n\n${t.action}: ${link}\n\n${t.expiry}`;
}

export async function sendResetLink(deps: AppDeps, target: ResetTarget): Promise<void> {
  const link = resetLink(deps.appUrl, target.token, target.language);
  const sends: Promise<unknown>[] = [];
  if (deps.email) {
    const content = resetEmail(target.email, link, target.language);
    // One key for every try of this email, and nothing of the token in it.
    sends.push(
      sendEmail(deps.email, { to: target.email, ...content, idempotencyKey: `password-reset/${crypto.randomUUID()}` }),
    );
  }
  const telegram = deps.telegram;
  if (telegram) {
    const chats = await asService(
      deps.sql,
      (tx) => tx<{ chat_id: number; language: ResetLanguage }[]>`
        select chat_id, language from public.telegram_chats where user_id = ${target.userId} and chat_id > 0`,
    );
    for (const chat of chats) {
      const link = resetLink(deps.appUrl, target.token, chat.language);
      sends.push(
        sendMessage(telegram, chat.chat_id, resetTelegramText(target.email, link, chat.language)).catch((error) =>
          console.error("[telegram] the reset link was not sent:", error instanceof Error ? error.message : error),
        ),
      );
    }
  }
  await Promise.all(sends);
}
