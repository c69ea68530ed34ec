// KHQR: validation of a saved "Receive" code and the payable code made from it.
import assert from "node:assert/strict";
import { checkKhqr, formatTlv, khqrCrc, khqrTags, parseTlv, payableKhqr, setKhqrTags } from "./contract/khqr.ts";
import { profileUpdateSchema } from "./contract/auth.ts";
import { parseWith } from "./validation.ts";
import type { ApiError } from "./errors.ts";

// Published by the KHQR SDKs' documentation (bakong-khqr's PHP port, ts-khqr, a Java sample): codes
// real apps read, with checksums computed by those SDKs, not by this module.
const KNOWN_GOOD = {
  individualKhr:
    "00020101021229180014jonhsmith@nbcq52045999530311654035005802KH5910Jonh Smith6010PHNOM PENH993400131742250594187011317422506541846304EA38",
  chineseNames:
    "00020101021229420013ishinvin@devb01090123456780208Dev Bank5204599953031165405100005802KH5909Ishin Vin6010Phnom Penh62680114INV-2022-12-250211855123456780310Ishin Shop07060123450807Payment64180002ZH0102文山0202金边9917001316935559673876304AE27",
  khmerNames:
    "00020101021215311234567812345678ABCDEFGHIJKLMNO29460015john_smith@devb0111855122334550208Dev Bank52045999530311654031005802KH5910John Smith6010PHNOM PENH62670106#123450211855122334550311Coffee Shop0709Cashier_10810Buy coffee64280002km0108ចន ស្មីន0206ភ្នំពញ9934001317715760419770113177157664196163047A4C",
  abaMerchant:
    "00020101021230510016abaakhppxxx@abaa01151250212145328460208ABA Bank52045987530311654031005802KH5925OLD ME 25 CHAR WINNER IP26010Phnom Penh62570115MC-REF-KH-1500068340010PAYWAY@ABA0208104514230604A2279934001317598053453370113175980552533763049FBD",
};

/** A static "Receive" code shaped like ABA's personal one: ABA's Bakong id and the account in tag 29, tag 40. */
function abaReceiveCode() {
  const body =
    formatTlv([
      { tag: "00", value: "01" },
      { tag: "01", value: "11" },
      {
        tag: "29",
        value: formatTlv([
          { tag: "00", value: "abaakhppxxx@abaa" },
          { tag: "01", value: "000123456" },
          { tag: "02", value: "ABA Bank" },
        ]),
      },
      { tag: "40", value: formatTlv([{ tag: "00", value: "abaakhppxxx@abaa" }]) },
      { tag: "52", value: "5999" },
      { tag: "53", value: "116" },
      { tag: "58", value: "KH" },
      { tag: "59", value: "SOK DARA" },
      { tag: "60", value: "Phnom Penh" },
    ]) + "6304";
  return body + khqrCrc(body);
}

const payment = { amountCents: 123456, createdAtMs: 1795000000000, expiresAtMs: 1795086400000 };

Deno.test("known-good KHQRs from the SDKs verify, Khmer and Chinese names included", () => {
  for (const [name, code] of Object.entries(KNOWN_GOOD)) {
    const check = checkKhqr(code);
    assert(check.ok, `${name}: ${check.ok ? "" : check.message}`);
  }
  const check = checkKhqr(KNOWN_GOOD.individualKhr);
  assert(check.ok);
  assert.deepStrictEqual(check.account, { bakongAccountId: "jonhsmith@nbcq", name: "Jonh Smith" });
});

