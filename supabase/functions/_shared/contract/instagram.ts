// Instagram keyword automation: connecting an influencer's account, the keyword triggers' DM
// templates and the activity the webhook records. Request and response schemas, shared by the SPA
// and the functions (no Deno APIs).
import { z } from "zod";
import { message, timestamp } from "./fields.ts";
import { keywordTriggerSchema } from "./links.ts";
import { KEYWORD_EVENT_KINDS, KEYWORD_EVENT_OUTCOMES, KEYWORD_SKIP_REASONS, PLATFORMS } from "./statuses.ts";

/** POST /instagram/connect: what Instagram's authorize step handed back to the callback page. */
export const instagramConnectSchema = z.object({
  code: z.string({ error: "code is required" }).trim().min(1, "code is required").max(2000, "code is too long"),
  state: z.string({ error: "state is required" }).trim().min(1, "state is required").max(2000, "state is too long"),
});
export type InstagramConnectInput = z.input<typeof instagramConnectSchema>;

/** GET /instagram/connect: Instagram's authorize URL with a signed, single-use state. */
export const instagramConnectUrlResponseSchema = z.object({ url: z.url({ protocol: /^https?$/ }) });

/** A connected account as the influencer sees it (never the token). */
export const instagramAccountSchema = z.object({
  username: z.string(),
  /** Instagram's id of the professional account (the `entry[].id` of its webhooks). */
  user_id: z.string(),
  connected_at: timestamp,
  /**
   * When Instagram refused the account's token as no longer valid (expired, the password changed,
   * the app removed): replies fail until the influencer connects again. Null while it works.
   */
  token_refused_at: timestamp.nullable(),
});

/** POST /instagram/connect (200) */
export const instagramConnectedResponseSchema = z.object({ message, instagram: instagramAccountSchema });

/** GET /instagram/account: null when no account is connected. */
export const instagramAccountResponseSchema = z.object({ instagram: instagramAccountSchema.nullable() });

/** DELETE /instagram/account */
export const instagramDisconnectedResponseSchema = z.object({ message });

export {
  KEYWORD_EVENT_KINDS,
  KEYWORD_EVENT_OUTCOMES,
  KEYWORD_SKIP_REASONS,
  type KeywordEventKind,
  type KeywordEventOutcome,
  type KeywordSkipReason,
} from "./statuses.ts";

/**
 * One comment or direct message a webhook received for the influencer's Instagram account or
 * Facebook Page (GET /instagram/activity, which keeps its name from when Instagram was the only
 * platform).
 */
export const instagramEventSchema = z.object({
  id: z.guid(),
  /** Which webhook it came by. */
  platform: z.enum(PLATFORMS),
  kind: z.enum(KEYWORD_EVENT_KINDS),
  /** The keyword found, null when none was. */
  keyword: z.string().nullable(),
  campaign_name: z.string().nullable(),
  /** Who commented: an Instagram @username or a Facebook name (comments only: a message webhook names no one). */
  from_username: z.string().nullable(),
  outcome: z.enum(KEYWORD_EVENT_OUTCOMES),
  /** Set when skipped. */
  skip_reason: z.enum(KEYWORD_SKIP_REASONS).nullable(),
  /** Meta's error code and message when failed. */
  error_code: z.number().int().nullable(),
  error_message: z.string().nullable(),
  /** How many times sending was tried (rate limits are retried). */
  attempts: z.number().int(),
  received_at: timestamp,
  /** When the reply was sent, or finally failed. */
  finished_at: timestamp.nullable(),
});
export type InstagramEvent = z.infer<typeof instagramEventSchema>;

/** GET /instagram/activity: the newest 50, newest first. */
export const instagramActivityResponseSchema = z.object({ events: z.array(instagramEventSchema) });

/** A DM reply is one Instagram message: at most 1000 characters once the placeholders are filled. */
export const DM_TEMPLATE_MAX = 1000;

/**
 * PUT /keyword-triggers/{id}: the DM template ({link} is required, {product} optional) and whether
 * the trigger is on. Either or both; unknown fields are refused.
 */
export const keywordTriggerUpdateSchema = z
  .object({
    dm_template_text: z
      .string({ error: "dm_template_text must be text" })
      .trim()
      .min(1, "dm_template_text is required")
      .max(DM_TEMPLATE_MAX, `dm_template_text must be at most ${DM_TEMPLATE_MAX} characters`)
      .refine((text) => text.includes("{link}"), "dm_template_text must contain {link}")
      .optional(),
    is_active: z.boolean({ error: "is_active must be true or false" }).optional(),
  })
  .strict()
  .refine((input) => input.dm_template_text !== undefined || input.is_active !== undefined, {
    message: "Nothing to change: send dm_template_text or is_active",
  });
export type KeywordTriggerUpdateInput = z.input<typeof keywordTriggerUpdateSchema>;

/** The reply a template makes for a product and its short link (placeholders as written). */
export function fillDmTemplate(template: string, product: string, link: string): string {
  return template.replaceAll("{product}", product).replaceAll("{link}", link);
}

/** PUT /keyword-triggers/{id} */
export const keywordTriggerSavedResponseSchema = z.object({ message, trigger: keywordTriggerSchema });

export type InstagramAccount = z.infer<typeof instagramAccountSchema>;
export type InstagramConnectUrlResponse = z.infer<typeof instagramConnectUrlResponseSchema>;
export type InstagramConnectedResponse = z.infer<typeof instagramConnectedResponseSchema>;
export type InstagramAccountResponse = z.infer<typeof instagramAccountResponseSchema>;
export type InstagramDisconnectedResponse = z.infer<typeof instagramDisconnectedResponseSchema>;
export type InstagramActivityResponse = z.infer<typeof instagramActivityResponseSchema>;
export type KeywordTriggerSavedResponse = z.infer<typeof keywordTriggerSavedResponseSchema>;
