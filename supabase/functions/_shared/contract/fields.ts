// Field types the response schemas share. Like every contract module, free of Deno APIs: the SPA
// bundles these too.
import { z } from "zod";
import { ruleMessage } from "./constraints.ts";

/** A record's id (a uuid). */
export const id = z.guid();

/** A moment, ISO 8601 in UTC with milliseconds: "2026-11-22T06:00:00.000Z". */
export const timestamp = z.iso.datetime();

/** A calendar day, "2026-12-31" (campaign start and end). */
export const calendarDate = z.iso.date();

/** An http(s) URL, as the database's checks allow for logos and images. */
export const httpUrl = z.url({ protocol: /^https?$/ });

/** A Cambodian phone number as stored: +855 and the 8 or 9 digit subscriber number. */
export const storedPhone = z.string().regex(/^\+855[1-9]\d{7,8}$/);

/** A sentence that can be shown to the user as is. */
export const message = z.string();

/**
 * Why an admin rejects an account or a link: trimmed, 1-500 characters, read by the person
 * rejected. An input field, here because both the account and the link contracts take it.
 */
export const rejectionReason = z
  .string({ error: "A reason is required to reject" })
  .trim()
  .min(1, "A reason is required to reject")
  // users_rejection_reason_length and affiliate_link_rejections_reason_check: one message
  .max(500, ruleMessage("users_rejection_reason_length"));

/** Why an admin suspends an account: trimmed, 1-500 characters, read by the account on every refusal. */
export const suspensionReason = z
  .string({ error: "A reason is required to suspend an account" })
  .trim()
  .min(1, "A reason is required to suspend an account")
  .max(500, ruleMessage("users_suspension_reason_length"));
