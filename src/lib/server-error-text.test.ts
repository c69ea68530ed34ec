import { afterEach, describe, expect, it } from "vitest";
import { loadServerMessages, setLocale } from "./i18n/index.ts";
import { translateServerError } from "./server-error-text.ts";

afterEach(() => setLocale("en"));

describe("translateServerError", () => {
  it("keeps the server's English as it came", () => {
    expect(translateServerError("conflict", "Sokha Style is already connected to another influencer's account")).toBe(
      "Sokha Style is already connected to another influencer's account",
    );
    expect(translateServerError("invalid_input", "Facebook refused the connection: Invalid verification code")).toBe(
      "Facebook refused the connection: Invalid verification code",
    );
  });

  it("translates a sentence with a value in it, keeping the value as written", async () => {
    await loadServerMessages();
    await setLocale("km");
    expect(translateServerError("conflict", "Sokha Style is already connected to another influencer's account")).toBe(
      "Sokha Style ត្រូវបានភ្ជាប់ជាមួយគណនីរបស់អ្នកផ្សព្វផ្សាយម្នាក់ទៀតរួចហើយ។",
    );
    expect(translateServerError("conflict", "@sokha.style is already connected to another influencer's account")).toBe(
      "@sokha.style ត្រូវបានភ្ជាប់ជាមួយគណនីរបស់អ្នកផ្សព្វផ្សាយម្នាក់ទៀតរួចហើយ។",
    );
    expect(translateServerError("invalid_input", "Facebook refused the connection: Invalid verification code")).toBe(
      "Facebook បានបដិសេធការភ្ជាប់៖ Invalid verification code",
    );
    expect(translateServerError("invalid_input", "Choosing a Page took too long. Connect Facebook again.")).toBe(
      "ការជ្រើសរើសទំព័រយូរពេក។ សូមភ្ជាប់ Facebook ម្ដងទៀត។",
    );
  });
});
