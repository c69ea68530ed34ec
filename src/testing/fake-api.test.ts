import { afterEach, describe, expect, it } from "vitest";
import { API } from "@contract/routes.ts";
import { decodeCursor } from "@contract/paging.ts";
import { env } from "@/config/env.ts";
import { deferred, fail, fakeApi } from "./fake-api.ts";
import { filterOrders, pageOf } from "./fake-lists.ts";
import { makeFigures, makeMetrics } from "./fixtures/attribution.ts";
import { makeOrder } from "./fixtures/orders.ts";
import { testId } from "./fixtures/ids.ts";

const api = (path: string, init?: RequestInit) => fetch(`${env.apiBaseUrl}${path}`, init);

// The problems these tests cause on purpose are taken here, so setup.ts does not fail them.
afterEach(() => {
  fakeApi.takeProblems();
});

describe("the fake API", () => {
  it("answers a route of the table with its handler, its status and the path's parameters", async () => {
    fakeApi.on(API.campaign, ({ params }) => fail("not_found", `No campaign ${params.id}`));
    const stats = { campaigns: [], totals: makeFigures(makeMetrics()), daily: [] };
    fakeApi.on(API.campaignStats, stats);
    const answer = await api("/campaigns/stats");
    expect([answer.status, await answer.json()]).toEqual([200, stats]);
    const missing = await api("/campaigns/a%20b");
    expect([missing.status, await missing.json()]).toEqual([404, { error: "not_found", message: "No campaign a b" }]);
    expect(fakeApi.calls(API.campaign).map((request) => request.params)).toEqual([{ id: "a b" }]);
  });

  it("gives the handler the JSON body and the query, and answers a create with 201", async () => {
    fakeApi.on(API.applyForLink, ({ body }) => fail("conflict", `Already applied to ${body.campaign_id}`));
    const answer = await api("/affiliate-links/apply?x=1", {
      method: "POST",
      body: JSON.stringify({ campaign_id: testId(1) }),
    });
    expect(answer.status).toBe(409);
    expect(fakeApi.calls(API.applyForLink)[0].query.get("x")).toBe("1");
  });

  it("reports a route no test answers, a path outside the function, and an answer outside the contract", async () => {
    expect((await api("/auth/me")).status).toBe(404);
    expect((await fetch("https://elsewhere.test/x")).status).toBe(404);
    fakeApi.on(API.me, { user: { id: 1 } } as never);
    await api("/auth/me");
    const problems = fakeApi.takeProblems();
    expect(problems).toHaveLength(3);
    expect(problems[0]).toBe("GET /auth/me: no test answers this route (fakeApi.on(API.…))");
    expect(problems[1]).toBe("GET https://elsewhere.test/x: not a route of the api function");
    expect(problems[2]).toMatch(/^GET \/auth\/me: the answer does not match the contract/);
  });

  it("rejects like fetch when the caller aborts while the answer is held back", async () => {
    const held = deferred<{ provinces: [] }>();
    fakeApi.on(API.provinces, () => held.promise);
    const controller = new AbortController();
    const request = api("/delivery-zones/provinces", { signal: controller.signal });
    controller.abort();
    await expect(request).rejects.toMatchObject({ name: "AbortError" });
  });
});

describe("the fake's paging and order search", () => {
  const orders = Array.from({ length: 5 }, (_, i) =>
    makeOrder({
      id: testId(500 + i),
      order_number: `SL-00050${i}`,
      customer_phone: `+8551234567${i}`,
      order_status: i % 2 ? "delivered" : "new_order",
      created_at: `2026-11-2${i}T18:00:00.000Z`,
    }),
  );
  const query = (text: string) => new URLSearchParams(text);

  it("pages newest first with the function's cursor, and refuses a limit it refuses", () => {
    const first = pageOf(orders, query("limit=2"));
    if (first instanceof Response) throw new Error("refused");
    expect(first.items.map((o) => o.order_number)).toEqual(["SL-000504", "SL-000503"]);
    expect(decodeCursor(first.next_cursor!)?.id).toBe(testId(503));
    const last = pageOf(orders, query(`limit=2&cursor=${first.next_cursor}`));
    const end = pageOf(orders, query(`limit=2&cursor=${(last as { next_cursor: string }).next_cursor}`));
    expect((end as { items: unknown[]; next_cursor: null }).items).toHaveLength(1);
    expect((end as { next_cursor: null }).next_cursor).toBeNull();
    expect(pageOf(orders, query("")) as { items: unknown[] }).toHaveProperty("items.length", 5);
    const refused = pageOf(orders, query("limit=500"));
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(400);
  });

  it("finds an order by number, an admin's search by phone digits (0 for +855), by status and Cambodian day", () => {
    const numbers = (text: string, admin = true) =>
      (filterOrders(orders, query(text), admin) as typeof orders).map((o) => o.order_number);
    expect(numbers("q=SL-000502")).toEqual(["SL-000502"]);
    expect(numbers("q=012345673")).toEqual(["SL-000503"]);
    expect(numbers("q=012345673", false)).toEqual([]);
    expect(numbers("status=delivered")).toEqual(["SL-000501", "SL-000503"]);
    // 18:00 UTC on the 21st is the 22nd in Phnom Penh.
    expect(numbers("from=2026-11-22&to=2026-11-23")).toEqual(["SL-000501", "SL-000502"]);
    expect(filterOrders(orders, query("q=abc"), true)).toBeInstanceOf(Response);
  });
});
