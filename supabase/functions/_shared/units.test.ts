// Pure logic of the function's shared modules.
import { assertEquals, assert } from "./test-assert.ts";
import { formatCambodianPhone, normaliseCambodianPhone } from "./contract/phone.ts";
import { businessRegistrationSchema, influencerRegistrationSchema, profileUpdateSchema } from "./contract/auth.ts";
import { parseWith } from "./validation.ts";
import type { z } from "zod";
import { ApiError, toApiError } from "./errors.ts";
import { controlCharacterField } from "./input-bounds.ts";

Deno.test("Cambodian phone numbers are normalised to +855", () => {
  assertEquals(normaliseCambodianPhone("012 345 678"), "+85512345678");
  assertEquals(normaliseCambodianPhone("+855 12 345 678"), "+85512345678");
  assertEquals(normaliseCambodianPhone("097-123-4567"), "+855971234567");
  assertEquals(normaliseCambodianPhone("(855) 10 222 333"), "+85510222333");
  assertEquals(normaliseCambodianPhone("12345"), null);
  assertEquals(normaliseCambodianPhone("+66 812345678"), null);
  assertEquals(normaliseCambodianPhone("0012345678"), null);
  assertEquals(normaliseCambodianPhone("00855 12 345 678"), "+85512345678");
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
  assertEquals(parseWith(businessRegistrationSchema, valid).email, "shop@example.com");
  assertEquals(bad({ ...valid, email: "nope" }).field, "email");
  assertEquals(bad({ ...valid, password: "short" }).message, "Password must be at least 8 characters");
  assertEquals(bad({ ...valid, social_media_page: "javascript:alert(1)" }).field, "social_media_page");
  assertEquals(bad({ ...valid, store_phone: "123" }).field, "store_phone");
  assertEquals(bad({ ...valid, store_phone: undefined }).message, "Store phone number is required");
  const influencer = parseWith(influencerRegistrationSchema, {
    full_name: " Dara ",
    email: "d@example.com",
    password: "longenough",
    platform: "Instagram",
    social_media_page: "@dara",
  });
  assertEquals(influencer.platform, "instagram");
  assertEquals(influencer.full_name, "Dara");
  // The original form's fullName and id_card_url are refused by name, before any other problem.
  const rest = { email: "d@example.com", password: "longenough", platform: "instagram", social_media_page: "@dara" };
  const refused = bad({ fullName: "Dara", ...rest }, influencerRegistrationSchema);
  assertEquals([refused.field, refused.message], ["fullName", "fullName is not a field you can set here"]);
  const idCard = bad({ full_name: "Dara", ...rest, id_card_url: "" }, influencerRegistrationSchema);
  assertEquals([idCard.field, idCard.message], ["id_card_url", "id_card_url is not a field you can set here"]);
});

Deno.test("profile update refuses fields a user may not set", () => {
  try {
    parseWith(profileUpdateSchema, { status: "approved" });
    throw new Error("expected a validation error");
  } catch (error) {
    assertEquals((error as ApiError).field, "status");
  }
});

Deno.test("database errors map to statuses without leaking internals", () => {
  assertEquals(toApiError(Object.assign(new Error("dup"), { code: "23505" })).code, "conflict");
  assertEquals(
    toApiError(Object.assign(new Error("new row violates row-level security policy"), { code: "42501" })).message,
    "You are not allowed to do this",
  );
  // RAISE ... USING column = 'bank_details' names the field at fault.
  const named = toApiError(
    Object.assign(new Error("Please complete your bank details"), { code: "22023", column_name: "bank_details" }),
  );
  assertEquals(
    [named.code, named.field, named.message],
    ["invalid_input", "bank_details", "Please complete your bank details"],
  );
  assertEquals(toApiError(Object.assign(new Error("Quantity"), { code: "22023" })).field, undefined);
  const original = console.error;
  console.error = () => {};
  try {
    const internal = toApiError(new Error("connection string postgres://secret"));
    assertEquals(internal.code, "internal");
    assert(!internal.message.includes("secret"));
  } finally {
    console.error = original;
  }
});

Deno.test("control characters: found by field path; tabs and line breaks are text", () => {
  assertEquals(controlCharacterField({ description: "Line one\nLine two\r\n\tindented" }), undefined);
  assertEquals(controlCharacterField({ full_name: "Dara\u0000Sok" }), "full_name");
  assertEquals(
    controlCharacterField({ images: ["https://a.example/1.png", "https://a.example/\u001b.png"] }),
    "images.1",
  );
  assertEquals(controlCharacterField({ nested: { ["bad\u0007key"]: "x" } }), "nested.bad\u0007key");
  assertEquals(controlCharacterField({ price: 12, active: true, note: null }), undefined);
});

Deno.test("Cambodian phone numbers are shown in the local form", () => {
  assertEquals(formatCambodianPhone("+85512345678"), "012 345 678");
  assertEquals(formatCambodianPhone("+855971234567"), "097 123 4567");
  assertEquals(formatCambodianPhone("+66812345678"), "+66812345678");
});
