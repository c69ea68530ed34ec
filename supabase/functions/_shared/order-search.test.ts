// The admin's order search reads an order number past SL-999999 as the number it is (issue 22,
// item 11): the database numbers the millionth order SL-1000000, and the search must find it.
import assert from "node:assert/strict";
import { parseOrderSearch } from "./contract/orders.ts";

Deno.test("an order number is read with six digits up to SL-999999 and every digit after", () => {
  const cases: [string, string | null][] = [
    ["SL-004213", "SL-004213"],
    ["sl4213", "SL-004213"],
    ["SL-999999", "SL-999999"],
    ["SL-1000000", "SL-1000000"],
    ["sl 1000001", "SL-1000001"],
    ["SL-999999999", "SL-999999999"],
  ];
  for (const [text, number] of cases) {
    assert.deepStrictEqual(parseOrderSearch(text)?.order_number, number, text);
  }
});

Deno.test("seven digits name both an order number and a run of the phone", () => {
  assert.deepStrictEqual(parseOrderSearch("1000000"), { order_number: "SL-1000000", phone_digits: "1000000" });
});
