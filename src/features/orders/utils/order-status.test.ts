import { describe, expect, it } from "vitest";
import {
  canChangeStatus,
  displayStatus,
  nextStatus,
  orderNumber,
  revertStatuses,
  statusLabel,
} from "./order-status.ts";

describe("order status transitions (SPEC §4)", () => {
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

  it("shows an unknown status as new_order", () => {
    expect(displayStatus("cancelled")).toBe("new_order");
    expect(displayStatus(undefined)).toBe("new_order");
    expect(statusLabel("cancelled")).toBe("New Order");
    expect(nextStatus("cancelled")).toBe("ready_for_pickup");
    expect(revertStatuses("cancelled")).toEqual([]);
  });

  it("labels each status as SPEC §4 does", () => {
    expect(["new_order", "ready_for_pickup", "out_for_delivery", "delivered"].map(statusLabel)).toEqual([
      "New Order",
      "Ready for Pickup",
      "Out for Delivery",
      "Delivered",
    ]);
    expect(orderNumber("6f1c2d4e-8a9b-4c3d-9e8f-123456789abc")).toBe("6F1C2D4E");
  });
});
