// The email fake, as the product sees it: Resend's send call with its answers, error shapes, rate
// limit and Idempotency-Keys, and the control calls tests use to read what was sent and to make
// sends fail. The fake's clock is the test's: each send moves it on a second, so the rate limit
// only bites where a test sends at once. Needs no stack.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startEmailFake, type EmailFake } from "../../local-stack/email-fake/index.ts";
import { freePort } from "../../local-stack/free-port.ts";

const KEY = "re_test_key";
const EMAIL = { from: "Shop <no-reply@shop.test>", to: "buyer@example.com", subject: "Your order", text: "Thanks" };

let fake: EmailFake;
let clock = Date.now();

beforeAll(async () => {
  fake = await startEmailFake({ port: await freePort(), apiKey: KEY, now: () => clock });
});

afterAll(async () => {
  await fake.close();
});

beforeEach(async () => {
  await control("POST", "reset");
});

interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

/** One request to the API, at the fake's current time. */
const request = (path: string, init: RequestInit = {}): Promise<Answer> =>
  fetch(`${fake.url}${path}`, init).then(async (res) => ({
    status: res.status,
    headers: res.headers,
    body: await res.json(),
  }));

const post = (body: unknown, headers: Record<string, string> = {}) =>
  request("/emails", {
    method: "POST",
    headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

/** A send a second after the last one, clear of the rate limit. */
const send = (body: unknown, headers: Record<string, string> = {}) => {
  clock += 1000;
  return post(body, headers);
};

const control = (method: string, path: string, body?: unknown) =>
  fetch(`${fake.url}/_fake/${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then(async (res) => ({ status: res.status, body: await res.json() }));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("the email fake", () => {
  it("answers a send with its id and lists it by recipient", async () => {
    const sent = await send({ ...EMAIL, html: "<p>Thanks</p>", cc: ["Ops <ops@shop.test>"] });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ id: expect.stringMatching(UUID) });
    expect(sent.headers.get("ratelimit-limit")).toBe("2");
    expect(sent.headers.get("ratelimit-remaining")).toBe("1");
    await send({ ...EMAIL, to: ["someone@else.test"] });

    const { status, body } = await control("GET", "emails?to=BUYER@Example.com");
    expect(status).toBe(200);
    expect(body.emails).toEqual([
      {
        id: sent.body.id,
        from: EMAIL.from,
        to: ["buyer@example.com"],
        cc: ["Ops <ops@shop.test>"],
        bcc: [],
        reply_to: [],
        subject: "Your order",
        html: "<p>Thanks</p>",
        text: "Thanks",
        headers: {},
        tags: [],
        created_at: new Date(clock - 1000).toISOString(),
      },
    ]);
    expect((await control("GET", "emails?to=ops@shop.test")).body.emails).toHaveLength(1);
    expect((await control("GET", "emails")).body.emails).toHaveLength(2);
  });

  const { subject: _subject, ...noSubject } = EMAIL;
  const { text: _text, ...noBody } = EMAIL;
  const json = { "content-type": "application/json" };
  it.each<[string, string, RequestInit, number, string, string?]>([
    ["no key", "/emails", { method: "POST", headers: json, body: "{}" }, 401, "missing_api_key"],
    [
      "a key that is not Bearer",
      "/emails",
      { method: "POST", headers: { ...json, authorization: `Basic ${KEY}` }, body: "{}" },
      401,
      "missing_api_key",
    ],
    [
      "another key",
      "/emails",
      { method: "POST", headers: { ...json, authorization: "Bearer re_wrong" }, body: JSON.stringify(EMAIL) },
      403,
      "invalid_api_key",
    ],
    ["a GET of /emails", "/emails", { method: "GET" }, 405, "method_not_allowed"],
    ["another path", "/domains", { method: "GET" }, 404, "not_found"],
  ])("refuses %s", async (_case, path, init, status, name) => {
    const answer = await request(path, init);
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ statusCode: status, name, message: expect.any(String) });
    expect(answer.headers.get("ratelimit-limit")).toBe("2");
  });

  it.each<[string, unknown, Record<string, string>, number, string, string?]>([
    ["a body that is not JSON", "{not json", {}, 400, "validation_error"],
    ["no from", { ...EMAIL, from: undefined }, {}, 422, "missing_required_field", "Missing `from` field."],
    ["no to", { ...EMAIL, to: [] }, {}, 422, "missing_required_field", "Missing `to` field."],
    ["no subject", noSubject, {}, 422, "missing_required_field", "Missing `subject` field."],
    ["an empty subject", { ...EMAIL, subject: "" }, {}, 422, "missing_required_field"],
    ["neither html nor text", noBody, {}, 422, "missing_required_field", "Missing `html` or `text` field."],
    ["a malformed to", { ...EMAIL, to: ["ok@shop.test", "not an address"] }, {}, 422, "validation_error"],
    ["a malformed from", { ...EMAIL, from: "Shop <shop.test>" }, {}, 422, "validation_error"],
    [
      "51 recipients",
      { ...EMAIL, to: Array.from({ length: 51 }, (_, i) => `r${i}@shop.test`) },
      {},
      422,
      "validation_error",
    ],
    ["an empty Idempotency-Key", EMAIL, { "idempotency-key": "" }, 400, "invalid_idempotency_key"],
    [
      "an Idempotency-Key over 256 characters",
      EMAIL,
      { "idempotency-key": "k".repeat(257) },
      400,
      "invalid_idempotency_key",
    ],
  ])("refuses %s in Resend's shape and stores nothing", async (_case, body, headers, status, name, message) => {
    const answer = await send(body, headers);
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ statusCode: status, name, message: message ?? expect.any(String) });
    expect((await control("GET", "emails")).body.emails).toEqual([]);
  });

  it("names the field of a malformed address", async () => {
    const answer = await send({ ...EMAIL, to: "nobody" });
    expect(answer.body.message).toMatch(/^Invalid `to` field\. /);
    expect((await send({ ...EMAIL, bcc: ["x@"] })).body.message).toMatch(/^Invalid `bcc` field\. /);
  });

  it("answers 429 with retry-after beyond 2 requests a second, then sends again a second later", async () => {
    clock += 1000;
    const answers = await Promise.all([post(EMAIL), post(EMAIL), post(EMAIL)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 429]);
    const limited = answers.find((a) => a.status === 429)!;
    expect(limited.body).toEqual({ statusCode: 429, name: "rate_limit_exceeded", message: expect.any(String) });
    expect(limited.headers.get("retry-after")).toBe("1");
    expect(limited.headers.get("ratelimit-remaining")).toBe("0");
    expect(limited.headers.get("ratelimit-reset")).toBe("1");
    expect((await control("GET", "emails")).body.emails).toHaveLength(2);
    expect((await send(EMAIL)).status).toBe(200);
  });

  it("replays the first answer for a repeated Idempotency-Key and refuses it with another body", async () => {
    const key = { "idempotency-key": "order-42/confirmation" };
    const first = await send(EMAIL, key);
    expect(first.status).toBe(200);
    // The same payload with its keys in another order is the same request.
    const repeat = await send(Object.fromEntries(Object.entries(EMAIL).reverse()), key);
    expect(repeat).toMatchObject({ status: 200, body: { id: first.body.id } });
    expect((await control("GET", "emails")).body.emails).toHaveLength(1);

    const other = await send({ ...EMAIL, subject: "Another" }, key);
    expect(other.status).toBe(409);
    expect(other.body).toEqual({ statusCode: 409, name: "invalid_idempotent_request", message: expect.any(String) });

    clock += 24 * 60 * 60 * 1000;
    const later = await send(EMAIL, key);
    expect(later.status).toBe(200);
    expect(later.body.id).not.toBe(first.body.id);
  });

  it("fails the next sends as asked, then sends; a failed send leaves its Idempotency-Key unused", async () => {
    expect(await control("POST", "fail", { status: 500, times: 1 })).toEqual({
      status: 200,
      body: { status: 500, times: 1 },
    });
    const key = { "idempotency-key": "retry-me" };
    const failed = await send(EMAIL, key);
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual({ statusCode: 500, name: "application_error", message: expect.any(String) });
    const retried = await send(EMAIL, key);
    expect(retried.status).toBe(200);
    expect((await control("GET", "emails")).body.emails.map((e: { id: string }) => e.id)).toEqual([retried.body.id]);

    await control("POST", "fail", { status: 429 });
    const limited = await send(EMAIL);
    expect(limited).toMatchObject({ status: 429, body: { name: "rate_limit_exceeded" } });
    expect(limited.headers.get("retry-after")).toBe("1");
    expect((await send(EMAIL)).status).toBe(200);
  });

  it("names what is wrong in a control call", async () => {
    expect(await control("POST", "fail", { status: 503 })).toEqual({
      status: 400,
      body: { error: "status must be 500 or 429" },
    });
    expect((await control("GET", "emails?to=nobody")).status).toBe(400);
    expect((await control("GET", "inbox")).status).toBe(404);
  });
});
