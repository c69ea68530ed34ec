// Cambodia's entry of libphonenumber-js's metadata (metadata.min.json), the only country the
// marketplace takes numbers from: a few hundred bytes instead of the whole world's 83 KB on every
// page. tests/tooling/phone-metadata.test.ts fails when the installed package's entry differs.
import type { MetadataJson } from "libphonenumber-js/core";

export const cambodiaPhoneMetadata: MetadataJson = {
  version: 4,
  country_calling_codes: { "855": ["KH"] },
  countries: {
    KH: [
      "855",
      "00[14-9]",
      "1\\d{9}|[1-9]\\d{7,8}",
      [8, 9, 10],
      [
        ["(\\d{2})(\\d{3})(\\d{3,4})", "$1 $2 $3", ["[1-9]"], "0$1"],
        ["(\\d{4})(\\d{3})(\\d{3})", "$1 $2 $3", ["1"]],
      ],
      "0",
    ],
  },
  nonGeographic: {},
};
