import { describe, expect, it } from "vitest";
import { LOCAL_DEV_PUBLISHABLE_KEY, parseEnv } from "./env.ts";

describe("parseEnv", () => {
  it("uses this origin and the local publishable key when nothing is set", () => {
    expect(parseEnv({ VITE_SUPABASE_URL: "" }, "http://127.0.0.1:54321")).toEqual({
      supabaseUrl: "http://127.0.0.1:54321",
      supabasePublishableKey: LOCAL_DEV_PUBLISHABLE_KEY,
      apiBaseUrl: "http://127.0.0.1:54321/functions/v1/api",
    });
  });

  it("takes a hosted project URL without its trailing slash", () => {
    expect(
      parseEnv(
        { VITE_SUPABASE_URL: "https://abc.supabase.co/", VITE_SUPABASE_PUBLISHABLE_KEY: "sb_publishable_abc" },
        "http://x",
      ).apiBaseUrl,
    ).toBe("https://abc.supabase.co/functions/v1/api");
  });

  it("refuses a URL that is not http(s)", () => {
    expect(() => parseEnv({ VITE_SUPABASE_URL: "ftp://x" }, "http://x")).toThrow(/VITE_SUPABASE_URL/);
  });

  it("refuses a secret key", () => {
    expect(() => parseEnv({ VITE_SUPABASE_PUBLISHABLE_KEY: "sb_secret_abc123" }, "http://x")).toThrow(/secret key/);
  });

  it("refuses the legacy JWT keys, anon and service_role alike", () => {
    for (const role of ["anon", "service_role"]) {
      const legacy = `x.${btoa(JSON.stringify({ role }))}.y`;
      expect(() => parseEnv({ VITE_SUPABASE_PUBLISHABLE_KEY: legacy }, "http://x")).toThrow(/publishable key/);
    }
  });

  it("takes a hosted project's publishable key", () => {
    expect(
      parseEnv({ VITE_SUPABASE_PUBLISHABLE_KEY: "sb_publishable_abc123" }, "http://x").supabasePublishableKey,
    ).toBe("sb_publishable_abc123");
  });
});
