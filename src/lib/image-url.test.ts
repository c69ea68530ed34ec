import { describe, expect, it } from "vitest";
import { displayImageUrl, isSocialMediaUrl } from "./image-url.ts";

describe("displayImageUrl", () => {
  it.each([[""], ["   "], [null], [undefined]])("%j -> placeholder", (url) => {
    expect(displayImageUrl(url)).toBeNull();
  });

  it.each([
    "https://www.facebook.com/photo/?fbid=123",
    "https://facebook.com/shop/posts/1",
    "https://m.facebook.com/story.php?id=1",
    "https://web.facebook.com/shop",
    "https://fb.me/abc",
    "https://www.instagram.com/p/Cxyz/",
    "https://instagram.com/shop",
    "https://www.tiktok.com/@shop/video/1",
    "https://vm.tiktok.com/ZMabc/",
    "www.instagram.com/p/abc",
  ])("a social share link %s -> placeholder", (url) => {
    expect(isSocialMediaUrl(url)).toBe(true);
    expect(displayImageUrl(url)).toBeNull();
  });

  it("does not take look-alike hosts for social media", () => {
    expect(isSocialMediaUrl("https://notfacebook.com/a.png")).toBe(false);
    expect(displayImageUrl("https://notfacebook.com/a.png")).toBe("https://notfacebook.com/a.png");
    expect(isSocialMediaUrl("https://cdn.example.com/instagram.com.png")).toBe(false);
  });

  it.each([
    ["https://imgur.com/AbC123x", "https://i.imgur.com/AbC123x.jpg"],
    ["http://imgur.com/AbC123x", "https://i.imgur.com/AbC123x.jpg"],
    ["https://www.imgur.com/AbC123x/", "https://i.imgur.com/AbC123x.jpg"],
    ["https://m.imgur.com/AbC123x", "https://i.imgur.com/AbC123x.jpg"],
    ["https://imgur.com/AbC123x.png", "https://i.imgur.com/AbC123x.jpg"],
    ["imgur.com/AbC123x", "https://i.imgur.com/AbC123x.jpg"],
  ])("an Imgur page %s -> the direct image %s", (url, direct) => {
    expect(displayImageUrl(url)).toBe(direct);
  });

  it("keeps direct Imgur images and other URLs as they are", () => {
    expect(displayImageUrl("https://i.imgur.com/AbC123x.png")).toBe("https://i.imgur.com/AbC123x.png");
    expect(displayImageUrl(" https://cdn.example.com/scarf.jpg ")).toBe("https://cdn.example.com/scarf.jpg");
    expect(displayImageUrl("http://127.0.0.1:5000/storage/v1/object/public/campaign-images/u/1.png")).toBe(
      "http://127.0.0.1:5000/storage/v1/object/public/campaign-images/u/1.png",
    );
    expect(displayImageUrl("https://imgur.com/a/album12")).toBe("https://imgur.com/a/album12");
  });

  it("refuses what cannot be an http(s) image", () => {
    expect(displayImageUrl("javascript:alert(1)")).toBeNull();
    expect(displayImageUrl("ftp://example.com/a.png")).toBeNull();
    expect(displayImageUrl("not a url at all")).toBeNull();
  });
});
