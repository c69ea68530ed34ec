// Pure logic of campaigns and links: money to cents, commission rates, the one payload of
// POST /campaigns and PUT /campaigns/{id} (the original dashboard form's names refused), partial
// updates and the affiliate URL.
import assert from "node:assert/strict";
import { campaignCreateSchema, campaignUpdateSchema } from "./contract/campaigns.ts";
import { affiliateUrl, linkApplicationSchema } from "./contract/links.ts";
import { centsToDollars, dollarsToCents } from "./contract/money.ts";
import { parseWith } from "./validation.ts";
import type { ApiError } from "./errors.ts";

function refusal(schema: Parameters<typeof parseWith>[0], input: unknown): { field?: string; message: string } {
  try {
    parseWith(schema, input);
  } catch (error) {
    const { field, message } = error as ApiError;
    return { field, message };
  }
  throw new Error(`expected ${JSON.stringify(input)} to be refused`);
}

const page = {
  product_name: "Silk Scarf",
  price: 12.5,
  commission_rate: 0.15,
  description: "Hand-woven in Takeo",
  image_urls: ["https://example.com/scarf.jpg"],
  start_date: "2026-12-01",
  end_date: "2026-12-31",
};

Deno.test("dollars become exact integer cents", () => {
  const cases: [unknown, number | null][] = [
    ["12.5", 1250],
    [12.5, 1250],
    ["19.99", 1999],
    [19.99, 1999],
    [0.29, 29],
    ["1.10", 110],
    ["  7 ", 700],
    ["007.05", 705],
    ["12.500", 1250],
    [1e21, null],
    ["12.345", null],
    ["1,000", null],
    ["$5", null],
    ["", null],
    [null, null],
    [true, null],
    ["-3", null],
    [Number.NaN, null],
    ["1e3", null],
  ];
  for (const [input, cents] of cases)
    assert.deepStrictEqual(dollarsToCents(input), cents, `dollarsToCents(${JSON.stringify(input)})`);
  assert.deepStrictEqual(centsToDollars(1250), 12.5);
  assert.deepStrictEqual(centsToDollars(1999), 19.99);
  // Floating point would give 1998.9999999999998 cents for 19.99 * 100.
  assert.ok(19.99 * 100 !== 1999);
});

Deno.test("price: above 0, at most two decimals, within bounds", () => {
  assert.deepStrictEqual(parseWith(campaignCreateSchema, { ...page, price: "0.01" }).price_cents, 1);
  assert.deepStrictEqual(parseWith(campaignCreateSchema, { ...page, price: 1_000_000 }).price_cents, 100_000_000);
  const bad: [unknown, string][] = [
    [undefined, "Price is required"],
    ["", "Price is required"],
    ["abc", "Price must be a number such as 12.50"],
    [0, "Price must be greater than 0"],
    ["0.00", "Price must be greater than 0"],
    [-5, "Price must be greater than 0"],
    ["12.345", "Price can have at most two decimals"],
    [1_000_000.01, "Price must be at most $1,000,000"],
    ["99999999999999999999", "Price must be at most $1,000,000"],
  ];
  for (const [price, message] of bad) {
    assert.deepStrictEqual(
      refusal(campaignCreateSchema, { ...page, price }),
      { field: "price", message },
      `price ${price}`,
    );
  }
});

Deno.test("commission rate: a fraction in (0, 1) with at most two decimals", () => {
  const good: [unknown, number][] = [
    [0.15, 0.15],
    ["0.15", 0.15],
    ["0.5", 0.5],
    [0.01, 0.01],
    ["0.99", 0.99],
    ["0.10", 0.1],
  ];
  for (const [rate, expected] of good) {
    assert.deepStrictEqual(
      parseWith(campaignCreateSchema, { ...page, commission_rate: rate }).commission_rate,
      expected,
    );
  }
  const bad: [unknown, string][] = [
    [15, "Commission rate is a fraction between 0 and 1: write 0.15 for 15%"],
    ["1", "Commission rate is a fraction between 0 and 1: write 0.15 for 15%"],
    [1.5, "Commission rate is a fraction between 0 and 1: write 0.15 for 15%"],
    [0, "Commission rate must be greater than 0"],
    ["0.00", "Commission rate must be greater than 0"],
    [-0.1, "Commission rate must be greater than 0"],
    [0.125, "Commission rate can have at most two decimals (0.15 for 15%)"],
    ["15%", "Commission rate must be a number such as 0.15"],
    [null, "Commission rate is required"],
  ];
  for (const [commission_rate, message] of bad) {
    assert.deepStrictEqual(
      refusal(campaignCreateSchema, { ...page, commission_rate }),
      { field: "commission_rate", message },
      `rate ${commission_rate}`,
    );
  }
});

