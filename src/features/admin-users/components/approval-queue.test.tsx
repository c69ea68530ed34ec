// The cards' shared decision buttons: Approve and Reject while pending (both held while a decision
// is on its way, the one sent busy), else the decision made.
import { afterEach, describe, expect, it, vi } from "vitest";
import { buttonByText, click, render, type Rendered } from "@/testing/render.tsx";
import { DecisionActions } from "./approval-queue.tsx";

let view: Rendered;

afterEach(() => {
  view?.unmount();
  document.body.innerHTML = "";
});

describe("DecisionActions", () => {
  it("offers Approve and Reject on a pending item", async () => {
    const onApprove = vi.fn();
    const onReject = vi.fn();
    view = await render(<DecisionActions status="pending" deciding={null} onApprove={onApprove} onReject={onReject} />);
    await click(buttonByText(view.container, "Approve"));
    await click(buttonByText(view.container, "Reject"));
    expect(onApprove).toHaveBeenCalledTimes(1);
    expect(onReject).toHaveBeenCalledTimes(1);
    expect(buttonByText(view.container, "Approve")?.hasAttribute("aria-describedby")).toBe(false);
  });

  it("holds both buttons while a decision is on its way", async () => {
    view = await render(
      <DecisionActions
        status="pending"
        deciding="reject"
        onApprove={() => {}}
        onReject={() => {}}
        approveDescribedBy="w"
      />,
    );
    const [approve, reject] = view.container.querySelectorAll("button");
    expect(approve.disabled).toBe(true);
    expect(approve.getAttribute("aria-describedby")).toBe("w");
    expect(reject.disabled).toBe(true);
    expect(reject.getAttribute("aria-busy")).toBe("true");
  });

  it("shows the decision made instead of buttons", async () => {
    view = await render(<DecisionActions status="rejected" deciding={null} onApprove={() => {}} onReject={() => {}} />);
    expect(view.container.querySelector("button")).toBeNull();
    expect(view.container.querySelector(".decision-mark--rejected")).not.toBeNull();
  });
});
