// Campaign requests: parsing of POST /campaigns and PUT /campaigns/{id} (docs/api.md, "Campaigns").
// Imported through campaigns.ts, the campaign contract's public face (no Deno APIs).
// One payload creates and edits a campaign:
//   product_name, description, price (dollars), commission_rate (a fraction), image_urls, start_date, end_date
// (an edit sends any of them, and may send status). Unknown fields are refused by name, the
// original dashboard form's product_price, product_images and product_description included.
// The output is the canonical record (price in integer cents). Numbers may arrive as numbers or
// numeric text.
import { z } from "zod";
import { isCalendarDate } from "./calendar-date.ts";
import { ruleMessage } from "./constraints.ts";
import { isHttpUrl } from "./http-url.ts";
import { dollarsToCents, parseDecimal } from "./money.ts";
import { CAMPAIGN_STATUSES, type CampaignStatus } from "./statuses.ts";

export const MAX_CAMPAIGN_IMAGES = 5;
/** The largest price accepted, in cents ($1,000,000): far above any product, far below bigint. */
export const MAX_PRICE_CENTS = 100_000_000;

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

const productName = z
  .string({ error: "Product name is required" })
  .trim()
  .min(1, "Product name is required")
  .max(200, "Product name must be at most 200 characters");

/** Dollars in, integer cents out. */
const price = z.unknown().transform((value, ctx) => {
  if (isBlank(value)) return fail(ctx, "Price is required");
  const parsed = parseDecimal(value, Infinity);
  if (!parsed.ok) return fail(ctx, "Price must be a number such as 12.50");
  if (parsed.negative) return fail(ctx, "Price must be greater than 0");
  if (parsed.fraction.length > 2) return fail(ctx, "Price can have at most two decimals");
  const cents = dollarsToCents(value);
  if (cents === null || cents > MAX_PRICE_CENTS) return fail(ctx, ruleMessage("campaigns_price_at_most_a_million"));
  if (cents <= 0) return fail(ctx, "Price must be greater than 0");
  return cents;
});

/** A fraction in (0, 1) with at most two decimals; 15 meaning 15% is refused with the right form. */
const commissionRate = z.unknown().transform((value, ctx) => {
  if (isBlank(value)) return fail(ctx, "Commission rate is required");
  const parsed = parseDecimal(value, Infinity);
  if (!parsed.ok) return fail(ctx, "Commission rate must be a number such as 0.15");
  if (parsed.negative) return fail(ctx, "Commission rate must be greater than 0");
  if (parsed.whole !== "0") return fail(ctx, "Commission rate is a fraction between 0 and 1: write 0.15 for 15%");
  if (parsed.fraction.length > 2) return fail(ctx, ruleMessage("campaigns_commission_rate_two_decimals"));
  if (parsed.fraction === "") return fail(ctx, "Commission rate must be greater than 0");
  return Number(`0.${parsed.fraction}`);
});

const description = z
  .union([z.string(), z.null()], { error: "Description must be text" })
  .transform((value) => (value ?? "").trim())
  .pipe(z.string().max(5000, ruleMessage("campaigns_description_check")));

/** 1 to 5 http(s) URLs; empty entries (unused inputs of the forms) are dropped first. */
const imageUrls = z.array(z.unknown(), { error: "Please add at least one product image" }).transform((values, ctx) => {
  const urls: string[] = [];
  values.forEach((value, index) => {
    if (isBlank(value)) return;
    const url = typeof value === "string" ? value.trim() : "";
    if (!isHttpUrl(url)) {
      ctx.addIssue({ code: "custom", message: `Image URL ${index + 1} must be a valid http(s) URL`, path: [index] });
    } else {
      urls.push(url);
    }
  });
  if (urls.length === 0 && ctx.issues.length === 0) {
    ctx.addIssue({ code: "custom", message: "Please add at least one product image" });
  }
  if (urls.length > MAX_CAMPAIGN_IMAGES) ctx.addIssue({ code: "custom", message: "Maximum 5 images allowed" });
  return urls;
});

const date = (label: string) =>
  z.unknown().transform((value, ctx): string | null => {
    if (isBlank(value)) return null;
    if (typeof value !== "string" || !isCalendarDate(value.trim())) {
      return fail(ctx, `${label} must be a date in the form YYYY-MM-DD`);
    }
    return value.trim();
  });

const status = z.enum(CAMPAIGN_STATUSES, "Status must be active or inactive");

const endNotBeforeStart = (value: { start_date?: string | null; end_date?: string | null }, ctx: z.RefinementCtx) => {
  if (value.start_date && value.end_date && value.end_date < value.start_date) {
    ctx.addIssue({ code: "custom", message: ruleMessage("campaigns_dates_in_order"), path: ["end_date"] });
  }
};

/** POST /campaigns: the canonical record to insert. */
export const campaignCreateSchema = z
  .object({
    product_name: productName,
    price,
    commission_rate: commissionRate,
    description: description.optional(),
    image_urls: imageUrls,
    start_date: date("Start date").optional(),
    end_date: date("End date").optional(),
  })
  .strict()
  .superRefine(endNotBeforeStart)
  .transform((input): CampaignRecord => ({
    product_name: input.product_name,
    price_cents: input.price,
    commission_rate: input.commission_rate,
    description: input.description ?? "",
    image_urls: input.image_urls,
    start_date: input.start_date ?? null,
    end_date: input.end_date ?? null,
  }));

/** PUT /campaigns/{id}: any of the same fields with the same rules, and status; only the fields sent change. */
export const campaignUpdateSchema = z
  .object({
    product_name: productName.optional(),
    price: price.optional(),
    commission_rate: commissionRate.optional(),
    description: description.optional(),
    status: status.optional(),
    image_urls: imageUrls.optional(),
    start_date: date("Start date").optional(),
    end_date: date("End date").optional(),
  })
  .strict()
  .superRefine(endNotBeforeStart)
  .transform(({ price, ...rest }) => {
    const changes: CampaignChanges = {};
    for (const [key, value] of Object.entries({ ...rest, price_cents: price })) {
      if (value !== undefined) (changes as Record<string, unknown>)[key] = value;
    }
    return changes;
  });

export interface CampaignRecord {
  product_name: string;
  price_cents: number;
  commission_rate: number;
  description: string;
  image_urls: string[];
  start_date: string | null;
  end_date: string | null;
}

export type CampaignChanges = Partial<CampaignRecord & { status: CampaignStatus }>;

/** The one payload that creates a campaign (POST /campaigns), as a client sends it. */
export interface CampaignInput {
  product_name: string;
  description?: string | null;
  /** Dollars, e.g. 12.5. */
  price: number | string;
  /** A fraction: 0.15 is 15%. */
  commission_rate: number | string;
  /** 1 to 5 http(s) URLs. */
  image_urls: string[];
  start_date?: string | null;
  end_date?: string | null;
}

/** PUT /campaigns/{id}: any fields of the same payload, and the status (deactivation is one-way). */
export type CampaignUpdateInput = Partial<CampaignInput & { status: CampaignStatus }>;

function fail(ctx: z.RefinementCtx, message: string): never {
  ctx.addIssue({ code: "custom", message });
  return z.NEVER;
}
