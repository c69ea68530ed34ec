import { describe, expect, it } from "vitest";
import {
  canCancel,
  canChangeStatus,
  canReopen,
  displayStatus,
  nextStatus,
  revertStatuses,
  statusLabel,
} from "./order-status.ts";

describe('order status transitions (docs/product.md, "Orders")', () => {
  it("moves forward one step at a time", () => {
    expect(nextStatus("new_order")).toBe("ready_for_pickup");
    expect(nextStatus("ready_for_pickup")).toBe("out_for_delivery");
    expect(nextStatus("out_for_delivery")).toBe("delivered");
    expect(nextStatus("delivered")).toBeNull();
  });

  it("lists the allowed reverts, nearest first", () => {
    expect(revertStatuses("new_order")).toEqual([]);
    expect(revertStatuses("ready_for_pickup")).toEqual(["new_order"]);
    expect(revertStatuses("out_for_delivery")).toEqual(["ready_for_pickup", "new_order"]);
    expect(revertStatuses("delivered")).toEqual(["out_for_delivery", "ready_for_pickup", "new_order"]);
  });

  it("allows only those changes", () => {
    expect(canChangeStatus("new_order", "ready_for_pickup")).toBe(true);
    expect(canChangeStatus("new_order", "delivered")).toBe(false);
    expect(canChangeStatus("ready_for_pickup", "delivered")).toBe(false);
    expect(canChangeStatus("delivered", "new_order")).toBe(true);
    expect(canChangeStatus("delivered", "delivered")).toBe(false);
  });

  it("cancels before delivery only, and reopens a cancelled order as new only", () => {
    expect(["new_order", "ready_for_pickup", "out_for_delivery"].every(canCancel)).toBe(true);
    expect(canCancel("delivered")).toBe(false);
    expect(canCancel("cancelled")).toBe(false);
    expect(canChangeStatus("out_for_delivery", "cancelled")).toBe(true);
    expect(canChangeStatus("delivered", "cancelled")).toBe(false);
    expect(canReopen("cancelled")).toBe(true);
    expect(canReopen("new_order")).toBe(false);
    expect(canChangeStatus("cancelled", "new_order")).toBe(true);
    expect(canChangeStatus("cancelled", "ready_for_pickup")).toBe(false);
    expect(nextStatus("cancelled")).toBeNull();
    expect(revertStatuses("cancelled")).toEqual([]);
    expect(nextStatus("delivered")).toBeNull();
  });

  it("shows an unknown status as new_order", () => {
    expect(displayStatus("returned")).toBe("new_order");
    expect(displayStatus(undefined)).toBe("new_order");
    expect(statusLabel("returned")).toBe("New Order");
    expect(nextStatus("returned")).toBe("ready_for_pickup");
  });

  it("labels each status as docs/product.md does", () => {
    expect(["new_order", "ready_for_pickup", "out_for_delivery", "delivered", "cancelled"].map(statusLabel)).toEqual([
      "New Order",
      "Ready for Pickup",
      "Out for Delivery",
      "Delivered",
      "Cancelled",
    ]);
  });
});
