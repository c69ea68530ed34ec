// The self_dealing flag on an application card: what the influencer shares with the shop, said
// before the Approve button (which it describes), and nothing on an unflagged card.
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeLinkApplication } from "@/testing/fixtures/links.ts";
import { render } from "@/testing/render.tsx";
import { LinkApplicationCard } from "./link-application-card.tsx";

const noop = () => {};

describe("LinkApplicationCard", () => {
  it("warns of self-dealing with what is shared, before the decision", async () => {
    const application = makeLinkApplication({
      flags: ["self_dealing"],
      shared_with_shop: ["bank_account", "khqr_account", "phone"],
    });
    const view = await render(<LinkApplicationCard application={application} deciding={null} onDecide={noop} />);
    expect(view.container.querySelector(".badge--danger")?.textContent).toBe("Self-dealing");
    const note = screen.getByRole("note");
    expect(note.textContent).toContain("may be the shop itself");
    const shared = within(note).getByRole("list");
    expect(shared.getAttribute("aria-label")).toBe("Shared with the shop");
    expect(
      within(shared)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Bank account number", "KHQR account", "Phone number"]);
    const approve = screen.getByRole("button", { name: "Approve" });
    expect(approve.getAttribute("aria-describedby")).toBe(note.id);
    // The warning comes before the buttons in reading order.
    expect(note.compareDocumentPosition(approve) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("shows no flag on an application that shares nothing", async () => {
    const view = await render(
      <LinkApplicationCard application={makeLinkApplication()} deciding={null} onDecide={noop} />,
    );
    expect(view.container.querySelector(".badge--danger")).toBeNull();
    expect(screen.queryByRole("note")).toBeNull();
    const approve = screen.getByRole("button", { name: "Approve" });
    expect(approve.hasAttribute("aria-describedby")).toBe(false);
  });

  it("marks a second application, with when it came and the earlier rejection's reason and date", async () => {
    const application = makeLinkApplication({
      attempt: 2,
      reapplied_at: "2026-11-23T04:00:00Z",
      previous_rejection: { reason: "Audience outside Cambodia", rejected_at: "2026-11-22T03:00:00Z" },
    });
    const view = await render(<LinkApplicationCard application={application} deciding={null} onDecide={noop} />);
    expect(view.container.querySelector(".badge--info")?.textContent).toBe("Second application");
    const text = view.container.textContent ?? "";
    expect(text).toContain("Applied again");
    expect(text).toContain("Earlier rejection");
    expect(text).toContain("Audience outside Cambodia");
    expect(view.container.querySelector('time[datetime="2026-11-22T03:00:00Z"]')?.textContent).toMatch(/^Rejected on /);
    expect(view.container.querySelector('time[datetime="2026-11-23T04:00:00Z"]')).not.toBeNull();
    // Still pending: the admin decides again.
    expect(screen.getByRole("button", { name: "Approve" })).toBeDefined();
  });

  it("says nothing of a second application on a first one", async () => {
    const view = await render(
      <LinkApplicationCard application={makeLinkApplication()} deciding={null} onDecide={noop} />,
    );
    expect(view.container.querySelector(".badge--info")).toBeNull();
    expect(view.container.textContent).not.toContain("Earlier rejection");
    expect(view.container.textContent).not.toContain("Applied again");
  });
});
