// The cards' shared decision buttons: Approve and Reject while pending (both held while a decision
// is on its way, the one sent busy), else the decision made.
import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { render } from "@/testing/render.tsx";
import { DecisionActions } from "./approval-queue.tsx";

describe("DecisionActions", () => {
  it("offers Approve and Reject on a pending item", async () => {
    const onApprove = vi.fn();
    const onReject = vi.fn();
    await render(<DecisionActions status="pending" deciding={null} onApprove={onApprove} onReject={onReject} />);
    fireEvent.click(screen.getByRole("button", { name: "Approve" }));
    fireEvent.click(screen.getByRole("button", { name: "Reject" }));
    expect(onApprove).toHaveBeenCalledTimes(1);
    expect(onReject).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("button", { name: "Approve" }).hasAttribute("aria-describedby")).toBe(false);
  });

  it("holds both buttons while a decision is on its way", async () => {
    await render(
      <DecisionActions
        status="pending"
        deciding="reject"
        onApprove={() => {}}
        onReject={() => {}}
        approveDescribedBy="w"
      />,
    );
    const [approve, reject] = screen.getAllByRole("button") as HTMLButtonElement[];
    expect(approve.textContent).toBe("Approve");
    expect(approve.disabled).toBe(true);
    expect(approve.getAttribute("aria-describedby")).toBe("w");
    expect(reject.disabled).toBe(true);
    expect(reject.getAttribute("aria-busy")).toBe("true");
  });

  it("shows the decision made instead of buttons", async () => {
    const view = await render(
      <DecisionActions status="rejected" deciding={null} onApprove={() => {}} onReject={() => {}} />,
    );
    expect(screen.queryByRole("button")).toBeNull();
    expect(view.container.querySelector(".decision-mark--rejected")).not.toBeNull();
    expect(screen.getByText("✕ Rejected")).toBeDefined();
  });
});
