// The contract carries Cambodia's phone metadata by itself (phone-metadata-kh.ts) so pages do not
// ship the whole world's; it must stay what the installed libphonenumber-js says.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { cambodiaPhoneMetadata } from "../../supabase/functions/_shared/contract/phone-metadata-kh.ts";

const require = createRequire(import.meta.url);

describe("Cambodia's phone metadata", () => {
  it("is the installed libphonenumber-js entry for KH (+855)", () => {
    const world = JSON.parse(readFileSync(require.resolve("libphonenumber-js/metadata.min.json"), "utf8"));
    expect(cambodiaPhoneMetadata).toEqual({
      version: world.version,
      country_calling_codes: { "855": world.country_calling_codes["855"] },
      countries: { KH: world.countries.KH },
      nonGeographic: {},
    });
  });
});
