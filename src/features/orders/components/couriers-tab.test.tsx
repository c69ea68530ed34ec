import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Courier } from "@contract/couriers.ts";
import type { CourierLink } from "@contract/rider.ts";
import { API } from "@contract/routes.ts";
import { fail, fakeApi } from "@/testing/fake-api.ts";
import { makeCourier } from "@/testing/fixtures/couriers.ts";
import { render } from "@/testing/render.tsx";
import { CouriersTab } from "./couriers-tab.tsx";

const courier = (n: number, name: string, overrides: Partial<Courier> = {}): Courier =>
  makeCourier({
    id: `7c1e0000-0000-4000-8000-00000000000${n}`,
    name,
    phone: `+85512345${String(n).padStart(3, "0")}`,
    ...overrides,
  });
const dara = courier(1, "Dara");
const sokha = courier(2, "Sokha", { active: false });

const link = (n: number, overrides: Partial<CourierLink> = {}): CourierLink => ({
  id: `9a2b0000-0000-4000-8000-00000000000${n}`,
  created_at: "2026-11-23T02:00:00.000Z",
  created_by_email: "admin@example.com",
  revoked_at: null,
  last_used_at: null,
  ...overrides,
});

/** The links the fake server holds, per courier id, newest first. */
let links: Record<string, CourierLink[]>;

beforeEach(() => {
  links = {
    [dara.id]: [link(1, { last_used_at: "2026-11-24T03:30:00.000Z" })],
    [sokha.id]: [link(2, { created_by_email: "ops@example.com", revoked_at: "2026-11-20T05:00:00.000Z" })],
  };
  fakeApi.on(API.couriers, { couriers: [dara, sokha] });
  fakeApi.on(API.courierLinks, ({ params }) => ({ links: links[params.id] }));
  fakeApi.on(API.revokeCourierLink, ({ params }) => {
    links[params.id] = links[params.id].map((l) =>
      l.id === params.link_id ? { ...l, revoked_at: "2026-11-25T01:00:00.000Z" } : l,
    );
    return { message: "Rider link revoked" };
  });
});

const item = async (name: string) => screen.findByRole("listitem", { name });
/** Opens a courier's rider links and waits for its list. */
async function openLinks(name: string) {
  fireEvent.click(within(await item(name)).getByRole("button", { name: "Rider links" }));
  return screen.findByRole("region", { name: `Rider links: ${name}` });
}
const linkTexts = (panel: HTMLElement) =>
  within(panel)
    .queryAllByRole("listitem")
    .map((row) => row.textContent ?? "");

describe("Couriers tab: rider links", () => {
  it("lists a courier's links with who made them, their last use and revocation", async () => {
    links[dara.id] = [link(3), ...links[dara.id]];
    await render(<CouriersTab />);
    const panel = await openLinks("Dara");
    await waitFor(() => expect(linkTexts(panel)).toHaveLength(2));
    expect(linkTexts(panel)[0]).toContain("Made Nov 23, 2026, 9:00 AM by admin@example.com");
    expect(linkTexts(panel)[0]).toContain("Never used");
    expect(linkTexts(panel)[1]).toContain("Last used Nov 24, 2026, 10:30 AM");
    expect(within(panel).getAllByRole("button", { name: "Revoke" })).toHaveLength(2);
    expect(fakeApi.calls(API.courierLinks).map((request) => request.params.id)).toEqual([dara.id]);

    // An inactive courier's links can be read, but no new one made; a revoked link has no Revoke.
    const inactive = await openLinks("Sokha");
    await waitFor(() => expect(linkTexts(inactive)).toHaveLength(1));
    expect(linkTexts(inactive)[0]).toContain("Made Nov 23, 2026, 9:00 AM by ops@example.com");
    expect(linkTexts(inactive)[0]).toContain("Revoked Nov 20, 2026");
    expect(within(inactive).queryByRole("button", { name: "Revoke" })).toBeNull();
    expect(within(inactive).queryByRole("button", { name: "New rider link" })).toBeNull();
    expect(inactive.textContent).toContain("Activate this courier to make a rider link.");
  });

  it("makes a link and shows its URL once, with Copy, and the list refreshed", async () => {
    const url = "http://shop.test/rider/AbCdEfGhIjKlMnOpQrStUvWxYz012345";
    fakeApi.on(API.createCourierLink, ({ params }) => {
      const made = link(4);
      links[params.id] = [made, ...links[params.id]];
      return { message: "Rider link made", link: { ...made, url } };
    });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    await render(<CouriersTab />);
    const panel = await openLinks("Dara");
    await waitFor(() => expect(linkTexts(panel)).toHaveLength(1));

    fireEvent.click(within(panel).getByRole("button", { name: "New rider link" }));
    const field = await within(panel).findByLabelText("Link for the rider");
    expect(field).toHaveProperty("value", url);
    expect(field).toHaveProperty("readOnly", true);
    expect(panel.textContent).toContain("This link is shown only now");
    expect(fakeApi.calls(API.createCourierLink).map((request) => request.params.id)).toEqual([dara.id]);
    await waitFor(() => expect(linkTexts(panel)).toHaveLength(2));
    expect(linkTexts(panel)[0]).toContain("Never used");

    const copy = within(panel).getByRole("button", { name: "Copy Link for the rider" });
    fireEvent.click(copy);
    await waitFor(() => expect(copy.textContent).toBe("Copied"));
    expect(writeText).toHaveBeenCalledWith(url);

    // Done takes the URL off the screen: it cannot be shown again.
    fireEvent.click(within(panel).getByRole("button", { name: "Done" }));
    expect(within(panel).queryByLabelText("Link for the rider")).toBeNull();
  });

  it("says why when the server refuses a new link", async () => {
    fakeApi.on(API.createCourierLink, fail("conflict", "This courier is not active: activate it first"));
    await render(<CouriersTab />);
    const panel = await openLinks("Dara");
    fireEvent.click(within(panel).getByRole("button", { name: "New rider link" }));
    expect((await within(panel).findByRole("alert")).textContent).toContain(
      "This courier is not active: activate it first",
    );
    expect(within(panel).queryByLabelText("Link for the rider")).toBeNull();
  });

  it("revokes a link after asking once more, with the courier's and the link's ids", async () => {
    await render(<CouriersTab />);
    const panel = await openLinks("Dara");
    await waitFor(() => expect(linkTexts(panel)).toHaveLength(1));

    fireEvent.click(within(panel).getByRole("button", { name: "Revoke" }));
    expect(panel.textContent).toContain("Revoke this rider link?");
    fireEvent.click(within(panel).getByRole("button", { name: "Cancel" }));
    expect(fakeApi.calls(API.revokeCourierLink)).toHaveLength(0);

    fireEvent.click(within(panel).getByRole("button", { name: "Revoke" }));
    fireEvent.click(within(panel).getByRole("button", { name: "Yes, revoke" }));
    await waitFor(() => expect(linkTexts(panel)[0]).toContain("Revoked Nov 25, 2026"));
    expect(fakeApi.calls(API.revokeCourierLink).map((request) => request.params)).toEqual([
      { id: dara.id, link_id: link(1).id },
    ]);
    expect(within(panel).queryByRole("button", { name: "Revoke" })).toBeNull();
    expect(await screen.findByText("Rider link revoked")).toBeDefined();
  });
});
