// The one-origin gateway serves the SPA as a production host would: text compressed with br or
// gzip, hashed assets cached for a year, no public source maps, and a real robots.txt.
import { request } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { login } from "../helpers/api.ts";
import { seedAdmin, stackUrl } from "../helpers/stack.ts";

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET that does not decode the body, so the bytes on the wire can be measured. The path goes out exactly as written. */
function rawGet(path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const { hostname, port } = new URL(stackUrl());
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

async function landingScripts(): Promise<string[]> {
  const html = (await rawGet("/")).body.toString("utf8");
  const scripts = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((match) => match[1]);
  expect(scripts.length).toBeGreaterThan(0);
  return scripts;
}

describe("static assets", () => {
  it("sends the landing page's JavaScript with br when the browser accepts it, identical once decoded", async () => {
    const [script] = await landingScripts();
    const plain = await rawGet(script, { "accept-encoding": "identity" });
    const br = await rawGet(script, { "accept-encoding": "gzip, deflate, br" });

    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toBe("accept-encoding");
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
  });

  it("falls back to gzip, and to no encoding when the browser refuses both", async () => {
    const [script] = await landingScripts();
    const plain = await rawGet(script);
    const gzip = await rawGet(script, { "accept-encoding": "gzip" });
    const refused = await rawGet(script, { "accept-encoding": "br;q=0, gzip;q=0" });

    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(refused.headers["content-encoding"]).toBeUndefined();
  });

  it("caches hashed assets for a year and revalidates the HTML", async () => {
    const [script] = await landingScripts();
    expect((await rawGet(script)).headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await rawGet("/")).headers["cache-control"]).toBe("no-cache");
    expect((await rawGet("/business/dashboard")).headers["cache-control"]).toBe("no-cache");
  });

  it("serves no source maps and the scripts point to none", async () => {
    const [script] = await landingScripts();
    const body = (await rawGet(script)).body.toString("utf8");
    expect(body).not.toContain("sourceMappingURL");
    expect((await rawGet(`${script}.map`)).status).toBe(404);
  });

  it("answers a missing file with 404, not the app's HTML, while client routes still get the app", async () => {
    const missing = await rawGet("/sitemap.xml");
    expect(missing.status).toBe(404);
    const route = await rawGet("/influencer/dashboard");
    expect(route.status).toBe(200);
    expect(route.headers["content-type"]).toBe("text/html; charset=utf-8");
  });
});

describe("bad requests and security headers", () => {
  it("answers a malformed URL with 400 and keeps serving", async () => {
    const bad = await rawGet("/%E0%A4%A");
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body.toString("utf8"))).toEqual({
      error: "bad_path",
      message: "The address is not a valid URL",
    });
    expect((await rawGet("/")).status).toBe(200);
  });

  it("sends the app's pages with a content security policy, nosniff, a referrer policy and no framing", async () => {
    for (const path of ["/", "/checkout?influencer_id=x&product_id=y", "/robots.txt"]) {
      const { headers } = await rawGet(path);
      expect(headers["content-security-policy"]).toContain("default-src 'self'");
      expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
      expect(headers["content-security-policy"]).toContain("script-src 'self';");
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["x-frame-options"]).toBe("DENY");
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    }
  });
});

describe("robots.txt", () => {
  it("is a text file that keeps crawlers out of dashboards, checkout links and the API", async () => {
    const robots = await rawGet("/robots.txt");
    expect(robots.status).toBe(200);
    expect(robots.headers["content-type"]).toBe("text/plain; charset=utf-8");
    const text = robots.body.toString("utf8");
    expect(text).toMatch(/^User-agent: \*$/m);
    for (const path of ["/admin/", "/business/", "/influencer/", "/checkout", "/functions/"]) {
      expect(text).toMatch(new RegExp(`^Disallow: ${path}$`, "m"));
    }
    // Link-preview crawlers that honour robots.txt (Twitterbot) must reach the short links.
    expect(text).not.toMatch(/^Disallow: \/r\/?$/m);
  });
});

describe("short links", () => {
  it("forwards /r/<code> to the function's short links, with the query, and leaves /r itself to the app", async () => {
    const unknown = await rawGet("/r/Zz9Zz9Z?s=qr", { "user-agent": "facebookexternalhit/1.1" });
    expect(unknown.status).toBe(404);
    expect(unknown.headers["content-type"]).toMatch(/^text\/html/i);
    expect(unknown.body.toString("utf8")).toContain("This link is not valid");
    const app = await rawGet("/r");
    expect(app.status).toBe(200);
    expect(app.body.toString("utf8")).not.toContain("This link is not valid");
  });
});

describe("API responses", () => {
  it("compresses a large JSON answer of the function and leaves a small one alone", async () => {
    const { token } = await login(seedAdmin.email, seedAdmin.password);
    const auth = { authorization: `Bearer ${token}` };
    const large = await rawGet("/functions/v1/api/admin/users", { ...auth, "accept-encoding": "br" });
    expect(large.status).toBe(200);
    expect(large.headers["content-encoding"]).toBe("br");
    const plain = await rawGet("/functions/v1/api/admin/users", auth);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(JSON.parse(brotliDecompressSync(large.body).toString("utf8"))).toEqual(
      JSON.parse(plain.body.toString("utf8")),
    );

    const small = await rawGet("/functions/v1/api/no-such-path", { "accept-encoding": "br" });
    expect(small.status).toBe(404);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(small.body.toString("utf8")).error).toBe("not_found");
  });
});
