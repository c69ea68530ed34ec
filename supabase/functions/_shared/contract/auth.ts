// Request schemas for the account paths (SPEC §5, §7), shared by the SPA and the api function.
import { z } from "zod";
import { normaliseCambodianPhone } from "./phone.ts";

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

const newPassword = z
  .string({ error: "Password is required" })
  .min(8, "Password must be at least 8 characters")
  .max(MAX_PASSWORD_BYTES, tooLongPassword)
  .refine(within72Bytes, tooLongPassword);

const httpUrl = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(500, `${label} is too long`)
    .refine((value) => {
      try {
        return ["http:", "https:"].includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, `${label} must be a valid http(s) URL`);

const cambodianPhone = z
  .string({ error: "Store phone number is required" })
  .trim()
  .min(1, "Store phone number is required")
  .transform((value, ctx) => {
    const normalised = normaliseCambodianPhone(value);
    if (!normalised) {
      ctx.addIssue({ code: "custom", message: "Store phone number must be a Cambodian number such as 012 345 678" });
      return z.NEVER;
    }
    return normalised;
  });

export const loginSchema = z.object({
  email,
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(MAX_PASSWORD_BYTES, tooLongPassword)
    .refine(within72Bytes, tooLongPassword),
});

export const businessRegistrationSchema = z.object({
  email,
  password: newPassword,
  social_media_page: httpUrl("Social media page URL"),
  store_phone: cambodianPhone,
});

export const influencerRegistrationSchema = z.object({
  fullName: z
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
    .pipe(z.enum(["instagram", "facebook"], "Platform must be Instagram or Facebook")),
  social_media_page: z
    .string({ error: "Social media handle is required" })
    .trim()
    .min(1, "Social media handle is required")
    .max(200, "Social media handle is too long"),
  // The original form always sends an empty string; kept for compatibility, never stored.
  id_card_url: z.string().optional(),
});

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} is too long`);

export const profileUpdateSchema = z
  .object({
    business_logo_url: z.union([z.literal(""), httpUrl("Business logo URL")]).optional(),
    bank_name: optionalText("Bank name", 100).optional(),
    account_name: optionalText("Account name", 120).optional(),
    account_number: z
      .string({ error: "Account number must be text" })
      .trim()
      .regex(/^[0-9 ]{0,30}$/, "Account number must contain digits only")
      .optional(),
  })
  .strict();

export const userStatusSchema = z.object({
  status: z.enum(["approved", "rejected"], "status must be approved or rejected"),
});

export type LoginInput = z.infer<typeof loginSchema>;
export type BusinessRegistrationInput = z.input<typeof businessRegistrationSchema>;
export type InfluencerRegistrationInput = z.input<typeof influencerRegistrationSchema>;
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