Deno.test("one payload makes one canonical record", () => {
  const canonical = {
    product_name: "Silk Scarf",
    price_cents: 1250,
    commission_rate: 0.15,
    description: "Hand-woven in Takeo",
    image_urls: ["https://example.com/scarf.jpg"],
    start_date: "2026-12-01",
    end_date: "2026-12-31",
  };
  assert.deepStrictEqual(parseWith(campaignCreateSchema, page), canonical);
  // Text numbers, padding and empty image rows are accepted as before.
  assert.deepStrictEqual(
    parseWith(campaignCreateSchema, {
      ...page,
      product_name: " Silk Scarf ",
      price: "12.50",
      commission_rate: "0.15",
      image_urls: ["https://example.com/scarf.jpg", "", "  "],
    }),
    canonical,
  );
  // Empty dates may come as null or "", and the description may be left out.
  assert.deepStrictEqual(
    parseWith(campaignCreateSchema, { ...page, description: undefined, start_date: null, end_date: "" }),
    {
      ...canonical,
      description: "",
      start_date: null,
      end_date: null,
    },
  );
});

Deno.test("the original dashboard form's names are refused by name, before any other problem", () => {
  const dashboard = {
    product_name: "Silk Scarf",
    product_price: "12.50",
    commission_rate: "0.15",
    product_description: "Hand-woven in Takeo",
    product_images: ["https://example.com/scarf.jpg"],
  };
  // Without price and image_urls the first unknown name explains what is missing.
  assert.deepStrictEqual(refusal(campaignCreateSchema, dashboard), {
    field: "product_price",
    message: "product_price is not a field you can set here",
  });
  for (const name of ["product_price", "product_images", "product_description"] as const) {
    const extra = { [name]: dashboard[name] };
    const expected = { field: name, message: `${name} is not a field you can set here` };
    assert.deepStrictEqual(refusal(campaignCreateSchema, { ...page, ...extra }), expected, `create with ${name}`);
    assert.deepStrictEqual(refusal(campaignUpdateSchema, extra), expected, `update with ${name}`);
  }
  // Nor may a body choose its owner or status at creation.
  assert.deepStrictEqual(refusal(campaignCreateSchema, { ...page, business_id: "x" }), {
    field: "business_id",
    message: "business_id is not a field you can set here",
  });
  assert.deepStrictEqual(refusal(campaignCreateSchema, { ...page, status: "inactive" }), {
    field: "status",
    message: "status is not a field you can set here",
  });
});

Deno.test("images: 1 to 5 http(s) URLs after dropping empty ones", () => {
  const urls = (n: number) => Array.from({ length: n }, (_, i) => `https://example.com/${i}.png`);
  assert.deepStrictEqual(parseWith(campaignCreateSchema, { ...page, image_urls: urls(5) }).image_urls, urls(5));
  const bad: [unknown, string | undefined, string][] = [
    [[], "image_urls", "Please add at least one product image"],
    [["", ""], "image_urls", "Please add at least one product image"],
    [undefined, "image_urls", "Please add at least one product image"],
    [urls(6), "image_urls", "Maximum 5 images allowed"],
    [["https://example.com/a.png", "not a url"], "image_urls.1", "Image URL 2 must be a valid http(s) URL"],
    [["javascript:alert(1)"], "image_urls.0", "Image URL 1 must be a valid http(s) URL"],
    [[42], "image_urls.0", "Image URL 1 must be a valid http(s) URL"],
  ];
  for (const [image_urls, field, message] of bad) {
    assert.deepStrictEqual(
      refusal(campaignCreateSchema, { ...page, image_urls }),
      { field, message },
      JSON.stringify(image_urls),
    );
  }
});

