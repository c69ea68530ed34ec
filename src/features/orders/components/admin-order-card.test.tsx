import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Courier } from "@contract/couriers.ts";
import { money } from "@contract/money.ts";
import type { CashStatus } from "@contract/remittances.ts";
import type { Order } from "@contract/orders.ts";
import { makeOrder } from "@/testing/fixtures/orders.ts";
import { makeCourier } from "@/testing/fixtures/couriers.ts";
import { render } from "@/testing/render.tsx";
import { AdminOrderCard } from "./admin-order-card.tsx";

let container: HTMLElement;

async function renderCard(
  order: Order,
  onClearReview = vi.fn(),
  onChange = vi.fn(),
  onConfirmationCall = vi.fn(),
  { couriers, onAssignCourier = vi.fn() }: { couriers?: Courier[]; onAssignCourier?: () => void } = {},
) {
  ({ container } = await render(
    <ul>
      <AdminOrderCard
        order={order}
        changingTo={null}
        onChange={onChange}
        onCancel={vi.fn()}
        reviewing={false}
        onClearReview={onClearReview}
        calling={null}
        onConfirmationCall={onConfirmationCall}
        couriers={couriers}
        assigning={false}
        onAssignCourier={onAssignCourier}
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

describe("Admin order card: moving a delivered order back", () => {
  it("asks first, naming the sale and the commission, and moves it only on yes", async () => {
    const onChange = vi.fn();
    const order = makeOrder({ order_status: "delivered", unit_price_cents: 2500, quantity: 2, commission_rate: 0.15 });
    await renderCard(order, vi.fn(), onChange);
    fireEvent.click(screen.getByRole("button", { name: "Back to Out for Delivery" }));
    const question = screen.getByRole("group", { name: "Undo the delivery" });
    expect(question.textContent).toContain(
      "Move SL-000400 back to Out for Delivery? Its delivery is undone: the shop's sale of $50.00 and the influencer's 15% commission on it are taken back from their earnings.",
    );
    fireEvent.click(within(question).getByRole("button", { name: "Keep it delivered" }));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.queryByRole("group", { name: "Undo the delivery" })).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Back to Out for Delivery" }));
    fireEvent.click(screen.getByRole("button", { name: "Yes, back to Out for Delivery" }));
    expect(onChange).toHaveBeenCalledWith(order, "out_for_delivery");
  });

  it("moves an order not yet delivered back without asking", async () => {
    const onChange = vi.fn();
    const order = makeOrder({ order_status: "out_for_delivery" });
    await renderCard(order, vi.fn(), onChange);
    fireEvent.click(screen.getByRole("button", { name: "Back to Ready for Pickup" }));
    expect(onChange).toHaveBeenCalledWith(order, "ready_for_pickup");
  });
});

describe("Admin order card: confirmation", () => {
  const calls = () => screen.queryByRole("group", { name: "Record a call to confirm" });

  it("offers the call's outcomes on an order still to confirm and says it is not confirmed", async () => {
    const onConfirmationCall = vi.fn();
    const order = makeOrder({ order_status: "ready_for_pickup", confirmation: "unconfirmed" });
    await renderCard(order, vi.fn(), vi.fn(), onConfirmationCall);
    expect(container.textContent).toContain("Not confirmed yet");
    expect(
      within(calls()!)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Confirmed", "No answer", "Wrong number"]);
    fireEvent.click(within(calls()!).getByRole("button", { name: "No answer" }));
    expect(onConfirmationCall).toHaveBeenCalledWith(order, "no_answer");
  });

  it("says who confirmed a confirmed order and offers no call", async () => {
    await renderCard(makeOrder({ order_status: "new_order", confirmation: "confirmed_by_customer" }));
    expect(container.textContent).toContain("Confirmed by the customer");
    expect(calls()).toBeNull();
  });

  it("offers no call once the order has left the shop", async () => {
    await renderCard(makeOrder({ order_status: "out_for_delivery", confirmation: "unconfirmed" }));
    expect(calls()).toBeNull();
  });
});

describe("Admin order card: courier", () => {
  const courier = (id: string, name: string, active = true) => makeCourier({ id, name, active });
  const [C1, C2] = ["c0000000-0000-4000-8000-000000000001", "c0000000-0000-4000-8000-000000000002"];
  const riders = [courier(C1, "Dara"), courier(C2, "Vanna", false)];
  const picker = () => screen.getByRole("combobox", { name: "Courier" });

  it("offers the active couriers for an open order and gives it to the one chosen", async () => {
    const onAssignCourier = vi.fn();
    const order = makeOrder({ order_status: "new_order" });
    await renderCard(order, vi.fn(), vi.fn(), vi.fn(), { couriers: riders, onAssignCourier });
    expect([...picker().querySelectorAll("option")].map((option) => option.textContent)).toEqual([
      "No courier yet",
      "Dara",
    ]);
    fireEvent.change(picker(), { target: { value: C1 } });
    expect(onAssignCourier).toHaveBeenCalledWith(order, C1);
    fireEvent.change(picker(), { target: { value: "" } });
    expect(onAssignCourier).toHaveBeenLastCalledWith(order, null);
  });

  it("names who carried a delivered order, with a phone to call", async () => {
    await renderCard(
      makeOrder({ order_status: "delivered", courier: { id: C2, name: "Vanna", phone: "+85512345678" } }),
      vi.fn(),
      vi.fn(),
      vi.fn(),
      { couriers: riders },
    );
    expect(screen.queryByRole("combobox", { name: "Courier" })).toBeNull();
    expect(container.textContent).toContain("Vanna · 012 345 678");
  });

  const carried = { order_status: "delivered", courier: { id: C2, name: "Vanna", phone: "+85512345678" } } as const;
  const cash = (status: CashStatus, remittedCents: number) => ({
    status,
    ...money("due", 2150),
    ...money("remitted", remittedCents),
    ...money("short", status === "short" ? 2150 - remittedCents : 0),
  });

  it.each([
    ["short by what is still owed", cash("short", 1650), "Short $5.00", "badge--danger"],
    ["remitted", cash("remitted", 2150), "Cash remitted", "badge--success"],
    ["with the courier", cash("with_courier", 0), "Cash with the courier", "badge--info"],
  ])("says a delivered order's cash is %s", async (_case, orderCash, text, tone) => {
    await renderCard(makeOrder({ ...carried, cash: orderCash }));
    expect(within(container).getByText(text).className).toContain(tone);
  });

  it("says nothing of cash when no courier carried the order", async () => {
    await renderCard(makeOrder({ order_status: "delivered" }));
    expect(container.textContent).not.toContain("Cash");
  });
});
