import { describe, expect, it } from "vitest";
import { campaignCreateSchema, campaignUpdateSchema } from "@contract/campaigns.ts";
import { messagesFromSchema } from "@/lib/use-field-errors.ts";
import { makeCampaign } from "@/testing/fixtures/campaigns.ts";
import {
  CAMPAIGN_INPUTS,
  campaignValues,
  emptyCampaignValues,
  percentFromRate,
  percentProblem,
  priceProblem,
  rateFromPercent,
  toCampaignPayload,
  validateCampaignForm,
  type CampaignFormValues,
} from "./campaign-form.ts";

const typed = (extra: Partial<CampaignFormValues> = {}): CampaignFormValues => ({
  ...emptyCampaignValues(),
  product_name: "  Silk Scarf ",
  description: " Hand-woven in Takeo. ",
  price: "24.50",
  commission_rate: "15",
  image_urls: ["https://cdn.example.com/a.jpg", "  ", "https://cdn.example.com/b.png "],
  ...extra,
});

describe("campaign screen form -> the one payload", () => {
  it("sends numbers, the percent as a fraction, trimmed text, filled image URLs and empty dates as null", () => {
    const values = typed();
    expect(validateCampaignForm(values).errors).toEqual({});
    expect(toCampaignPayload(values)).toEqual({
      product_name: "Silk Scarf",
      description: "Hand-woven in Takeo.",
      price: 24.5,
      commission_rate: 0.15,
      image_urls: ["https://cdn.example.com/a.jpg", "https://cdn.example.com/b.png"],
      start_date: null,
      end_date: null,
    });
  });

  it("reads a price and a percent typed with Khmer digits", () => {
    const values = typed({ price: "២៤.៥០", commission_rate: "១៥" });
    expect(validateCampaignForm(values).errors).toEqual({});
    expect(toCampaignPayload(values)).toMatchObject({ price: 24.5, commission_rate: 0.15 });
  });

  it("names only the payload's fields, never the original dashboard form's", () => {
    const payload = toCampaignPayload(typed());
    expect(Object.keys(payload).sort()).toEqual([...CAMPAIGN_INPUTS].sort());
    expect(payload).not.toHaveProperty("product_price");
    expect(payload).not.toHaveProperty("product_images");
    expect(payload).not.toHaveProperty("product_description");
  });

  it("keeps dates when given", () => {
    expect(toCampaignPayload(typed({ start_date: "2026-12-01", end_date: "2026-12-24" }))).toMatchObject({
      start_date: "2026-12-01",
      end_date: "2026-12-24",
    });
  });

  it("requires name, price and rate, and at least one image; description and dates are optional", () => {
    const { errors } = validateCampaignForm(emptyCampaignValues());
    expect(errors).toEqual({
      product_name: "This field is required.",
      price: "This field is required.",
      commission_rate: "This field is required.",
      image_urls: "Please add at least one product image",
    });
  });

  it("refuses more than 5 images and invalid image links", () => {
    const six = Array.from({ length: 6 }, (_v, i) => `https://cdn.example.com/${i}.jpg`);
    expect(validateCampaignForm(typed({ image_urls: six })).errors.image_urls).toBe("Maximum 5 images allowed");
    const five = six.slice(0, 5);
    expect(validateCampaignForm(typed({ image_urls: five })).errors).toEqual({});
    const checked = validateCampaignForm(typed({ image_urls: ["https://cdn.example.com/a.jpg", "not a link"] }));
    expect(checked.errors.image_urls).toBe("Fix the image links marked below.");
    expect(checked.imageErrors).toEqual([null, "Enter a valid image link starting with http:// or https://."]);
  });

  it("refuses an end date before the start date", () => {
    expect(validateCampaignForm(typed({ start_date: "2026-12-10", end_date: "2026-12-09" })).errors).toEqual({
      end_date: "The end date cannot be before the start date.",
    });
    expect(validateCampaignForm(typed({ start_date: "2026-12-10", end_date: "2026-12-10" })).errors).toEqual({});
  });
});

describe("an existing campaign in the form", () => {
  it("shows the price in dollars, the rate in percent, the dates and the images", () => {
    const campaign = makeCampaign({
      product_name: "Silk Scarf",
      description: "Hand-woven",
      price_cents: 2450,
      commission_rate: 0.07,
      image_urls: ["https://cdn.test/a.jpg", "https://cdn.test/b.jpg"],
      start_date: "2026-12-01",
      end_date: null,
    });
    expect(campaignValues(campaign)).toEqual({
      product_name: "Silk Scarf",
      description: "Hand-woven",
      price: "24.50",
      commission_rate: "7",
      image_urls: ["https://cdn.test/a.jpg", "https://cdn.test/b.jpg"],
      start_date: "2026-12-01",
      end_date: "",
    });
  });

  it("sends back what it holds when nothing is changed", () => {
    const campaign = makeCampaign({ price_cents: 1999, commission_rate: 0.29, end_date: "2027-01-31" });
    expect(toCampaignPayload(campaignValues(campaign))).toEqual({
      product_name: campaign.product_name,
      description: campaign.description,
      price: 19.99,
      commission_rate: 0.29,
      image_urls: campaign.image_urls,
      start_date: null,
      end_date: "2027-01-31",
    });
  });

  it("turns every whole percent into the fraction with two decimals, and back", () => {
    for (let percent = 1; percent <= 99; percent++) {
      const rate = rateFromPercent(String(percent));
      expect(String(rate)).toBe(String(Number(`0.${String(percent).padStart(2, "0")}`)));
      expect(percentFromRate(rate)).toBe(String(percent));
    }
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
    ["15", null],
    [" 1 ", null],
    ["99", null],
    ["", "This field is required."],
    ["0", "Enter the commission as a whole percent from 1 to 99, e.g. 15 for 15%."],
    ["100", "Enter the commission as a whole percent from 1 to 99, e.g. 15 for 15%."],
    ["15.5", "Enter the commission as a whole percent from 1 to 99, e.g. 15 for 15%."],
    ["-3", "Enter the commission as a whole percent from 1 to 99, e.g. 15 for 15%."],
    ["abc", "Enter the commission as a whole percent from 1 to 99, e.g. 15 for 15%."],
    ["0.15", "Write the commission rate in percent: 15 for 15%."],
    [".5", "Write the commission rate in percent: 50 for 50%."],
  ])("commission %j -> %j", (value, problem) => {
    expect(percentProblem(value)).toBe(problem);
  });
});

describe("the schemas shared with the api function, on what the form produces", () => {
  it("accept what the form produces, to create and to edit", () => {
    const payload = toCampaignPayload(typed({ start_date: "2026-12-01", end_date: "2026-12-31" }));
    expect(campaignCreateSchema.safeParse(payload).error).toBeUndefined();
    expect(campaignUpdateSchema.safeParse(payload).error).toBeUndefined();
    expect(campaignCreateSchema.parse(payload)).toMatchObject({ price_cents: 2450, commission_rate: 0.15 });
  });

  it("report the server's wording by input", () => {
    const refused = campaignCreateSchema.safeParse({ ...toCampaignPayload(typed()), commission_rate: 15 });
    expect(messagesFromSchema(refused.error!, CAMPAIGN_INPUTS)).toEqual({
      commission_rate: "Commission rate is a fraction between 0 and 1: write 0.15 for 15%",
    });
  });
});
