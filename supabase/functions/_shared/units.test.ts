// Pure logic of the function's shared modules.
import assert from "node:assert/strict";
import { formatCambodianPhone, normaliseCambodianPhone } from "./contract/phone.ts";
import { businessRegistrationSchema, influencerRegistrationSchema, profileUpdateSchema } from "./contract/auth.ts";
import { parseWith } from "./validation.ts";
import type { z } from "zod";
import { ApiError, toApiError } from "./errors.ts";
import { controlCharacterField } from "./input-bounds.ts";

Deno.test("Cambodian phone numbers are normalised to +855", () => {
  assert.deepStrictEqual(normaliseCambodianPhone("012 345 678"), "+85512345678");
  assert.deepStrictEqual(normaliseCambodianPhone("+855 12 345 678"), "+85512345678");
  assert.deepStrictEqual(normaliseCambodianPhone("097-123-4567"), "+855971234567");
  assert.deepStrictEqual(normaliseCambodianPhone("(855) 10 222 333"), "+85510222333");
  assert.deepStrictEqual(normaliseCambodianPhone("12345"), null);
  assert.deepStrictEqual(normaliseCambodianPhone("+66 812345678"), null);
  assert.deepStrictEqual(normaliseCambodianPhone("0012345678"), null);
  assert.deepStrictEqual(normaliseCambodianPhone("00855 12 345 678"), "+85512345678");
});

Deno.test("registration schemas name the field that is wrong", () => {
  const bad = (input: unknown, schema: z.ZodType = businessRegistrationSchema) => {
    try {
      parseWith(schema, input);
    } catch (error) {
      return error as ApiError;
    }
    throw new Error("expected a validation error");
  };
  const valid = {
    email: "Shop@Example.com",
    password: "longenough",
    social_media_page: "https://facebook.com/shop",
    store_phone: "012 345 678",
  };
  assert.deepStrictEqual(parseWith(businessRegistrationSchema, valid).email, "shop@example.com");
  assert.deepStrictEqual(bad({ ...valid, email: "nope" }).field, "email");
  assert.deepStrictEqual(bad({ ...valid, password: "short" }).message, "Password must be at least 8 characters");
  assert.deepStrictEqual(bad({ ...valid, social_media_page: "javascript:alert(1)" }).field, "social_media_page");
  assert.deepStrictEqual(bad({ ...valid, store_phone: "123" }).field, "store_phone");
  assert.deepStrictEqual(bad({ ...valid, store_phone: undefined }).message, "Store phone number is required");
  const influencer = parseWith(influencerRegistrationSchema, {
    full_name: " Dara ",
    email: "d@example.com",
    password: "longenough",
    platform: "Instagram",
    social_media_page: "@dara",
  });
  assert.deepStrictEqual(influencer.platform, "instagram");
  assert.deepStrictEqual(influencer.full_name, "Dara");
  // The original form's fullName and id_card_url are refused by name, before any other problem.
  const rest = { email: "d@example.com", password: "longenough", platform: "instagram", social_media_page: "@dara" };
  const refused = bad({ fullName: "Dara", ...rest }, influencerRegistrationSchema);
  assert.deepStrictEqual([refused.field, refused.message], ["fullName", "fullName is not a field you can set here"]);
  const idCard = bad({ full_name: "Dara", ...rest, id_card_url: "" }, influencerRegistrationSchema);
  assert.deepStrictEqual(
    [idCard.field, idCard.message],
    ["id_card_url", "id_card_url is not a field you can set here"],
  );
});

Deno.test("profile update refuses fields a user may not set", () => {
  try {
    parseWith(profileUpdateSchema, { status: "approved" });
    throw new Error("expected a validation error");
  } catch (error) {
    assert.deepStrictEqual((error as ApiError).field, "status");
  }
});

Deno.test("database errors map to statuses without leaking internals", () => {
  assert.deepStrictEqual(toApiError(Object.assign(new Error("dup"), { code: "23505" })).code, "conflict");
  assert.deepStrictEqual(
    toApiError(Object.assign(new Error("new row violates row-level security policy"), { code: "42501" })).message,
    "You are not allowed to do this",
  );
  // RAISE ... USING column = 'bank_details' names the field at fault.
  const named = toApiError(
    Object.assign(new Error("Please complete your bank details"), { code: "22023", column_name: "bank_details" }),
  );
  assert.deepStrictEqual(
    [named.code, named.field, named.message],
    ["invalid_input", "bank_details", "Please complete your bank details"],
  );
  assert.deepStrictEqual(toApiError(Object.assign(new Error("Quantity"), { code: "22023" })).field, undefined);
  const original = console.error;
  console.error = () => {};
  try {
    const internal = toApiError(new Error("connection string postgres://secret"));
    assert.deepStrictEqual(internal.code, "internal");
    assert.ok(!internal.message.includes("secret"));
  } finally {
    console.error = original;
  }
});

Deno.test(
  "a connection lost mid-request or a deadlock answers 503 with Retry-After, a write on a closed socket (EBADF) included",
  () => {
    const original = console.error;
    console.error = () => {};
    try {
      for (const code of ["EBADF", "ECONNRESET", "EPIPE", "CONNECTION_CLOSED", "57P01", "40P01"]) {
        const lost = toApiError(Object.assign(new Error(`write ${code}`), { code }));
        assert.deepStrictEqual([code, lost.code, lost.headers["Retry-After"]], [code, "unavailable", "5"]);
      }
    } finally {
      console.error = original;
    }
  },
);

Deno.test("control characters: found by field path; tabs and line breaks are text", () => {
  assert.deepStrictEqual(controlCharacterField({ description: "Line one\nLine two\r\n\tindented" }), undefined);
  assert.deepStrictEqual(controlCharacterField({ full_name: "Dara\u0000Sok" }), "full_name");
  assert.deepStrictEqual(
    controlCharacterField({ images: ["https://a.example/1.png", "https://a.example/\u001b.png"] }),
    "images.1",
  );
  assert.deepStrictEqual(controlCharacterField({ nested: { ["bad\u0007key"]: "x" } }), "nested.bad\u0007key");
  assert.deepStrictEqual(controlCharacterField({ price: 12, active: true, note: null }), undefined);
});

Deno.test("Cambodian phone numbers are shown in the local form", () => {
  assert.deepStrictEqual(formatCambodianPhone("+85512345678"), "012 345 678");
  assert.deepStrictEqual(formatCambodianPhone("+855971234567"), "097 123 4567");
  assert.deepStrictEqual(formatCambodianPhone("+66812345678"), "+66812345678");
});
