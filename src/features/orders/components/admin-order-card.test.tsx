import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Order } from "@contract/orders.ts";
import { makeOrder } from "@/testing/fixtures/orders.ts";
import { render } from "@/testing/render.tsx";
import { AdminOrderCard } from "./admin-order-card.tsx";

let container: HTMLElement;

async function renderCard(order: Order, onClearReview = vi.fn()) {
  ({ container } = await render(
    <ul>
      <AdminOrderCard
        order={order}
        changingTo={null}
        onChange={vi.fn()}
        onCancel={vi.fn()}
        reviewing={false}
        onClearReview={onClearReview}
      />
    </ul>,
  ));
  return onClearReview;
}

const review = () => container.querySelector<HTMLElement>(".order-card__review");

describe("Admin order card: review", () => {
  it("names the rules a held order fired and offers Clear review", async () => {
    const order = makeOrder({ flags: ["self_order", "repeat_phone"], review_status: "held" });
    const onClearReview = await renderCard(order);
    expect(review()?.textContent).toContain("Held for review");
    expect(
      within(review()!)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Ordered from the shop's or the influencer's own phone", "This phone ordered many times within a day"]);
    fireEvent.click(screen.getByRole("button", { name: "Clear review" }));
    expect(onClearReview).toHaveBeenCalledWith(order);
  });

  it("shows a cleared order's rules without the button", async () => {
    await renderCard(makeOrder({ flags: ["high_refusal_link"], review_status: "cleared" }));
    expect(review()?.textContent).toContain("Cleared after review");
    expect(review()?.textContent).toContain("Many customers of this link refused delivery");
    expect(screen.queryByRole("button", { name: "Clear review" })).toBeNull();
  });

  it("shows nothing of a review for an order never flagged", async () => {
    await renderCard(makeOrder());
    expect(review()).toBeNull();
  });
});
