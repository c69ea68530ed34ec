import { afterEach, describe, expect, it } from "vitest";
import { getLocale, registerMessages, setLocale, t, tServer, type MessageKey } from "./index.ts";

afterEach(() => setLocale("en"));

describe("t", () => {
  it("gives the English text by id", () => {
    expect(t("errors.timeout")).toBe("Request timeout. Please check your connection and try again.");
    expect(t("business.campaigns.disabled")).toBe("Campaign creation is disabled until your account is approved.");
  });

  it("fills parameters", () => {
    expect(t("login.failed", { message: "Invalid email or password" })).toBe("Login failed: Invalid email or password");
    expect(t("admin.users.failed", { status: "rejected" })).toBe("Failed to rejected user. Please try again.");
    expect(t("admin.title", { version: "1.0" })).toBe("Admin Dashboard v1.0");
  });

  it("leaves a placeholder without a parameter as it is", () => {
    expect(t("login.failed")).toBe("Login failed: {message}");
  });

  it("falls back to English for a text missing in Khmer", () => {
    registerMessages("km", { "nav.login": "ចូល" });
    setLocale("km");
    expect(getLocale()).toBe("km");
    expect(t("nav.login")).toBe("ចូល");
    expect(t("nav.getStarted")).toBe("Get Started");
  });

  it("falls back to the id for an unknown id", () => {
    expect(t("no.such.message" as MessageKey)).toBe("no.such.message");
  });
});

describe("tServer", () => {
  it("keeps a server message without a translation and translates one that has", () => {
    registerMessages("km", {}, { "Invalid email or password": "អ៊ីមែល ឬពាក្យសម្ងាត់មិនត្រឹមត្រូវ" });
    expect(tServer("Invalid email or password")).toBe("Invalid email or password");
    setLocale("km");
    expect(tServer("Invalid email or password")).toBe("អ៊ីមែល ឬពាក្យសម្ងាត់មិនត្រឹមត្រូវ");
    expect(tServer("Something else")).toBe("Something else");
  });
});
