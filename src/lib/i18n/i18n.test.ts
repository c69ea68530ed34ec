import { afterEach, describe, expect, it } from "vitest";
import { getLocale, loadServerMessages, setLocale, t, tServer } from "./index.ts";
import { initialLocale } from "./locale.ts";

afterEach(async () => {
  await setLocale("en");
  window.localStorage.clear();
  window.history.replaceState(null, "", "/");
});

describe("t", () => {
  it("gives the English text by id, with its parameters filled", () => {
    expect(t("errors.timeout")).toBe("Request timeout. Please check your connection and try again.");
    expect(t("common.showing", { shown: 5, total: 12 })).toBe("Showing 5 of 12");
  });

  it("switches to Khmer, sets <html lang> and remembers the choice", async () => {
    await setLocale("km");
    expect(getLocale()).toBe("km");
    expect(t("nav.login")).toMatch(/[\u1780-\u17FF]/);
    expect(document.documentElement.lang).toBe("km");
    expect(window.localStorage.getItem("lang")).toBe("km");
  });
});

describe("tServer", () => {
  it("translates a server text once its catalog has loaded", async () => {
    await setLocale("km");
    expect(tServer("Order placed successfully!")).toBe("Order placed successfully!");
    await loadServerMessages();
    expect(tServer("Order placed successfully!")).toMatch(/[\u1780-\u17FF]/);
    await setLocale("en");
    expect(tServer("Order placed successfully!")).toBe("Order placed successfully!");
  });

  // The catalog is ICU: a placeholder the server names, such as {link}, is quoted in the Khmer
  // ('{link}') or it would render as an empty parameter.
  it("keeps the literal {link} of a server text in Khmer", async () => {
    await setLocale("km");
    await loadServerMessages();
    expect(tServer("dm_template_text must contain {link}")).toMatch(/^[\u1780-\u17FF].*\{link\}/);
    await setLocale("en");
  });

  it("keeps a server text the catalog does not know", async () => {
    await setLocale("km");
    expect(tServer("Something nobody translated")).toBe("Something nobody translated");
  });
});

describe("initialLocale", () => {
  it("follows ?lang= first and remembers it", () => {
    window.localStorage.setItem("lang", "en");
    window.history.replaceState(null, "", "/checkout?lang=km");
    expect(initialLocale()).toBe("km");
    expect(window.localStorage.getItem("lang")).toBe("km");
  });

  it("then the remembered choice, then the browser's language", () => {
    expect(initialLocale()).toBe("en"); // the test DOM's browser speaks en-US
    window.localStorage.setItem("lang", "km");
    expect(initialLocale()).toBe("km");
  });

  it("ignores an unknown ?lang=", () => {
    window.history.replaceState(null, "", "/?lang=fr");
    expect(initialLocale()).toBe("en");
  });
});
