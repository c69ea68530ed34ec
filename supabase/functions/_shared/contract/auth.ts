// The account paths and the admin's account paths (docs/api.md, "Accounts (/auth)" and "Admin:
// accounts"): request and response schemas, shared by the SPA and the api function (no Deno APIs).
import { z } from "zod";
import { asciiDigits } from "./khmer-digits.ts";
import { nextCursor, pageQuerySchema } from "./paging.ts";
import { httpUrl, id, message, rejectionReason, suspensionReason, timestamp } from "./fields.ts";
import { cambodianPhone } from "./phone-field.ts";
import { isHttpUrl, withHttps } from "./http-url.ts";
import { ruleMessage } from "./constraints.ts";
import { checkKhqr } from "./khqr.ts";
import { STORE_HANDLE } from "./storefront.ts";
import { PLATFORMS, USER_STATUSES, USER_TYPES } from "./statuses.ts";

export { rejectionReason, suspensionReason } from "./fields.ts";
export { PLATFORMS, USER_STATUSES, USER_TYPES, type Platform, type UserStatus, type UserType } from "./statuses.ts";

const email = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .pipe(z.email("Email must be a valid email address"))
  .transform((value) => value.toLowerCase());

// bcrypt reads at most 72 bytes; a longer password is refused as input, before any hashing. A
// Khmer letter takes 3 bytes in UTF-8, so the limit is in bytes, not characters.
const MAX_PASSWORD_BYTES = 72;
const within72Bytes = (value: string) => new TextEncoder().encode(value).length <= MAX_PASSWORD_BYTES;
const tooLongPassword = "Password must be at most 72 bytes (72 Latin letters, fewer in Khmer)";

/**
 * A password being set: 8 characters to 72 bytes. The function also refuses the 10,000 most
 * common passwords and the account's own email (api/lib/password-rules.ts), which the SPA learns
 * from its answer.
 */
const newPassword = z
  .string({ error: "Password is required" })
  .min(8, "Password must be at least 8 characters")
  .max(MAX_PASSWORD_BYTES, tooLongPassword)
  .refine(within72Bytes, tooLongPassword);

const httpUrlInput = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(500, `${label} is too long`)
    .refine(isHttpUrl, `${label} must be a valid http(s) URL`);

export const loginSchema = z.object({
  email,
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(MAX_PASSWORD_BYTES, tooLongPassword)
    .refine(within72Bytes, tooLongPassword),
});

/** PUT /auth/password */
export const passwordChangeSchema = z.object({
  current_password: z
    .string({ error: "Current password is required" })
    .min(1, "Current password is required")
    .max(MAX_PASSWORD_BYTES, tooLongPassword),
  new_password: newPassword,
});

/** POST /auth/password-reset: the email, and the page's language (the email's). */
export const passwordResetSchema = z.object({
  email,
  language: z.enum(["en", "km"], "language must be en or km").default("en"),
});

/** POST /auth/password-reset/confirm */
export const passwordResetConfirmSchema = z.object({
  token: z
    .string({ error: "token is required" })
    .min(1, "token is required")
    .max(200, "This link to choose a new password has expired or was already used. Ask for a new one"),
  new_password: newPassword,
});

/** A shop's name: trimmed, 1-100 characters. */
export const businessName = z
  .string({ error: "Shop name must be text" })
  .trim()
  .min(1, "Shop name is required")
  .max(100, "Shop name must be at most 100 characters");

export const businessRegistrationSchema = z.object({
  email,
  // Optional in the API for SPEC compatibility; the SPA's form asks for it.
  business_name: businessName.optional(),
  password: newPassword,
  social_media_page: z
    .string({ error: "Social media page URL is required" })
    .trim()
    .min(1, "Social media page URL is required")
    .max(500, "Social media page URL is too long")
    .transform(withHttps)
    .pipe(httpUrlInput("Social media page URL")),
  store_phone: cambodianPhone("Store phone number"),
});

/**
 * POST /auth/register/influencer. Unknown fields are refused: the original form's `fullName` and
 * `id_card_url` (never stored) are named in the 400, so an old client learns what changed.
 */
