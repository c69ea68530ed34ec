import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { API } from "@contract/routes.ts";
import { fakeApi } from "@/testing/fake-api.ts";
import { render } from "@/testing/render.tsx";
import { AuditLog } from "./audit-log.tsx";

const rejection = {
  actor_email: "admin@example.com",
  actor_courier: null,
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
  actor_courier: null,
  action: "delivery_zone.update",
  target_type: "delivery_zone",
  target_id: "12",
  details: { before: { fee_cents: 150 }, after: { fee_cents: 200 }, district: "Tuol Kouk", commune: "Boeng Kak Muoy" },
  created_at: "2026-11-23T01:00:00.000Z",
};

/** The query strings the tab asked with. */
const queries = () => fakeApi.calls(API.auditLog).map((request) => request.query);

beforeEach(() => {
  // The cursor is opaque to the tab: the fake's own stands for the server's.
  fakeApi.on(API.auditLog, ({ query }) => {
    if (query.get("cursor") === "page-2") return { entries: [feeChange], next_cursor: null };
    if (query.get("actor")) return { entries: [], next_cursor: null };
    return { entries: [rejection], next_cursor: "page-2" };
  });
});

const rows = () =>
  screen
    .queryAllByRole("row")
    .slice(1)
    .map((row) => row.textContent ?? "");

describe("Audit log tab", () => {
  it("shows each entry's admin, action, target and before → after, with the reason", async () => {
    await render(<AuditLog />);
    await waitFor(() => expect(rows()).toHaveLength(1));
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
    await render(<AuditLog />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(screen.getByRole("button", { name: "Load More" }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(queries().at(-1)!.get("cursor")).toBe("page-2");
    expect(rows()[1]).toContain("Delivery fee changed");
    expect(rows()[1]).toContain("Delivery fee: $1.50 → $2.00");
    expect(screen.queryByRole("button", { name: "Load More" })).toBeNull();
  });

  it("sends the filters on Apply, says when nothing matches, and Clear starts over", async () => {
    await render(<AuditLog />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.change(screen.getByLabelText("Admin (email or id)"), { target: { value: "  ops@example.com " } });
    fireEvent.change(screen.getByLabelText("Action"), { target: { value: "delivery_zone.update" } });
    expect(queries()).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "Apply Filters" }));
    await screen.findByText("No admin actions match these filters.");
    const sent = queries().at(-1)!;
    expect([sent.get("actor"), sent.get("action"), sent.has("target_type")]).toEqual([
      "ops@example.com",
      "delivery_zone.update",
      false,
    ]);
    fireEvent.click(screen.getByRole("button", { name: "Clear" }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByLabelText("Admin (email or id)")).toHaveProperty("value", "");
  });
});
