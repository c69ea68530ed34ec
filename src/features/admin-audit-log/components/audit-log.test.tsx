import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buttonByText, click, render, typeInto, until, type Rendered } from "@/testing/render.tsx";
import { AuditLog } from "./audit-log.tsx";
import { json } from "@/testing/http.ts";

let fetchMock: ReturnType<typeof vi.fn>;
let view: Rendered;

const rejection = {
  actor_email: "admin@example.com",
  action: "user.reject",
  target_type: "user",
  target_id: "2b1f0c1e-0000-4000-8000-000000000001",
  details: {
    before: { status: "pending_approval", rejection_reason: null },
    after: { status: "rejected", rejection_reason: "No shop page" },
    reason: "No shop page",
    email: "shop@example.com",
  },
  created_at: "2026-11-23T02:00:00.000Z",
};
const feeChange = {
  actor_email: "ops@example.com",
  action: "delivery_zone.update",
  target_type: "delivery_zone",
  target_id: "12",
  details: { before: { fee_cents: 150 }, after: { fee_cents: 200 }, district: "Tuol Kouk", commune: "Boeng Kak Muoy" },
  created_at: "2026-11-23T01:00:00.000Z",
};

/** The query strings the tab asked with. */
const queries = () => fetchMock.mock.calls.map(([url]) => new URL(url as string).searchParams);

beforeEach(() => {
  fetchMock = vi.fn(async (url: string) => {
    const params = new URL(url).searchParams;
    if (params.get("cursor") === "page-2") return json(200, { entries: [feeChange], next_cursor: null });
    if (params.get("actor")) return json(200, { entries: [], next_cursor: null });
    return json(200, { entries: [rejection], next_cursor: "page-2" });
  });
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  view?.unmount();
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

const rows = () => [...view.container.querySelectorAll("tbody tr")].map((row) => row.textContent ?? "");

describe("Audit log tab", () => {
  it("shows each entry's admin, action, target and before → after, with the reason", async () => {
    view = await render(<AuditLog />);
    await until(() => expect(rows()).toHaveLength(1));
    const [row] = rows();
    expect(row).toContain("admin@example.com");
    expect(row).toContain("Account rejected");
    expect(row).toContain("Account");
    expect(row).toContain("Status: pending_approval → rejected");
    expect(row).toContain("Rejection reason: (none) → No shop page");
    expect(row).toContain("Reason: No shop page");
    expect(row).toContain("Email: shop@example.com");
    expect(queries()[0].get("limit")).toBe("50");
  });

  it("loads the next page with the cursor, shows fees in dollars, and stops on the last page", async () => {
    view = await render(<AuditLog />);
    await until(() => expect(rows()).toHaveLength(1));
    await click(buttonByText(view.container, "Load More"));
    await until(() => expect(rows()).toHaveLength(2));
    expect(queries().at(-1)!.get("cursor")).toBe("page-2");
    expect(rows()[1]).toContain("Delivery fee changed");
    expect(rows()[1]).toContain("Delivery fee: $1.50 → $2.00");
    expect(buttonByText(view.container, "Load More")).toBeUndefined();
  });

  it("sends the filters on Apply, says when nothing matches, and Clear starts over", async () => {
    view = await render(<AuditLog />);
    await until(() => expect(rows()).toHaveLength(1));
    await typeInto(view.container.querySelector('input[name="actor"]'), "  ops@example.com ");
    const action = view.container.querySelector<HTMLSelectElement>('select[name="action"]')!;
    await act(async () => {
      action.value = "delivery_zone.update";
      action.dispatchEvent(new Event("change", { bubbles: true }));
    });
    expect(queries()).toHaveLength(1);
    await click(buttonByText(view.container, "Apply Filters"));
    await until(() => expect(view.container.textContent).toContain("No admin actions match these filters."));
    const sent = queries().at(-1)!;
    expect([sent.get("actor"), sent.get("action"), sent.has("target_type")]).toEqual([
      "ops@example.com",
      "delivery_zone.update",
      false,
    ]);
    await click(buttonByText(view.container, "Clear"));
    await until(() => expect(rows()).toHaveLength(1));
    expect(view.container.querySelector<HTMLInputElement>('input[name="actor"]')!.value).toBe("");
  });
});
