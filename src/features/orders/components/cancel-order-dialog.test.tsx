import { afterEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import { makeOrder } from "@/testing/fixtures/orders.ts";
import { buttonByText, click, render, type Rendered } from "@/testing/render.tsx";
import { CancelOrderDialog } from "./cancel-order-dialog.tsx";

let view: Rendered;

afterEach(() => {
  view?.unmount();
  document.body.innerHTML = "";
});

const order = makeOrder({
  id: "6f1c2d4e-8a9b-4c3d-9e8f-123456789abc",
  order_number: "SL-004213",
  product_name: "Silk Scarf",
});
const dialog = () => document.querySelector<HTMLElement>("[role=dialog]");

async function choose(element: HTMLSelectElement | HTMLTextAreaElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), "value")!.set!.call(element, value);
    element.dispatchEvent(new Event(element instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
  });
}

describe("Cancel order dialog", () => {
  it("stays closed without an order", async () => {
    view = await render(<CancelOrderDialog order={null} busy={false} onCancel={vi.fn()} onClose={vi.fn()} />);
    expect(dialog()).toBeNull();
  });

  it("offers every reason, labelled, and requires one", async () => {
    const onCancel = vi.fn();
    view = await render(<CancelOrderDialog order={order} busy={false} onCancel={onCancel} onClose={vi.fn()} />);
    expect(dialog()?.textContent).toContain("Cancel Silk Scarf (order SL-004213)?");
    const select = dialog()!.querySelector("select")!;
    expect([...select.options].map((option) => option.textContent)).toEqual([
      "Choose a reason",
      "Customer refused",
      "Customer unreachable",
      "Out of stock",
      "Duplicate order",
      "Suspected fraud",
      "Other",
    ]);
    expect(dialog()!.querySelector("label[for]")?.textContent).toContain("Reason");
    await click(buttonByText(dialog()!, "Cancel order"));
    expect(onCancel).not.toHaveBeenCalled();
    expect(select.getAttribute("aria-invalid")).toBe("true");
    expect(dialog()?.textContent).toContain("Choose why the order is cancelled.");
  });

  it("hands over the reason and trimmed notes, or no notes when left blank", async () => {
    const onCancel = vi.fn();
    view = await render(<CancelOrderDialog order={order} busy={false} onCancel={onCancel} onClose={vi.fn()} />);
    await choose(dialog()!.querySelector("select")!, "out_of_stock");
    await click(buttonByText(dialog()!, "Cancel order"));
    expect(onCancel).toHaveBeenLastCalledWith(order, { reason: "out_of_stock", notes: undefined });
    await choose(dialog()!.querySelector("textarea")!, "  Supplier late  ");
    await click(buttonByText(dialog()!, "Cancel order"));
    expect(onCancel).toHaveBeenLastCalledWith(order, { reason: "out_of_stock", notes: "Supplier late" });
  });

  it("closes with Keep order, and cannot be closed while the cancellation is sent", async () => {
    const onClose = vi.fn();
    view = await render(<CancelOrderDialog order={order} busy onCancel={vi.fn()} onClose={onClose} />);
    expect(buttonByText(dialog()!, "Keep order")?.disabled).toBe(true);
    view.unmount();
    view = await render(<CancelOrderDialog order={order} busy={false} onCancel={vi.fn()} onClose={onClose} />);
    await click(buttonByText(dialog()!, "Keep order"));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
