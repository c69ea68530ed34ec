// Whole numbers are read one way: a JSON integer or digits, never what Number() would guess.
import assert from "node:assert/strict";
import { parseWholeNumber } from "./contract/whole-number.ts";
import { checkoutOrderSchema } from "./contract/orders.ts";
import { pageQuerySchema } from "./contract/paging.ts";
import { parseWith } from "./validation.ts";
import type { ApiError } from "./errors.ts";

Deno.test("a whole number is a JSON integer or a string of ASCII or Khmer digits", () => {
  const cases: [unknown, number | null][] = [
    [3, 3],
    ["3", 3],
    ["03", 3],
    ["៣", 3],
    ["១០", 10],
    ["1០", 10],
    [0, 0],
    ["0x3", null],
    [true, null],
    [false, null],
    ["1e1", null],
    [1.5, null],
    ["1.5", null],
    ["3.0", null],
    ["", null],
    [" 3", null],
    ["+3", null],
    ["-3", null],
    [-3, -3],
    [null, null],
    [undefined, null],
    [[3], null],
    [{}, null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
    ["٣", null], // Arabic-Indic digits are not Khmer digits
    ["99999999999999999999", null],
  ];
  for (const [input, expected] of cases)
    assert.deepStrictEqual(parseWholeNumber(input), expected, `${JSON.stringify(input)}`);
});

Deno.test("checkout quantity refuses hex, booleans, exponents and fractions naming quantity", () => {
  const order = {
    influencer_id: "00000000-0000-4000-8000-000000000001",
    product_id: "00000000-0000-4000-8000-000000000002",
    customer_phone: "012 345 678",
    delivery_district: "Tuol Kouk",
    delivery_commune: "Tuek L'ak Ti Muoy",
    recipient_name: "Sokha",
    address_line: "House 12, Street 271",
  };
  for (const quantity of ["0x3", true, "1e1", 1.5, "2.5", "", "-1", "+2", " 2", "0", 0, 11, "11", null]) {
    try {
      parseWith(checkoutOrderSchema, { ...order, quantity });
      throw new Error(`quantity ${JSON.stringify(quantity)} was accepted`);
    } catch (error) {
      const apiError = error as ApiError;
      assert.deepStrictEqual(
        [apiError.field, apiError.message],
        ["quantity", "Quantity must be a whole number from 1 to 10"],
        `quantity ${JSON.stringify(quantity)}`,
      );
    }
  }
  for (const [quantity, expected] of [
    [2, 2],
    ["2", 2],
    ["៣", 3],
    ["១០", 10],
  ] as const) {
    assert.deepStrictEqual(parseWith(checkoutOrderSchema, { ...order, quantity }).quantity, expected);
  }
});

Deno.test("the page size is read the same way", () => {
  assert.deepStrictEqual(parseWith(pageQuerySchema, {}).limit, 50);
  assert.deepStrictEqual(parseWith(pageQuerySchema, { limit: "20" }).limit, 20);
  assert.deepStrictEqual(parseWith(pageQuerySchema, { limit: "២០" }).limit, 20);
  for (const limit of ["0x10", "1e2", "", "-1", "0", "201", "true"]) {
    try {
      parseWith(pageQuerySchema, { limit });
      throw new Error(`limit ${limit} was accepted`);
    } catch (error) {
      assert.deepStrictEqual((error as ApiError).field, "limit", `limit ${limit}`);
    }
  }
});
