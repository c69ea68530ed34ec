// The skeleton both fakes stand on (local-stack/fake-server.ts): any free port, the 404 naming what
// is served, the control calls' {error} refusals (413 over 1 MB, 400 for a body that is not a
// JSON object), a 500 for a bug of the fake, idle connections kept for the client to close, and a
// stop that does not wait for open requests.
import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  answerControl,
  ControlError,
  readJsonObject,
  startFakeServer,
  writeJson,
  type FakeServer,
} from "../../local-stack/fake-server.ts";

const sendJson = (res: ServerResponse, status: number, body: unknown) =>
  writeJson(res, status, JSON.stringify(body), "application/json; charset=test");

let fake: FakeServer;

beforeAll(async () => {
  fake = await startFakeServer({
    name: "Sample fake",
    port: 0,
    sendJson,
    serves: "/echo and /_fake/*",
    route(req, res, url) {
      if (url.pathname === "/echo") return answerControl(res, sendJson, () => readJsonObject(req));
      if (url.pathname === "/_fake/refuse")
        return answerControl(res, sendJson, async () => {
          throw new ControlError(409, "no");
        });
      if (url.pathname === "/_fake/bug") return Promise.reject(new Error("a bug"));
      return null;
    },
  });
});

afterAll(async () => {
  await fake?.close();
});

async function call(path: string, body?: string) {
  const response = await fetch(`${fake.url}${path}`, { method: body === undefined ? "GET" : "POST", body });
  return { status: response.status, type: response.headers.get("content-type"), body: await response.json() };
}

describe("fake server skeleton", () => {
  it("listens on a free loopback port when asked for port 0", () => {
    expect(fake.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(fake.url.endsWith(":0")).toBe(false);
  });

  it("keeps an idle connection open for ten minutes, so a client's pool closes it first", async () => {
    const response = await fetch(`${fake.url}/echo`, { method: "POST", body: "{}" });
    await response.body?.cancel();
    expect(response.headers.get("keep-alive")).toBe("timeout=600");
  });

  it("answers a control call's JSON object with 200, in the fake's content type", async () => {
    expect(await call("/echo", '{"a":1}')).toEqual({
      status: 200,
      type: "application/json; charset=test",
      body: { a: 1 },
    });
    expect((await call("/echo", "")).body).toEqual({});
  });

  it("refuses what is not a JSON object, and a body over 1 MB", async () => {
    expect(await call("/echo", "[1]")).toMatchObject({
      status: 400,
      body: { error: "the body must be a JSON object" },
    });
    const notJson = await call("/echo", "{");
    expect(notJson.status).toBe(400);
    expect(notJson.body.error).toMatch(/^the body is not JSON: /);
    expect(await call("/echo", `"${"x".repeat(1024 * 1024 + 1)}"`)).toMatchObject({
      status: 413,
      body: { error: "request body over 1 MB" },
    });
  });

  it("answers a ControlError with its status and {error}", async () => {
    expect(await call("/_fake/refuse")).toMatchObject({ status: 409, body: { error: "no" } });
  });

  it("names what it serves on any other path", async () => {
    expect(await call("/nope")).toMatchObject({
      status: 404,
      body: { error: "the Sample fake has no GET /nope: it serves /echo and /_fake/*" },
    });
  });

  it("answers a bug of the fake with 500 and logs it", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await call("/_fake/bug")).toMatchObject({
      status: 500,
      body: { error: "internal error of the Sample fake (logged)" },
    });
    expect(logged.mock.calls[0][0]).toBe("[sample-fake]");
    logged.mockRestore();
  });

  it("stops without waiting for a request that never ends", async () => {
    const other = await startFakeServer({
      name: "Other fake",
      port: 0,
      sendJson,
      serves: "/hang",
      route: () => new Promise<void>(() => {}),
    });
    const pending = fetch(`${other.url}/hang`).then(
      () => "answered",
      () => "dropped",
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    await other.close();
    expect(await pending).toBe("dropped");
  });
});