Deno.test("a KHQR is refused with a message naming what is wrong", () => {
  const wrong = (code: string) => {
    const check = checkKhqr(code);
    assert(!check.ok, `accepted ${code}`);
    return check.message;
  };
  const resign = (body: string) => body + khqrCrc(body);
  const good = KNOWN_GOOD.individualKhr;
  assert.deepStrictEqual(wrong("hello"), "KHQR is not a valid tag-length-value code (broken field at character 1)");
  assert.deepStrictEqual(
    wrong(good.slice(0, -10)),
    "KHQR is not a valid tag-length-value code (field 99 has a wrong length)",
  );
  assert.deepStrictEqual(
    wrong(good.slice(0, -1) + "9"),
    "KHQR checksum (tag 63) does not match: the code is incomplete or mistyped",
  );
  assert.deepStrictEqual(wrong(good.slice(0, -8)), "KHQR must end with a 4-digit checksum (tag 63)");
  assert.deepStrictEqual(
    wrong(resign("000202" + good.slice(6, -4))),
    "KHQR must start with payload format 01 (tag 00)",
  );
  assert.deepStrictEqual(
    wrong(resign(good.slice(0, -4).replace("5802KH", "5802TH"))),
    "KHQR must be a Cambodian code (country KH, tag 58)",
  );
  assert.deepStrictEqual(
    wrong(resign(good.slice(0, -4).replace("29180014jonhsmith@nbcq", "29180014jonhsmith-nbcq"))),
    "KHQR has no Bakong account (name@bank in tag 29 or 30)",
  );
  assert.deepStrictEqual(wrong("   "), "KHQR is empty");
  assert.deepStrictEqual(wrong("0".repeat(600)), "KHQR is too long (at most 512 characters)");
});

Deno.test("the payable KHQR is dynamic, in USD, with the amount, an expiry and a checksum that verifies", () => {
  const payable = payableKhqr(KNOWN_GOOD.individualKhr, payment);
  assert(checkKhqr(payable).ok, "the payable code verifies");
  assert.deepStrictEqual(payable.slice(-4), khqrCrc(payable.slice(0, -4)));
  const tags = khqrTags(payable);
  assert.deepStrictEqual(tags["01"], "12");
  assert.deepStrictEqual(tags["53"], "840");
  assert.deepStrictEqual(tags["54"], "1234.56");
  assert.deepStrictEqual(khqrTags(tags["99"]), { "00": "1795000000000", "01": "1795086400000" });
  // The account, name and city are the saved code's.
  assert.deepStrictEqual(tags["29"], "0014jonhsmith@nbcq");
  assert.deepStrictEqual(tags["59"], "Jonh Smith");
  assert.deepStrictEqual(tags["60"], "PHNOM PENH");
  assert.deepStrictEqual(
    (parseTlv(payable) as { tag: string }[]).map((field) => field.tag),
    ["00", "01", "29", "52", "53", "54", "58", "59", "60", "99", "63"],
  );
});

Deno.test("a static ABA Receive code keeps its account and proprietary tag 40 when made payable", () => {
  const saved = abaReceiveCode();
  assert(checkKhqr(saved).ok);
  const payable = payableKhqr(saved, { ...payment, amountCents: 500 });
  const before = khqrTags(saved);
  const after = khqrTags(payable);
  assert.deepStrictEqual(after["29"], before["29"]);
  assert.deepStrictEqual(after["40"], before["40"]);
  assert.deepStrictEqual(after["01"], "12");
  assert.deepStrictEqual(after["53"], "840");
  assert.deepStrictEqual(after["54"], "5.00");
  assert(checkKhqr(payable).ok);
  // Made payable twice (the request read again later), it is the same code for the same moment.
  assert.deepStrictEqual(payableKhqr(payable, { ...payment, amountCents: 500 }), payable);
});

Deno.test("the profile schema takes a valid KHQR, clears with empty or null, and names khqr when refused", () => {
  assert.deepStrictEqual(parseWith(profileUpdateSchema, { khqr: ` ${KNOWN_GOOD.individualKhr} ` }), {
    khqr: KNOWN_GOOD.individualKhr,
  });
  assert.deepStrictEqual(parseWith(profileUpdateSchema, { khqr: "" }), { khqr: "" });
  assert.deepStrictEqual(parseWith(profileUpdateSchema, { khqr: null }), { khqr: null });
  try {
    parseWith(profileUpdateSchema, { khqr: KNOWN_GOOD.individualKhr.slice(0, -1) + "0" });
    throw new Error("accepted");
  } catch (error) {
    assert.deepStrictEqual((error as ApiError).field, "khqr");
    assert.deepStrictEqual(
      (error as ApiError).message,
      "KHQR checksum (tag 63) does not match: the code is incomplete or mistyped",
    );
  }
});

