// What people type on a phone: numbers on a Khmer keyboard are read as the same numbers in ASCII,
// and a page address without its scheme gets https://.
import assert from "node:assert/strict";
import { businessRegistrationSchema, profileUpdateSchema } from "./contract/auth.ts";
import { asciiDigits } from "./contract/khmer-digits.ts";
import { dollarsToCents } from "./contract/money.ts";
import { parseOrderSearch } from "./contract/orders.ts";
import { normaliseCambodianPhone } from "./contract/phone.ts";
import { parseWholeNumber } from "./contract/whole-number.ts";

Deno.test("Khmer digits are their ASCII digits; other text stays", () => {
  assert.equal(asciiDigits("០១២៣៤៥៦៧៨៩"), "0123456789");
  assert.equal(asciiDigits("SL-០០៤២១៣ abc ១"), "SL-004213 abc 1");
});

Deno.test("a phone, a quantity, a price, an order number and an account number typed in Khmer digits", () => {
  assert.equal(normaliseCambodianPhone("០១២ ៣៤៥ ៦៧៨"), "+85512345678");
  assert.equal(normaliseCambodianPhone("+៨៥៥ ១២ ៣៤៥ ៦៧៨"), "+85512345678");
  assert.equal(parseWholeNumber("៣"), 3);
  assert.equal(dollarsToCents("១២.៥"), 1250);
  assert.deepEqual(parseOrderSearch("SL-០០៤២១៣"), { order_number: "SL-004213", phone_digits: null });
  assert.equal(profileUpdateSchema.parse({ account_number: " ០០០ ១២៣ ៤៥៦ " }).account_number, "000 123 456");
  assert.equal(profileUpdateSchema.safeParse({ account_number: "០០០-x" }).success, false);
});

Deno.test("a shop's page typed without https:// gets it", () => {
  const form = { business_name: "Sreymom Silk", email: "a@b.kh", password: "Passw0rd!", store_phone: "012 345 678" };
  const parsed = (page: string) => businessRegistrationSchema.safeParse({ ...form, social_media_page: page });
  assert.equal(parsed("facebook.com/sreymomsilk").data?.social_media_page, "https://facebook.com/sreymomsilk");
  assert.equal(parsed(" www.instagram.com/sreymom ").data?.social_media_page, "https://www.instagram.com/sreymom");
  assert.equal(parsed("http://facebook.com/x").data?.social_media_page, "http://facebook.com/x");
  assert.deepEqual(
    parsed("sreymomsilk").error?.issues.map((issue) => issue.message),
    ["Social media page URL must be a valid http(s) URL"],
  );
  assert.equal(parsed("ftp://facebook.com/x").success, false);
});
