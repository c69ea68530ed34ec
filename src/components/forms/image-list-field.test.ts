import { describe, expect, it } from "vitest";
import { withUploadedUrls } from "./image-list-field.tsx";

describe("withUploadedUrls", () => {
  it("fills empty rows first, then appends", () => {
    expect(withUploadedUrls(["https://a/1.jpg", " ", ""], ["u1", "u2", "u3"])).toEqual([
      "https://a/1.jpg",
      "u1",
      "u2",
      "u3",
    ]);
  });

  it("replaces the single empty row of a new form", () => {
    expect(withUploadedUrls([""], ["u1"])).toEqual(["u1"]);
  });
});
