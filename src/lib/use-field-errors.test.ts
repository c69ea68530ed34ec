import { describe, expect, it } from "vitest";
import { z } from "zod";
import { inputForServerField, messagesFromSchema } from "./use-field-errors.ts";

const inputs = ["phone", "district", "quantity"] as const;
const aliases = { customer_phone: "phone", delivery_district: "district" } as const;

describe("inputForServerField", () => {
  it.each([
    ["quantity", "quantity"],
    ["customer_phone", "phone"],
    ["delivery_district", "district"],
    ["influencer_id", null],
    ["", null],
    [null, null],
    [undefined, null],
  ])("maps the server's %o to the input %o", (field, input) => {
    expect(inputForServerField(field, inputs, aliases)).toBe(input);
  });

  it("ignores an alias that points at no input of the form", () => {
    expect(inputForServerField("delivery_commune", ["phone"], { delivery_commune: "commune" } as never)).toBeNull();
  });
});

describe("messagesFromSchema", () => {
  const schema = z.object({
    customer_phone: z.string().min(9, "Phone number is too short").regex(/^0/, "Phone number must start with 0"),
    quantity: z.number().int("Quantity must be whole"),
    influencer_id: z.string().min(1, "influencer_id is required"),
  });

  it("gives each input the first message of its own issues, under the form's name for it", () => {
    const refused = schema.safeParse({ customer_phone: "12", quantity: 1.5, influencer_id: "" });
    expect(messagesFromSchema(refused.error!, inputs, aliases)).toEqual({
      phone: "Phone number is too short",
      quantity: "Quantity must be whole",
    });
  });
});