export const influencerRegistrationSchema = z
  .object({
    full_name: z
      .string({ error: "Full name is required" })
      .trim()
      .min(1, "Full name is required")
      .max(120, "Full name is too long"),
    email,
    password: newPassword,
    platform: z
      .string({ error: "Platform is required" })
      .trim()
      .toLowerCase()
      .pipe(z.enum(PLATFORMS, "Platform must be Instagram or Facebook")),
    social_media_page: z
      .string({ error: "Social media handle is required" })
      .trim()
      .min(1, "Social media handle is required")
      .max(200, "Social media handle is too long"),
  })
  .strict();

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} is too long`);

export const profileUpdateSchema = z
  .object({
    business_name: businessName.optional(),
    business_logo_url: z.union([z.literal(""), httpUrlInput("Business logo URL")]).optional(),
    bank_name: optionalText("Bank name", 100).optional(),
    account_name: optionalText("Account name", 120).optional(),
    account_number: z
      .string({ error: "Account number must be text" })
      .trim()
      .regex(/^[0-9០-៩ ]{0,30}$/, "Account number must contain digits only")
      .transform(asciiDigits)
      .optional(),
    /** An influencer's own phone; "" or null clears it. Orders from it are flagged self_order. */
    phone: cambodianPhone("Phone number", { optional: true, invalid: ruleMessage("users_phone_format") })
      .nullable()
      .optional(),
    /** The string of the bank app's "Receive" KHQR; "" or null clears it. */
    khqr: z
      .string({ error: "KHQR must be text" })
      .trim()
      .superRefine((value, ctx) => {
        if (value === "") return;
        const check = checkKhqr(value);
        if (!check.ok) ctx.addIssue({ code: "custom", message: check.message });
      })
      .nullable()
      .optional(),
    /** An influencer's storefront handle (APP_URL/s/<handle>); "" or null takes the store down. */
    store_handle: z
      .string({ error: "Store name must be text" })
      .trim()
      .transform((value) => value.replace(/^@/, "").toLowerCase())
      .refine((value) => value === "" || STORE_HANDLE.test(value), ruleMessage("users_store_handle_format"))
      .nullable()
      .optional(),
  })
  .strict();

/**
 * PUT /admin/users/{id}/status: approve or reject a pending account, suspend an approved one, or
 * reinstate a suspended one (approved); rejecting and suspending need a reason.
 */
export const userStatusSchema = z.discriminatedUnion(
  "status",
  [
    z.object({ status: z.literal("approved") }),
    z.object({ status: z.literal("rejected"), reason: rejectionReason }),
    z.object({ status: z.literal("suspended"), reason: suspensionReason }),
  ],
  { error: "status must be approved, rejected or suspended" },
);

export type LoginInput = z.infer<typeof loginSchema>;
export type PasswordChangeInput = z.input<typeof passwordChangeSchema>;
export type PasswordResetInput = z.input<typeof passwordResetSchema>;
export type PasswordResetConfirmInput = z.input<typeof passwordResetConfirmSchema>;
export type BusinessRegistrationInput = z.input<typeof businessRegistrationSchema>;
export type InfluencerRegistrationInput = z.input<typeof influencerRegistrationSchema>;
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
export type UserStatusInput = z.input<typeof userStatusSchema>;

/** An account as every account path answers it. `role` repeats user_type for older clients. */
export const userSchema = z.object({
  id,
  /** Lower case. */
  email: z.string(),
  user_type: z.enum(USER_TYPES),
  role: z.enum(USER_TYPES),
  status: z.enum(USER_STATUSES),
  /** status == "approved" */
  is_approved: z.boolean(),
  full_name: z.string().nullable(),
  business_name: z.string().nullable(),
  /** A business's page URL, an influencer's handle. */
  social_media_page: z.string().nullable(),
  platform: z.enum(PLATFORMS).nullable(),
  /** Normalised to +855... */
  store_phone: z.string().nullable(),
  /** An influencer's own phone, normalised to +855...; only the account itself and admins read it. */
  phone: z.string().nullable(),
  business_logo_url: httpUrl.nullable(),
  bank_name: z.string().nullable(),
  account_name: z.string().nullable(),
  account_number: z.string().nullable(),
  /** The saved "Receive" KHQR string, null if none. */
  khqr: z.string().nullable(),
  /** Why an admin rejected the account; null unless rejected. Only the account itself and admins read it. */
  rejection_reason: z.string().nullable(),
  /** Why an admin suspended the account; null unless suspended. Only the account itself and admins read it. */
  suspension_reason: z.string().nullable(),
  /** An influencer's storefront handle: the store is at `APP_URL/s/<store_handle>`; null until chosen. */
  store_handle: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

/**
 * What signing in, registering and refreshing answer: an access token (an ES256 JWT for an hour,
 * naming its session), the refresh token that gets the next one, and when the access token expires.
 */
const sessionTokens = {
  token: z.string(),
  /** Opaque; POST /auth/refresh swaps it, once, for a new pair. */
  refresh_token: z.string(),
  /** When `token` expires, in seconds since 1970 (its `exp`). */
  expires_at: z.number().int(),
};

/** POST /auth/login */
export const loginResponseSchema = z.object({ ...sessionTokens, user: userSchema });

/** POST /auth/register/business and /auth/register/influencer */
export const registrationResponseSchema = z.object({ ...sessionTokens, user: userSchema, message });

/** POST /auth/refresh */
export const refreshSchema = z.object({
  refresh_token: z
    .string({ error: "refresh_token is required" })
    .min(1, "refresh_token is required")
    .max(200, "refresh_token is not a refresh token"),
});
export const refreshResponseSchema = loginResponseSchema;

/** One of the account's live sessions: where it signed in, when, and when it last refreshed. */
export const sessionSchema = z.object({
  id,
  /** The browser and system it signed in from ("Chrome on Android"); "" when unknown. */
  device: z.string(),
  created_at: timestamp,
  last_used_at: timestamp,
  /** The session of the token that asked. */
  current: z.boolean(),
});

/** GET /auth/sessions: the caller's live sessions, most recently used first. */
export const sessionsResponseSchema = z.object({ sessions: z.array(sessionSchema) });

/** A sentence for the user: POST /auth/logout, DELETE /auth/sessions/{id}, PUT /auth/password, the password reset's two steps */
export const messageResponseSchema = z.object({ message });

/** POST /auth/logout-all: how many sessions ended, this one included. */
export const signedOutEverywhereResponseSchema = z.object({ message, ended: z.number().int() });

/** GET /auth/me and PUT /auth/profile */
export const meResponseSchema = z.object({ user: userSchema });

/** GET /admin/users?status=…&limit=…&cursor=…: one page of the accounts with this status (every one without). */
export const usersQuerySchema = pageQuerySchema.extend({
  status: z.enum(USER_STATUSES, `status must be one of ${USER_STATUSES.join(", ")}`).optional(),
});

/** How many accounts have each status, over every account (not the page). */
export const userCountsSchema = z.object({
  pending_approval: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
  suspended: z.number().int(),
  total: z.number().int(),
});

/** GET /admin/users */
export const usersResponseSchema = z.object({
  users: z.array(userSchema),
  next_cursor: nextCursor,
  counts: userCountsSchema,
});

/** PUT /admin/users/{id}/status */
export const userStatusResponseSchema = z.object({ user: userSchema, message });

/** GET /.well-known/jwks.json: the public half of the signing key only. */
export const jwksResponseSchema = z.object({
  keys: z.array(
    z.object({
      kty: z.literal("EC"),
      crv: z.literal("P-256"),
      x: z.string(),
      y: z.string(),
      kid: z.string(),
      alg: z.literal("ES256"),
      use: z.literal("sig"),
      key_ops: z.array(z.literal("verify")),
    }),
  ),
});

export type User = z.infer<typeof userSchema>;
export type LoginResponse = z.infer<typeof loginResponseSchema>;
export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;
export type MeResponse = z.infer<typeof meResponseSchema>;
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;
export type AccountSession = z.infer<typeof sessionSchema>;
export type SessionsResponse = z.infer<typeof sessionsResponseSchema>;
export type MessageResponse = z.infer<typeof messageResponseSchema>;
export type SignedOutEverywhereResponse = z.infer<typeof signedOutEverywhereResponseSchema>;
export type UsersResponse = z.infer<typeof usersResponseSchema>;
export type UsersQueryInput = z.input<typeof usersQuerySchema>;
export type UserCounts = z.infer<typeof userCountsSchema>;
export type UserStatusResponse = z.infer<typeof userStatusResponseSchema>;
export type JwksResponse = z.infer<typeof jwksResponseSchema>;
