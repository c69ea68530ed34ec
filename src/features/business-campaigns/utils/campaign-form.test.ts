import { describe, expect, it } from "vitest";
import { campaignCreateSchema } from "@contract/campaigns.ts";
import { messagesFromSchema } from "@/lib/use-field-errors.ts";
import {
  emptyDashboardValues,
  emptyPageValues,
  priceProblem,
  PAGE_INPUTS,
  rateProblem,
  toDashboardPayload,
  toPagePayload,
  validateDashboardForm,
  validatePageForm,
  type CampaignDashboardValues,
  type CampaignPageValues,
} from "./campaign-form.ts";

const page = (extra: Partial<CampaignPageValues> = {}): CampaignPageValues => ({
  ...emptyPageValues(),
  product_name: "  Silk Scarf ",
  description: " Hand-woven in Takeo. ",
  price: "24.50",
  commission_rate: "0.15",
  image_urls: ["https://cdn.example.com/a.jpg", "  ", "https://cdn.example.com/b.png "],
  ...extra,
});

const dashboard = (extra: Partial<CampaignDashboardValues> = {}): CampaignDashboardValues => ({
  ...emptyDashboardValues(),
  product_name: "Coffee Beans",
  product_price: "12",
  commission_rate: ".1",
  start_date: "2026-12-01",
  end_date: "2026-12-31",
  product_description: "Mondulkiri arabica, 1kg.",
  image_1: "https://cdn.example.com/coffee.jpg",
  ...extra,
});

describe("create campaign page form -> payload", () => {
  it("sends the page form: numbers, trimmed text, filled image URLs, empty dates as null", () => {
    const values = page();
    expect(validatePageForm(values).errors).toEqual({});
    expect(toPagePayload(values)).toEqual({
      product_name: "Silk Scarf",
      description: "Hand-woven in Takeo.",
      price: 24.5,
      commission_rate: 0.15,
      image_urls: ["https://cdn.example.com/a.jpg", "https://cdn.example.com/b.png"],
      start_date: null,
      end_date: null,
    });
  });

  it("keeps dates when given", () => {
    expect(toPagePayload(page({ start_date: "2026-12-01", end_date: "2026-12-24" }))).toMatchObject({
      start_date: "2026-12-01",
      end_date: "2026-12-24",
    });
  });

  it("requires name, price and rate, and at least one image", () => {
    const { errors } = validatePageForm({ ...emptyPageValues() });
    expect(errors).toEqual({
      product_name: "This field is required.",
      price: "This field is required.",
      commission_rate: "This field is required.",
      image_urls: "Please add at least one product image",
    });
  });

  it("refuses more than 5 images and invalid image links", () => {
    const six = Array.from({ length: 6 }, (_v, i) => `https://cdn.example.com/${i}.jpg`);
    expect(validatePageForm(page({ image_urls: six })).errors.image_urls).toBe("Maximum 5 images allowed");
    const checked = validatePageForm(page({ image_urls: ["https://cdn.example.com/a.jpg", "not a link"] }));
    expect(checked.errors.image_urls).toBe("Fix the image links marked below.");
    expect(checked.imageErrors).toEqual([null, "Enter a valid image link starting with http:// or https://."]);
  });

  it("refuses an end date before the start date", () => {
    expect(validatePageForm(page({ start_date: "2026-12-10", end_date: "2026-12-09" })).errors).toEqual({
      end_date: "The end date cannot be before the start date.",
    });
    expect(validatePageForm(page({ start_date: "2026-12-10", end_date: "2026-12-10" })).errors).toEqual({});
  });
});

describe("campaign management form -> dashboard payload", () => {
  it("sends product_price, product_images (empty ones dropped) and product_description", () => {
    const values = dashboard({ image_3: "https://cdn.example.com/third.jpg" });
    expect(validateDashboardForm(values)).toEqual({});
    expect(toDashboardPayload(values)).toEqual({
      product_name: "Coffee Beans",
      product_price: 12,
      commission_rate: 0.1,
      product_images: ["https://cdn.example.com/coffee.jpg", "https://cdn.example.com/third.jpg"],
      product_description: "Mondulkiri arabica, 1kg.",
      start_date: "2026-12-01",
      end_date: "2026-12-31",
    });
  });

  it("requires every field but images 2 and 3", () => {
    expect(Object.keys(validateDashboardForm(emptyDashboardValues())).sort()).toEqual(
      [
        "commission_rate",
        "end_date",
        "image_1",
        "product_description",
        "product_name",
        "product_price",
        "start_date",
      ].sort(),
    );
  });

  it("checks the optional image links too", () => {
    expect(validateDashboardForm(dashboard({ image_2: "www.example.com/x.jpg" }))).toEqual({
      image_2: "Enter a valid image link starting with http:// or https://.",
    });
  });
});

describe("price and rate rules", () => {
  it.each([
    ["12", null],
    ["12.5", null],
    ["0.01", null],
    ["0", "Enter a price above 0 with at most two decimals, e.g. 12.50."],
    ["12.345", "Enter a price above 0 with at most two decimals, e.g. 12.50."],
    ["-3", "Enter a price above 0 with at most two decimals, e.g. 12.50."],
    ["abc", "Enter a price above 0 with at most two decimals, e.g. 12.50."],
  ])("price %j -> %j", (value, problem) => {
    expect(priceProblem(value)).toBe(problem);
  });

  it.each([
    ["0.15", null],
    [".5", null],
    ["0.99", null],
    ["0", "Enter the commission as a fraction between 0 and 1 with at most two decimals, e.g. 0.15 for 15%."],
    ["1", "Write the commission rate as a fraction: 0.01 for 1%."],
    ["15", "Write the commission rate as a fraction: 0.15 for 15%."],
    ["0.155", "Enter the commission as a fraction between 0 and 1 with at most two decimals, e.g. 0.15 for 15%."],
  ])("rate %j -> %j", (value, problem) => {
    expect(rateProblem(value)).toBe(problem);
  });
});

describe("the schema shared with the api function, on what the forms produce", () => {
  it("accepts what the forms produce", () => {
    expect(campaignCreateSchema.safeParse(toPagePayload(page())).error).toBeUndefined();
    expect(campaignCreateSchema.safeParse(toDashboardPayload(dashboard())).error).toBeUndefined();
  });

  it("reports the server's wording by input", () => {
    const refused = campaignCreateSchema.safeParse({ ...toPagePayload(page()), commission_rate: 15 });
    expect(messagesFromSchema(refused.error!, PAGE_INPUTS)).toEqual({
      commission_rate: "Commission rate is a fraction between 0 and 1: write 0.15 for 15%",
    });
  });
});
