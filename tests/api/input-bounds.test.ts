// Bounded input, as an attacker would send it: oversized JSON bodies (declared or streamed),
// over-long passwords, control characters in fields, paths and queries, and a token that never
// expires. Each is refused with a clear message before any work is done.
import { Agent, request } from "node:http";
import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import { api, businessRegistration, influencerRegistration } from "../helpers/api.ts";
import { business } from "../helpers/accounts.ts";
import { stackUrl, uniqueEmail } from "../helpers/stack.ts";
import { signLocal } from "../helpers/tokens.ts";

const KHMER_25 = "ពាក្យសម្ងាត់របស់ខ្ញុំគឺវែងណាស់ណា".slice(0, 25); // 25 letters, 75 bytes in UTF-8

describe("JSON bodies", () => {
  it("refuses a body over 64 KB from its declared length with 413", async () => {
    const password = "x".repeat(100 * 1024);
    const res = await api("POST", "/auth/login", { body: { email: "someone@example.com", password } });
    expect(res).toMatchObject({
      status: 413,
      body: { error: "payload_too_large", message: "The request body must be at most 64 KB" },
    });
  });

  it("refuses a streamed body without a length once it passes 64 KB", async () => {
    // Chunked, so no length is declared; its own connection, which ends with the refusal.
    const { hostname, port } = new URL(stackUrl());
    const chunk = `"${"y".repeat(16 * 1024)}",`;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        {
          hostname,
          port,
          path: "/functions/v1/api/auth/login",
          method: "POST",
          headers: { "content-type": "application/json", "transfer-encoding": "chunked" },
          agent: new Agent({ keepAlive: false }),
        },
        (res) => {
          answered = true;
          let body = "";
          res.on("data", (data) => (body += data));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      let answered = false;
      // Once the refusal is in, the server may stop reading the rest: only an error before it counts.
      req.on("error", (error) => answered || reject(error));
      req.write(`{"email":"a@b.co","password":"x","padding":[`);
      for (let i = 0; i < 64; i++) req.write(chunk);
      req.end(`""]}`);
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error).toBe("payload_too_large");
  });

  it("still takes an ordinary body", async () => {
    const res = await api("POST", "/auth/login", {
      body: { email: "nobody-here@example.com", password: "wrong-password" },
    });
    expect(res.status).toBe(401);
  });
});

describe("passwords", () => {
  it("refuses more than 72 bytes at sign-up, counting bytes, not letters", async () => {
    expect(new TextEncoder().encode(KHMER_25).length).toBe(75);
    const res = await api("POST", "/auth/register/business", {
      body: { ...businessRegistration(uniqueEmail("khmer")), password: KHMER_25 },
    });
    expect(res).toMatchObject({ status: 400, body: { error: "invalid_input", field: "password" } });
    expect(res.body.message).toMatch(/at most 72 bytes/);
  });

  it("refuses more than 72 bytes at sign-in, before checking anything", async () => {
    const res = await api("POST", "/auth/login", { body: { email: "someone@example.com", password: "p".repeat(73) } });
    expect(res).toMatchObject({ status: 400, body: { field: "password" } });
  });
});

describe("control characters", () => {
  it("refuses a NUL in a text field with 400 naming it", async () => {
    const res = await api("POST", "/auth/register/influencer", {
      body: { ...influencerRegistration(uniqueEmail("nul")), full_name: "Dara\u0000Sok" },
    });
    expect(res).toMatchObject({
      status: 400,
      body: { error: "invalid_input", field: "full_name", message: "full_name must not contain control characters" },
    });
  });

  it("refuses a NUL in a path or a query value with 400 naming it", async () => {
    expect(await api("GET", "/delivery-zones/communes/Doun%00Penh")).toMatchObject({
      status: 400,
      body: { field: "path", message: "The path must not contain control characters" },
    });
    expect(await api("GET", "/checkout/info?influencer_id=%00&product_id=x")).toMatchObject({
      status: 400,
      body: { field: "influencer_id" },
    });
  });
});

describe("tokens", () => {
  it("refuses a validly signed token without exp", async () => {
    const shop = await business();
    const forever = await signLocal(
      { sub: shop.user.id, role: "authenticated", aud: "authenticated" },
      { expiresIn: null },
    );
    expect(await api("GET", "/auth/me", { token: forever })).toMatchObject({ status: 401 });
    const expiring = await signLocal({
      sub: shop.user.id,
      role: "authenticated",
      aud: "authenticated",
      session_id: decodeJwt(shop.token).session_id,
    });
    expect((await api("GET", "/auth/me", { token: expiring })).status).toBe(200);
  });
});

describe("security headers of the API", () => {
  it("marks every answer as not to be sniffed, framed or run, errors included", async () => {
    for (const path of ["/delivery-zones/districts", "/no-such-path"]) {
      const { headers } = await api("GET", path);
      expect(headers.get("x-content-type-options")).toBe("nosniff");
      expect(headers.get("x-frame-options")).toBe("DENY");
      expect(headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    }
  });
});
