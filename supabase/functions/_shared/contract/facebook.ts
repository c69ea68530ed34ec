// Facebook Page automation: connecting an influencer's Page (Facebook Login, then the Page when
// they manage several) and what the API answers of it. The keyword triggers, their templates and
// the activity are the Instagram automation's (contract/instagram.ts): one engine serves both.
// Request and response schemas, shared by the SPA and the functions (no Deno APIs).
import { z } from "zod";
import { message, timestamp } from "./fields.ts";
import { instagramConnectSchema } from "./instagram.ts";

/** POST /facebook/connect: what Facebook Login handed back to the callback page (as Instagram's). */
export const facebookConnectSchema = instagramConnectSchema;
export type FacebookConnectInput = z.input<typeof facebookConnectSchema>;

/** GET /facebook/connect: the Login dialog's URL with a signed, single-use state. */
export const facebookConnectUrlResponseSchema = z.object({ url: z.url({ protocol: /^https?$/ }) });

/** A connected Page as the influencer sees it (never its token). */
export const facebookPageSchema = z.object({
  /** Facebook's id of the Page (the `entry[].id` of its webhooks). */
  page_id: z.string(),
  page_name: z.string(),
  connected_at: timestamp,
  /**
   * When Facebook refused the Page's token as no longer valid (the password changed, the app
   * removed, the Page lost): replies fail until the influencer connects the Page again. Null while
   * it works.
   */
  token_refused_at: timestamp.nullable(),
});

/** A Page the influencer manages, to pick from. */
export const managedPageSchema = z.object({ id: z.string(), name: z.string() });

/**
 * POST /facebook/connect and POST /facebook/page (200): the Page connected, or, when the influencer
 * manages several, `facebook` null and the `pages` to pick one from (within ten minutes).
 */
export const facebookConnectedResponseSchema = z.object({
  message,
  facebook: facebookPageSchema.nullable(),
  pages: z.array(managedPageSchema).nullable(),
});

/** POST /facebook/page: the Page picked among those Facebook listed. */
export const facebookPagePickSchema = z
  .object({
    page_id: z
      .string({ error: "page_id is required" })
      .trim()
      .regex(/^[0-9]{1,30}$/, "page_id must be the id of one of your Pages"),
  })
  .strict();
export type FacebookPagePickInput = z.input<typeof facebookPagePickSchema>;

/** GET /facebook/page: null when no Page is connected. */
export const facebookPageResponseSchema = z.object({ facebook: facebookPageSchema.nullable() });

/** DELETE /facebook/page */
export const facebookDisconnectedResponseSchema = z.object({ message });

export type FacebookPage = z.infer<typeof facebookPageSchema>;
export type ManagedPage = z.infer<typeof managedPageSchema>;
export type FacebookConnectUrlResponse = z.infer<typeof facebookConnectUrlResponseSchema>;
export type FacebookConnectedResponse = z.infer<typeof facebookConnectedResponseSchema>;
export type FacebookPageResponse = z.infer<typeof facebookPageResponseSchema>;
export type FacebookDisconnectedResponse = z.infer<typeof facebookDisconnectedResponseSchema>;
