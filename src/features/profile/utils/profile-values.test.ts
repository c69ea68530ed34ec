import { describe, expect, it } from "vitest";
import { makeUser } from "@/testing/fixtures/users.ts";
import { changedFields, editableFields, mergeNewer, valuesFrom, type ProfileValues } from "./profile-values.ts";

const values = (extra: Partial<ProfileValues> = {}): ProfileValues => ({
  business_name: "",
  business_logo_url: "",
  bank_name: "ABA Bank",
  account_name: "Sokha",
  account_number: "000123",
  khqr: "",
  phone: "",
  ...extra,
});

describe("profile values", () => {
  it("reads missing account values as empty strings", () => {
    expect(valuesFrom(makeUser({ user_type: "influencer", bank_name: null }))).toEqual({
      business_name: "",
      business_logo_url: "",
      bank_name: "",
      account_name: "",
      account_number: "",
      khqr: "",
      phone: "",
    });
  });

  it("shows an influencer's stored phone as it is written in Cambodia", () => {
    expect(valuesFrom(makeUser({ user_type: "influencer", phone: "+85512345678" })).phone).toBe("012 345 678");
  });

  it("lets a business edit its shop name, logo, bank details and KHQR, and an influencer their phone, bank details and KHQR", () => {
    expect(editableFields("business")).toEqual([
      "business_name",
      "business_logo_url",
      "bank_name",
      "account_name",
      "account_number",
      "khqr",
    ]);
    expect(editableFields("influencer")).toEqual(["phone", "bank_name", "account_name", "account_number", "khqr"]);
  });

  it.each([
    ["nothing", values(), {}],
    ["only whitespace", values({ bank_name: " ABA Bank  " }), {}],
    ["a new value, trimmed", values({ bank_name: " Wing " }), { bank_name: "Wing" }],
    ["a cleared value", values({ account_number: "  " }), { account_number: "" }],
    ["a pasted KHQR, trimmed", values({ khqr: " 000201...\n" }), { khqr: "000201..." }],
    ["a logo of an influencer (never sent)", values({ business_logo_url: "https://x.test/a.png" }), {}],
  ])("finds the changes: %s", (_name, edited, expected) => {
    expect(changedFields(edited, values(), editableFields("influencer"))).toEqual(expected);
  });

  it("takes newer values only for the fields not edited", () => {
    const previous = values();
    const current = values({ account_name: "My edit" });
    const newer = values({ bank_name: "ACLEDA", account_name: "Server" });
    expect(mergeNewer(current, previous, newer)).toEqual(values({ bank_name: "ACLEDA", account_name: "My edit" }));
  });
});
