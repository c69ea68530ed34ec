// The two create-campaign forms (docs/product.md, "Screens"), as pure functions: what a user typed
// -> the field errors, and -> the payload POST /campaigns accepts (docs/api.md, "POST /campaigns").
// The campaign management view sends the dashboard form (product_price, product_images,
// product_description); the create campaign page sends the page form (price, image_urls,
// description, empty dates as null).
import type { CampaignDashboardForm, CampaignPageForm } from "@contract/campaigns.ts";
import { t } from "@/features/business-campaigns/i18n.ts";
import type { FieldMessages } from "@/lib/use-field-errors.ts";
import { isHttpUrl } from "@/lib/image-url.ts";

export const PAGE_MAX_IMAGES = 5;
export const DASHBOARD_IMAGE_FIELDS = ["image_1", "image_2", "image_3"] as const;

/** The create page's inputs, and the server's other names for them (either payload form). */
export const PAGE_INPUTS = [
  "product_name",
  "description",
  "price",
  "commission_rate",
  "image_urls",
  "start_date",
  "end_date",
] as const;
export const PAGE_ALIASES = {
  product_price: "price",
  product_images: "image_urls",
  product_description: "description",
} as const;

/** The management form's inputs, and the server's other names for them (the first image row stands for all). */
export const DASHBOARD_INPUTS = [
  "product_name",
  "product_price",
  "commission_rate",
  "start_date",
  "end_date",
  "product_description",
  ...DASHBOARD_IMAGE_FIELDS,
] as const;
export const DASHBOARD_ALIASES = {
  price: "product_price",
  description: "product_description",
  product_images: "image_1",
  image_urls: "image_1",
} as const;

export interface CampaignPageValues {
  product_name: string;
  description: string;
  price: string;
  commission_rate: string;
  image_urls: string[];
  start_date: string;
  end_date: string;
}

/** The create page's payload (the shared CampaignPageForm, with numbers and explicit nulls). */
export interface CampaignPagePayload extends CampaignPageForm {
  product_name: string;
  description: string;
  price: number;
  commission_rate: number;
  image_urls: string[];
  start_date: string | null;
  end_date: string | null;
}

export interface CampaignDashboardValues {
  product_name: string;
  product_price: string;
  commission_rate: string;
  start_date: string;
  end_date: string;
  product_description: string;
  image_1: string;
  image_2: string;
  image_3: string;
}

/** The management form's payload (the shared CampaignDashboardForm, every field present). */
export interface CampaignDashboardPayload extends CampaignDashboardForm {
  product_name: string;
  product_price: number;
  commission_rate: number;
  product_images: string[];
  product_description: string;
  start_date: string;
  end_date: string;
}

export const emptyPageValues = (): CampaignPageValues => ({
  product_name: "",
  description: "",
  price: "",
  commission_rate: "",
  image_urls: [""],
  start_date: "",
  end_date: "",
});

export const emptyDashboardValues = (): CampaignDashboardValues => ({
  product_name: "",
  product_price: "",
  commission_rate: "",
  start_date: "",
  end_date: "",
  product_description: "",
  image_1: "",
  image_2: "",
  image_3: "",
});

const twoDecimals = /^\d+(\.\d{1,2})?$|^\.\d{1,2}$/;

/** The message for a price, or null when it is a positive amount with at most two decimals. */
export function priceProblem(value: string): string | null {
  const text = value.trim();
  if (!text) return t("campaignForm.required");
  if (!twoDecimals.test(text) || !(Number(text) > 0)) return t("campaignForm.priceInvalid");
  return null;
}

/** The message for a commission rate, or null when it is a fraction in (0, 1) with two decimals at most. */
export function rateProblem(value: string): string | null {
  const text = value.trim();
  if (!text) return t("campaignForm.required");
  const rate = Number(text);
  if (twoDecimals.test(text) && rate >= 1 && rate < 100)
    return t("campaignForm.rateAsPercent", { example: (rate / 100).toFixed(2), percent: text });
  if (!twoDecimals.test(text) || !(rate > 0 && rate < 1)) return t("campaignForm.rateInvalid");
  return null;
}

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