Deno.test("name, description and dates", () => {
  const bad: [object, string, string][] = [
    [{ product_name: "  " }, "product_name", "Product name is required"],
    [{ product_name: "x".repeat(201) }, "product_name", "Product name must be at most 200 characters"],
    [{ description: "x".repeat(5001) }, "description", "Description must be at most 5000 characters"],
    [{ start_date: "2026-02-30" }, "start_date", "Start date must be a date in the form YYYY-MM-DD"],
    [{ end_date: "31/12/2026" }, "end_date", "End date must be a date in the form YYYY-MM-DD"],
    [{ start_date: "2026-12-31", end_date: "2026-12-01" }, "end_date", "End date cannot be before the start date"],
  ];
  for (const [change, field, message] of bad) {
    assert.deepStrictEqual(
      refusal(campaignCreateSchema, { ...page, ...change }),
      { field, message },
      JSON.stringify(change),
    );
  }
  const sameDay = parseWith(campaignCreateSchema, { ...page, start_date: "2026-12-01", end_date: "2026-12-01" });
  assert.deepStrictEqual([sameDay.start_date, sameDay.end_date], ["2026-12-01", "2026-12-01"]);
});

Deno.test("updates carry only the fields sent, under the same rules", () => {
  assert.deepStrictEqual(parseWith(campaignUpdateSchema, { price: "3.10", status: "inactive" }), {
    status: "inactive",
    price_cents: 310,
  });
  // An edit may send the whole payload: every field is a change.
  assert.deepStrictEqual(parseWith(campaignUpdateSchema, page), {
    product_name: "Silk Scarf",
    commission_rate: 0.15,
    description: "Hand-woven in Takeo",
    image_urls: ["https://example.com/scarf.jpg"],
    start_date: "2026-12-01",
    end_date: "2026-12-31",
    price_cents: 1250,
  });
  assert.deepStrictEqual(parseWith(campaignUpdateSchema, { end_date: null }), { end_date: null });
  assert.deepStrictEqual(parseWith(campaignUpdateSchema, {}), {});
  assert.deepStrictEqual(refusal(campaignUpdateSchema, { status: "paused" }), {
    field: "status",
    message: "Status must be active or inactive",
  });
  assert.deepStrictEqual(refusal(campaignUpdateSchema, { business_id: "x" }), {
    field: "business_id",
    message: "business_id is not a field you can set here",
  });
  assert.deepStrictEqual(
    refusal(campaignUpdateSchema, { commission_rate: 20 }).message,
    "Commission rate is a fraction between 0 and 1: write 0.15 for 15%",
  );
  assert.deepStrictEqual(
    refusal(campaignUpdateSchema, { image_urls: [] }).message,
    "Please add at least one product image",
  );
});

Deno.test("affiliate links point at the app's own checkout", () => {
  assert.deepStrictEqual(
    affiliateUrl(
      "https://shop.example.com/",
      "00000000-0000-4000-8000-00000000a001",
      "f3918f7b-0803-4789-9754-26146bc416c0",
    ),
    "https://shop.example.com/checkout?influencer_id=00000000-0000-4000-8000-00000000a001&product_id=f3918f7b-0803-4789-9754-26146bc416c0",
  );
  assert.deepStrictEqual(
    parseWith(linkApplicationSchema, { campaign_id: " F3918F7B-0803-4789-9754-26146BC416C0" }).campaign_id,
    "f3918f7b-0803-4789-9754-26146bc416c0",
  );
  assert.deepStrictEqual(refusal(linkApplicationSchema, { campaign_id: "42" }), {
    field: "campaign_id",
    message: "campaign_id must be a valid id",
  });
  assert.deepStrictEqual(refusal(linkApplicationSchema, {}), {
    field: "campaign_id",
    message: "campaign_id is required",
  });
});
