// The self_dealing flag on an application card: what the influencer shares with the shop, said
// before the Approve button (which it describes), and nothing on an unflagged card.
import { afterEach, describe, expect, it } from "vitest";
import { makeLinkApplication } from "@/testing/fixtures/links.ts";
import { render, type Rendered } from "@/testing/render.tsx";
import { LinkApplicationCard } from "./link-application-card.tsx";

let view: Rendered;

afterEach(() => {
  view?.unmount();
  document.body.innerHTML = "";
});

const noop = () => {};

describe("LinkApplicationCard", () => {
  it("warns of self-dealing with what is shared, before the decision", async () => {
    const application = makeLinkApplication({
      flags: ["self_dealing"],
      shared_with_shop: ["bank_account", "khqr_account", "phone"],
    });
    view = await render(<LinkApplicationCard application={application} deciding={null} onDecide={noop} />);
    const card = view.container;
    expect(card.querySelector(".badge--danger")?.textContent).toBe("Self-dealing");
    const note = card.querySelector<HTMLElement>('[role="note"]')!;
    expect(note.textContent).toContain("may be the shop itself");
    expect(note.querySelector("ul")?.getAttribute("aria-label")).toBe("Shared with the shop");
    expect([...note.querySelectorAll("li")].map((item) => item.textContent)).toEqual([
      "Bank account number",
      "KHQR account",
      "Phone number",
    ]);
    const approve = [...card.querySelectorAll("button")].find((button) => button.textContent === "Approve")!;
    expect(approve.getAttribute("aria-describedby")).toBe(note.id);
    // The warning comes before the buttons in reading order.
    expect(note.compareDocumentPosition(approve) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("shows no flag on an application that shares nothing", async () => {
    view = await render(<LinkApplicationCard application={makeLinkApplication()} deciding={null} onDecide={noop} />);
    expect(view.container.querySelector(".badge--danger")).toBeNull();
    expect(view.container.querySelector('[role="note"]')).toBeNull();
    const approve = [...view.container.querySelectorAll("button")].find((button) => button.textContent === "Approve")!;
    expect(approve.hasAttribute("aria-describedby")).toBe(false);
  });
});