/** The good code with `extra` inserted after `after`, signed again so only the repeat is wrong. */
function withExtra(after: string, extra: string) {
  const body = KNOWN_GOOD.individualKhr.slice(0, -8).replace(after, after + extra) + "6304";
  return body + khqrCrc(body);
}

/** How many times each top-level tag occurs. */
function tagCounts(code: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { tag } of parseTlv(code) as { tag: string }[]) counts[tag] = (counts[tag] ?? 0) + 1;
  return counts;
}

Deno.test("a KHQR that repeats a top-level tag is refused, whatever the tag, checksum matching", () => {
  const cases: [string, string, string][] = [
    ["two amounts", withExtra("5403500", "54079999.99"), "KHQR repeats tag 54: a code carries each field once"],
    ["two currencies", withExtra("5303116", "5303840"), "KHQR repeats tag 53: a code carries each field once"],
    [
      "two individual accounts",
      withExtra("0014jonhsmith@nbcq", "29170013attacker@nbcq"),
      "KHQR repeats tag 29: a code carries each field once",
    ],
    [
      "an individual and a merchant account",
      withExtra("0014jonhsmith@nbcq", "30170013attacker@nbcq"),
      "KHQR carries two accounts (tags 29 and 30): a code pays one account",
    ],
  ];
  for (const [name, code, message] of cases) {
    assert.deepStrictEqual(code.slice(-4), khqrCrc(code.slice(0, -4)), `${name}: signed`);
    assert.deepStrictEqual(checkKhqr(code), { ok: false, message }, name);
    try {
      parseWith(profileUpdateSchema, { khqr: code });
      throw new Error(`${name}: accepted`);
    } catch (error) {
      assert.deepStrictEqual((error as ApiError).field, "khqr", name);
      assert.deepStrictEqual((error as ApiError).message, message, name);
    }
    let thrown = "";
    try {
      payableKhqr(code, payment);
    } catch (error) {
      thrown = (error as Error).message;
    }
    assert.deepStrictEqual(thrown, message, `${name}: no payable code is made from it`);
  }
});

Deno.test("a payable KHQR decodes to exactly one amount, one currency and one account", () => {
  for (const saved of [KNOWN_GOOD.individualKhr, KNOWN_GOOD.abaMerchant, KNOWN_GOOD.khmerNames, abaReceiveCode()]) {
    const payable = payableKhqr(saved, payment);
    const counts = tagCounts(payable);
    assert.deepStrictEqual([counts["54"], counts["53"], counts["01"], counts["99"], counts["63"]], [1, 1, 1, 1, 1]);
    assert.deepStrictEqual((counts["29"] ?? 0) + (counts["30"] ?? 0), 1, "one account");
    assert(
      Object.values(counts).every((count) => count === 1),
      `each tag once in ${payable}`,
    );
    assert.deepStrictEqual(khqrTags(payable)["54"], "1234.56");
  }
});

Deno.test("setting a tag removes every copy of it, not only the first", () => {
  const fields = [
    { tag: "00", value: "01" },
    { tag: "53", value: "116" },
    { tag: "54", value: "1.00" },
    { tag: "54", value: "9999.99" },
    { tag: "58", value: "KH" },
    { tag: "53", value: "840" },
  ];
  assert.deepStrictEqual(
    setKhqrTags(fields, [
      { tag: "53", value: "840" },
      { tag: "54", value: "61.20" },
      { tag: "99", value: "x" },
    ]),
    [
      { tag: "00", value: "01" },
      { tag: "53", value: "840" },
      { tag: "54", value: "61.20" },
      { tag: "58", value: "KH" },
      { tag: "99", value: "x" },
    ],
  );
});
