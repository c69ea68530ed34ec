import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { makeOrder } from "@/testing/fixtures/orders.ts";
import { render } from "@/testing/render.tsx";
import { CancelOrderDialog } from "./cancel-order-dialog.tsx";

const order = makeOrder({
  id: "6f1c2d4e-8a9b-4c3d-9e8f-123456789abc",
  order_number: "SL-004213",
  product_name: "Silk Scarf",
});
const dialog = () => screen.getByRole("dialog");
const button = (name: string) => within(dialog()).getByRole<HTMLButtonElement>("button", { name });

describe("Cancel order dialog", () => {
  it("stays closed without an order", async () => {
    await render(<CancelOrderDialog order={null} busy={false} onCancel={vi.fn()} onClose={vi.fn()} />);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("offers every reason, labelled, and requires one", async () => {
    const onCancel = vi.fn();
    await render(<CancelOrderDialog order={order} busy={false} onCancel={onCancel} onClose={vi.fn()} />);
    expect(dialog().textContent).toContain("Cancel Silk Scarf (order SL-004213)?");
    const select = within(dialog()).getByLabelText<HTMLSelectElement>(/Reason/);
    expect([...select.options].map((option) => option.textContent)).toEqual([
      "Choose a reason",
      "Customer refused",
      "Customer unreachable",
      "Out of stock",
      "Duplicate order",
      "Suspected fraud",
      "Other",
      // A customer who calls to cancel: the same reason as a cancel on the order's page.
      "Cancelled by the customer",
    ]);
    expect(select.tagName).toBe("SELECT");
    fireEvent.click(button("Cancel order"));
    expect(onCancel).not.toHaveBeenCalled();
    expect(select.getAttribute("aria-invalid")).toBe("true");
    expect(dialog().textContent).toContain("Choose why the order is cancelled.");
  });

  it("hands over the reason and trimmed notes, or no notes when left blank", async () => {
    const onCancel = vi.fn();
    await render(<CancelOrderDialog order={order} busy={false} onCancel={onCancel} onClose={vi.fn()} />);
    fireEvent.change(within(dialog()).getByLabelText(/Reason/), { target: { value: "out_of_stock" } });
    fireEvent.click(button("Cancel order"));
    expect(onCancel).toHaveBeenLastCalledWith(order, { reason: "out_of_stock", notes: undefined });
    fireEvent.change(within(dialog()).getByLabelText(/Notes/), { target: { value: "  Supplier late  " } });
    fireEvent.click(button("Cancel order"));
    expect(onCancel).toHaveBeenLastCalledWith(order, { reason: "out_of_stock", notes: "Supplier late" });
  });

  it("closes with Keep order, and cannot be closed while the cancellation is sent", async () => {
    const onClose = vi.fn();
    const sending = await render(<CancelOrderDialog order={order} busy onCancel={vi.fn()} onClose={onClose} />);
    expect(button("Keep order").disabled).toBe(true);
    sending.unmount();
    await render(<CancelOrderDialog order={order} busy={false} onCancel={vi.fn()} onClose={onClose} />);
    fireEvent.click(button("Keep order"));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
