import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { fetchPages } from "./fetch-pages.ts";

const schema = z.object({ items: z.array(z.number()), next_cursor: z.string().nullable() });

/** A paged list of 1..total answering `limit` (50 without one) rows after the cursor (the last row shown). */
function pagedFetch(total: number) {
  return vi.fn(async (input: string | URL | Request) => {
    const url = new URL(String(input), "http://app.test");
    const limit = Number(url.searchParams.get("limit") ?? 50);
    const after = Number(url.searchParams.get("cursor") ?? 0);
    const items = Array.from({ length: Math.max(0, Math.min(limit, total - after)) }, (_, i) => after + i + 1);
    const last = items[items.length - 1];
    const next_cursor = last !== undefined && last < total ? String(last) : null;
    return new Response(JSON.stringify({ items, next_cursor }), { headers: { "Content-Type": "application/json" } });
  });
}

afterEach(() => vi.unstubAllGlobals());

describe("fetchPages", () => {
  it("follows next_cursor until the last page: every row once, in order", async () => {
    const fetchImpl = pagedFetch(321);
    vi.stubGlobal("fetch", fetchImpl);
    const rows = await fetchPages("/list", schema, (body) => body.items);
    expect(rows).toEqual(Array.from({ length: 321 }, (_, i) => i + 1));
    // The first page as an old client asked for it, then the largest pages the API gives.
    expect(fetchImpl.mock.calls.map(([url]) => String(url).replace(/^.*\/list/, "/list"))).toEqual([
      "/list",
      "/list?limit=200&cursor=50",
      "/list?limit=200&cursor=250",
    ]);
  });

  it("stops at maxRows", async () => {
    vi.stubGlobal("fetch", pagedFetch(1000));
    const rows = await fetchPages("/list", schema, (body) => body.items, { maxRows: 120 });
    expect(rows).toHaveLength(120);
    expect(rows[119]).toBe(120);
  });
});
