// The campaign screen's form (docs/product.md, "Screens"), as pure functions: a
// campaign -> what the inputs show, what a user typed -> the field errors, and -> the one payload
// that POST /campaigns and PUT /campaigns/{id} take (§7). The commission is typed as a whole
// percent (15) and sent as a fraction (0.15); the price is typed and sent in dollars.
import { MAX_CAMPAIGN_IMAGES, type Campaign, type CampaignInput } from "@contract/campaigns.ts";
import { asciiDigits } from "@contract/khmer-digits.ts";
import { t } from "@/features/business-campaigns/i18n.ts";
import type { FieldMessages } from "@/lib/use-field-errors.ts";
import { isHttpUrl } from "@/lib/image-url.ts";

/** The screen's inputs, named as the payload's fields, so a server `field` finds its input. */
export const CAMPAIGN_INPUTS = [
  "product_name",
  "description",
  "price",
  "commission_rate",
  "image_urls",
  "start_date",
  "end_date",
] as const;
export type CampaignInputName = (typeof CAMPAIGN_INPUTS)[number];

export interface CampaignFormValues {
  product_name: string;
  description: string;
  /** Dollars, as typed: "24.50". */
  price: string;
  /** A whole percent, as typed: "15" for a rate of 0.15. */
  commission_rate: string;
  image_urls: string[];
  start_date: string;
  end_date: string;
}

/** The payload as the screen sends it: every field, numbers as numbers, empty dates as null. */
export interface CampaignPayload extends CampaignInput {
  description: string;
  price: number;
  commission_rate: number;
  start_date: string | null;
  end_date: string | null;
}

export const emptyCampaignValues = (): CampaignFormValues => ({
  product_name: "",
  description: "",
  price: "",
  commission_rate: "",
  image_urls: [""],
  start_date: "",
  end_date: "",
});

/** A fraction as the percent the input shows: 0.15 -> "15" (two decimals of a rate are a whole percent). */
export function percentFromRate(rate: number): string {
  return String(Math.round(rate * 10_000) / 100);
}

/** The percent typed -> the fraction sent: "15" -> 0.15. */
export function rateFromPercent(percent: string): number {
  return Number(asciiDigits(percent).trim()) / 100;
}

/** What the inputs show for an existing campaign. */
export function campaignValues(campaign: Campaign): CampaignFormValues {
  return {
    product_name: campaign.product_name,
    description: campaign.description,
    price: (campaign.price_cents / 100).toFixed(2),
    commission_rate: percentFromRate(campaign.commission_rate),
    image_urls: campaign.image_urls.length > 0 ? [...campaign.image_urls] : [""],
    start_date: campaign.start_date ?? "",
    end_date: campaign.end_date ?? "",
  };
}

const twoDecimals = /^\d+(\.\d{1,2})?$|^\.\d{1,2}$/;

/** The message for a price, or null when it is a positive amount with at most two decimals. */
export function priceProblem(value: string): string | null {
  const text = asciiDigits(value).trim();
  if (!text) return t("campaignForm.required");
  if (!twoDecimals.test(text) || !(Number(text) > 0)) return t("campaignForm.priceInvalid");
  return null;
}

/** The message for a commission in percent, or null when it is a whole percent from 1 to 99. */
export function percentProblem(value: string): string | null {
  const text = asciiDigits(value).trim();
  if (!text) return t("campaignForm.required");
  const percent = Number(text);
  // 0.15 typed as the fraction it is sent as: say how to write it.
  if (twoDecimals.test(text) && percent > 0 && percent < 1)
    return t("campaignForm.percentAsFraction", { percent: Math.round(percent * 100) });
  if (!/^\d{1,2}$/.test(text) || !(percent >= 1 && percent <= 99)) return t("campaignForm.percentInvalid");
  return null;
}

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/** Image rows that hold something, trimmed. */
export function filledUrls(urls: readonly string[]): string[] {
  return urls.map((url) => url.trim()).filter(Boolean);
}

/** Name, price and rate required; 1 to 5 valid image URLs; end not before start. */
export function validateCampaignForm(values: CampaignFormValues): {
  errors: FieldMessages<CampaignInputName>;
  imageErrors: (string | null)[];
} {
  const errors: FieldMessages<CampaignInputName> = {};
  if (!values.product_name.trim()) errors.product_name = t("campaignForm.required");
  const price = priceProblem(values.price);
  if (price) errors.price = price;
  const rate = percentProblem(values.commission_rate);
  if (rate) errors.commission_rate = rate;
  const imageErrors = values.image_urls.map((url) => (url.trim() && !isHttpUrl(url) ? t("images.invalidUrl") : null));
  const images = filledUrls(values.image_urls);
  if (images.length === 0) errors.image_urls = t("images.atLeastOne");
  else if (images.length > MAX_CAMPAIGN_IMAGES) errors.image_urls = t("images.max", { max: MAX_CAMPAIGN_IMAGES });
  else if (imageErrors.some(Boolean)) errors.image_urls = t("images.fixInvalid");
  const start = values.start_date.trim();
  const end = values.end_date.trim();
  if (start && !isDate(start)) errors.start_date = t("campaignForm.dateInvalid");
  if (end && !isDate(end)) errors.end_date = t("campaignForm.dateInvalid");
  if (start && end && isDate(start) && isDate(end) && end < start) errors.end_date = t("campaignForm.endBeforeStart");
  return { errors, imageErrors };
}

/** The payload of both POST /campaigns and PUT /campaigns/{id}. */
export function toCampaignPayload(values: CampaignFormValues): CampaignPayload {
  return {
    product_name: values.product_name.trim(),
    description: values.description.trim(),
    price: Number(asciiDigits(values.price).trim()),
    commission_rate: rateFromPercent(values.commission_rate),
    image_urls: filledUrls(values.image_urls),
    start_date: values.start_date.trim() || null,
    end_date: values.end_date.trim() || null,
  };
}