function checkDates(start: string, end: string, errors: FieldMessages<"start_date" | "end_date">) {
  if (start && !isDate(start)) errors.start_date = t("campaignForm.dateInvalid");
  if (end && !isDate(end)) errors.end_date = t("campaignForm.dateInvalid");
  if (start && end && isDate(start) && isDate(end) && end < start) errors.end_date = t("campaignForm.endBeforeStart");
}

/** Image rows that hold something, trimmed. */
export function filledUrls(urls: readonly string[]): string[] {
  return urls.map((url) => url.trim()).filter(Boolean);
}

/** Create campaign page: name, price and rate required; 1 to 5 valid image URLs; end not before start. */
export function validatePageForm(values: CampaignPageValues): {
  errors: FieldMessages<(typeof PAGE_INPUTS)[number]>;
  imageErrors: (string | null)[];
} {
  const errors: FieldMessages<(typeof PAGE_INPUTS)[number]> = {};
  if (!values.product_name.trim()) errors.product_name = t("campaignForm.required");
  const price = priceProblem(values.price);
  if (price) errors.price = price;
  const rate = rateProblem(values.commission_rate);
  if (rate) errors.commission_rate = rate;
  const imageErrors = values.image_urls.map((url) => (url.trim() && !isHttpUrl(url) ? t("images.invalidUrl") : null));
  const images = filledUrls(values.image_urls);
  if (images.length === 0) errors.image_urls = t("images.atLeastOne");
  else if (images.length > PAGE_MAX_IMAGES) errors.image_urls = t("images.max", { max: PAGE_MAX_IMAGES });
  else if (imageErrors.some(Boolean)) errors.image_urls = t("images.fixInvalid");
  checkDates(values.start_date.trim(), values.end_date.trim(), errors);
  return { errors, imageErrors };
}

export function toPagePayload(values: CampaignPageValues): CampaignPagePayload {
  return {
    product_name: values.product_name.trim(),
    description: values.description.trim(),
    price: Number(values.price.trim()),
    commission_rate: Number(values.commission_rate.trim()),
    image_urls: filledUrls(values.image_urls),
    start_date: values.start_date.trim() || null,
    end_date: values.end_date.trim() || null,
  };
}

/** Campaign management form: name, price, rate, both dates and description required; image 1 required, 2 and 3 optional. */
export function validateDashboardForm(
  values: CampaignDashboardValues,
): FieldMessages<(typeof DASHBOARD_INPUTS)[number]> {
  const errors: FieldMessages<(typeof DASHBOARD_INPUTS)[number]> = {};
  for (const field of ["product_name", "start_date", "end_date", "product_description", "image_1"] as const) {
    if (!values[field].trim()) errors[field] = t("campaignForm.required");
  }
  const price = priceProblem(values.product_price);
  if (price) errors.product_price = price;
  const rate = rateProblem(values.commission_rate);
  if (rate) errors.commission_rate = rate;
  for (const field of DASHBOARD_IMAGE_FIELDS) {
    if (values[field].trim() && !isHttpUrl(values[field])) errors[field] = t("images.invalidUrl");
  }
  checkDates(values.start_date.trim(), values.end_date.trim(), errors);
  return errors;
}

export function toDashboardPayload(values: CampaignDashboardValues): CampaignDashboardPayload {
  return {
    product_name: values.product_name.trim(),
    product_price: Number(values.product_price.trim()),
    commission_rate: Number(values.commission_rate.trim()),
    product_images: filledUrls(DASHBOARD_IMAGE_FIELDS.map((field) => values[field])),
    product_description: values.product_description.trim(),
    start_date: values.start_date.trim(),
    end_date: values.end_date.trim(),
  };
}
