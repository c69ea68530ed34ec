import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Courier } from "@contract/couriers.ts";
import { money } from "@contract/money.ts";
import type { Remittance } from "@contract/remittances.ts";
import { API } from "@contract/routes.ts";
import { fail, fakeApi } from "@/testing/fake-api.ts";
import { makeCourier } from "@/testing/fixtures/couriers.ts";
import { testId } from "@/testing/fixtures/ids.ts";
import { makeRemittance } from "@/testing/fixtures/remittances.ts";
import { render } from "@/testing/render.tsx";
import { CouriersTab } from "./couriers-tab.tsx";

/** Now, for these tests: 12:00 in Phnom Penh. */
const NOW = "2026-11-27T05:00:00.000Z";

const courier = (n: number, name: string, overrides: Partial<Courier> = {}): Courier =>
  makeCourier({ id: testId(700 + n), name, phone: `+85512345${String(n).padStart(3, "0")}`, ...overrides });

// Dara has held cash for 5 days, Sokha for 1, Vanna holds none.
let dara: Courier;
const sokha = courier(2, "Sokha", {
  ...money("cash_held", 1000),
  unremitted_orders: 1,
  oldest_unremitted_at: "2026-11-26T03:00:00.000Z",
});
const vanna = courier(3, "Vanna");

const paid = (n: number, cents: number) => ({ order_id: testId(400 + n), order_number: `SL-000${400 + n}`, cents });

/** The remittances the fake server holds, per courier id, newest received first. */
let remittances: Record<string, Remittance[]>;

beforeEach(() => {
  // Only the clock: the fake server's answers and Testing Library's waits keep real timers.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(NOW));
  dara = courier(1, "Dara", {
    ...money("cash_held", 4250),
    unremitted_orders: 3,
    oldest_unremitted_at: "2026-11-22T03:00:00.000Z",
  });
  remittances = { [dara.id]: [], [sokha.id]: [], [vanna.id]: [] };
  fakeApi.on(API.couriers, () => ({ couriers: [dara, sokha, vanna] }));
  fakeApi.on(API.remittances, ({ params }) => ({ remittances: remittances[params.id] }));
});

afterEach(() => {
  vi.useRealTimers();
});

const item = async (name: string) => screen.findByRole("listitem", { name });
/** Opens a courier's Cash panel and waits for its remittances to load. */
async function openCash(name: string) {
  fireEvent.click(within(await item(name)).getByRole("button", { name: "Cash" }));
  const panel = await screen.findByRole("region", { name: `Cash: ${name}` });
  await waitFor(() => expect(within(panel).queryByRole("status", { name: "Remittances" })).toBeNull());
  return panel;
}
const form = (panel: HTMLElement) => within(panel).getByRole("form", { name: "Record remittance" });
const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });
const remittanceTexts = (panel: HTMLElement) =>
  within(within(panel).getByRole("list", { name: "Remittances" }))
    .getAllByRole("listitem")
    .filter((row) => row.classList.contains("courier-cash__item"))
    .map((row) => row.textContent ?? "");

describe("Couriers tab: cash held", () => {
  it("shows the cash each courier holds and, while some is not remitted, how many orders and since when", async () => {
    await render(<CouriersTab />);
    const late = await item("Dara");
    expect(late.textContent).toContain("Cash held: $42.50");
    const lateLine = within(late).getByText("3 orders not remitted, oldest delivered Nov 22, 2026");
    // Held for more than 3 days: the warning tone.
    expect(lateLine.className).toContain("couriers__meta--late");

    const recent = await item("Sokha");
    expect(recent.textContent).toContain("Cash held: $10.00");
    const recentLine = within(recent).getByText("1 order not remitted, oldest delivered Nov 26, 2026");
    expect(recentLine.className).not.toContain("couriers__meta--late");

    const none = await item("Vanna");
    expect(none.textContent).toContain("Cash held: $0.00");
    expect(none.textContent).not.toContain("not remitted");
  });
});

describe("Couriers tab: record remittance", () => {
  it("records typed orders: the amount in dollars as their total, the lines, and the time received with its offset", async () => {
    fakeApi.on(API.recordRemittance, ({ params, body }) => {
      const recorded = makeRemittance({
        id: testId(801),
        courier_id: params.id,
        cents: 1750,
        aba_reference: body.aba_reference,
        received_at: "2026-11-26T08:45:00.000Z",
        orders: [paid(1, 1250), paid(2, 500)],
      });
      remittances[params.id] = [recorded, ...remittances[params.id]];
      dara = { ...dara, ...money("cash_held", 2500), unremitted_orders: 1 };
      return { message: "Remittance recorded", remittance: recorded };
    });
    await render(<CouriersTab />);
    const panel = await openCash("Dara");
    expect(within(panel).getByText("No remittances yet.")).toBeDefined();
    const record = form(panel);
    const amount = within(record).getByLabelText(/^Amount \(\$\)/, { selector: "input[name=amount]" });
    // The time received starts at now, in Cambodia's time.
    expect(within(record).getByLabelText(/^Received at/)).toHaveProperty("value", "2026-11-27T12:00");

    type(within(record).getByLabelText(/^ABA reference/), "ABA-778899");
    type(within(record).getByLabelText("Order number"), "SL-000401");
    type(within(record).getByLabelText("Amount ($)", { selector: "input[name=line_amount]" }), "12.50");
    // Amount was empty: the lines' total fills it in.
    expect(amount).toHaveProperty("value", "12.50");
    fireEvent.click(within(record).getByRole("button", { name: "Add an order" }));
    fireEvent.click(within(record).getByRole("button", { name: "Add an order" }));
    const numbers = within(record).getAllByLabelText("Order number");
    const amounts = within(record).getAllByLabelText("Amount ($)", { selector: "input[name=line_amount]" });
    expect(numbers).toHaveLength(3);
    type(numbers[1], "SL-000402");
    type(amounts[1], "5");
    type(numbers[2], "SL-000403");
    type(amounts[2], "1");
    expect(amount).toHaveProperty("value", "18.50");
    fireEvent.click(within(record).getByRole("button", { name: "Remove line 3" }));
    expect(within(record).getAllByLabelText("Order number")).toHaveLength(2);
    expect(amount).toHaveProperty("value", "17.50");
    type(within(record).getByLabelText(/^Received at/), "2026-11-26T15:45");

    fireEvent.click(within(record).getByRole("button", { name: "Record remittance" }));
    expect(await screen.findByText("Remittance recorded")).toBeDefined();
    expect(fakeApi.calls(API.recordRemittance).map((request) => [request.params.id, request.body])).toEqual([
      [
        dara.id,
        {
          amount: "17.50",
          aba_reference: "ABA-778899",
          received_at: "2026-11-26T15:45:00.000+07:00",
          orders: [
            { order_number: "SL-000401", amount: "12.50" },
            { order_number: "SL-000402", amount: "5" },
          ],
        },
      ],
    ]);
    // The list and the cash the courier holds are asked again.
    await waitFor(() => expect(remittanceTexts(panel)).toHaveLength(1));
    const [recorded] = remittanceTexts(panel);
    expect(recorded).toContain("$17.50 received Nov 26, 2026, 3:45 PM");
    expect(recorded).toContain("ABA reference: ABA-778899");
    expect(recorded).toContain("Recorded Nov 22, 2026, 10:00 AM by admin@example.com");
    expect(recorded).toContain("SL-000401 $12.50");
    expect(recorded).toContain("SL-000402 $5.00");
    expect(recorded).not.toContain("Over-remitted");
    await waitFor(() =>
      expect(screen.getByRole("listitem", { name: "Dara" }).textContent ?? "").toContain("Cash held: $25.00"),
    );
    // A new, empty form for the next remittance.
    const next = form(panel);
    expect(within(next).getByLabelText(/^ABA reference/)).toHaveProperty("value", "");
    expect(within(next).getAllByLabelText("Order number")).toHaveLength(1);
  });

  it("sends the courier's statement (CSV) as its text, and names the file chosen", async () => {
    const csv = "Order,Amount\nSL-000401,12.50\nSL-000402,5.00\n";
    fakeApi.on(API.recordRemittance, ({ params, body }) => ({
      message: "Remittance recorded",
      remittance: makeRemittance({
        id: testId(802),
        courier_id: params.id,
        cents: 1750,
        aba_reference: body.aba_reference,
        orders: [paid(1, 1250), paid(2, 500)],
      }),
    }));
    await render(<CouriersTab />);
    const panel = await openCash("Dara");
    const record = form(panel);
    type(within(record).getByLabelText(/^Amount \(\$\)/, { selector: "input[name=amount]" }), "17.50");
    type(within(record).getByLabelText(/^ABA reference/), "ABA-CSV-1");
    fireEvent.click(within(record).getByRole("button", { name: "Courier's statement (CSV)" }));
    expect(within(record).queryByLabelText("Order number")).toBeNull();
    const file = within(record).getByLabelText(/^Courier's statement \(CSV file\)/);
    expect(file.getAttribute("accept")).toBe(".csv,text/csv");
    expect(record.textContent).toContain("One order number and amount per line, as the courier's statement");

    fireEvent.change(file, { target: { files: [new File([csv], "dara-november.csv", { type: "text/csv" })] } });
    expect(await within(record).findByText("Statement: dara-november.csv")).toBeDefined();
    fireEvent.click(within(record).getByRole("button", { name: "Record remittance" }));
    expect(await screen.findByText("Remittance recorded")).toBeDefined();
    expect(fakeApi.calls(API.recordRemittance).map((request) => request.body)).toEqual([
      { amount: "17.50", aba_reference: "ABA-CSV-1", received_at: "2026-11-27T12:00:00.000+07:00", statement_csv: csv },
    ]);
  });

  it("shows the server's refusal of an order next to the orders, and keeps what was typed", async () => {
    const refusal = `Order SL-000499 was not delivered by this courier`;
    fakeApi.on(API.recordRemittance, fail("invalid_input", refusal, "orders"));
    await render(<CouriersTab />);
    const panel = await openCash("Dara");
    const record = form(panel);
    type(within(record).getByLabelText(/^ABA reference/), "ABA-1");
    type(within(record).getByLabelText("Order number"), "SL-000499");
    type(within(record).getByLabelText("Amount ($)", { selector: "input[name=line_amount]" }), "3");
    fireEvent.click(within(record).getByRole("button", { name: "Record remittance" }));

    expect(await within(record).findByText(refusal)).toBeDefined();
    const number = within(record).getByLabelText("Order number");
    expect(number.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(number);
    expect(number).toHaveProperty("value", "SL-000499");
    expect(within(record).getByLabelText(/^Amount \(\$\)/, { selector: "input[name=amount]" })).toHaveProperty(
      "value",
      "3.00",
    );
  });

  it("checks the form before sending: an order number that is not one is named, and nothing is sent", async () => {
    await render(<CouriersTab />);
    const panel = await openCash("Dara");
    const record = form(panel);
    type(within(record).getByLabelText(/^ABA reference/), "ABA-1");
    type(within(record).getByLabelText("Order number"), "401");
    type(within(record).getByLabelText("Amount ($)", { selector: "input[name=line_amount]" }), "3");
    fireEvent.click(within(record).getByRole("button", { name: "Record remittance" }));
    expect(await within(record).findByText("order_number must be an order number such as SL-000123")).toBeDefined();
    expect(fakeApi.calls(API.recordRemittance)).toHaveLength(0);
  });
});

describe("Couriers tab: remittances", () => {
  const standing = () =>
    makeRemittance({
      id: testId(811),
      courier_id: dara.id,
      cents: 2000,
      aba_reference: "ABA-5521",
      received_at: "2026-11-26T02:00:00.000Z",
      orders: [paid(1, 1800)],
    });
  const reversed = () =>
    makeRemittance({
      id: testId(812),
      courier_id: dara.id,
      cents: 900,
      aba_reference: "ABA-5520",
      received_at: "2026-11-24T02:00:00.000Z",
      orders: [paid(2, 900)],
      reversed_at: "2026-11-25T04:00:00.000Z",
      reversed_by_email: "ops@example.com",
      reversal_reason: "Typed twice",
    });

  it("lists what each remittance pays, what it pays beyond its orders, and a reversal with who and why", async () => {
    remittances[dara.id] = [standing(), reversed()];
    await render(<CouriersTab />);
    const panel = await openCash("Dara");
    const [live, undone] = remittanceTexts(panel);
    expect(live).toContain("$20.00 received Nov 26, 2026, 9:00 AM");
    expect(live).toContain("ABA reference: ABA-5521");
    expect(live).toContain("SL-000401 $18.00");
    expect(live).toContain("Over-remitted $2.00");
    expect(undone).toContain("Reversed Nov 25, 2026 by ops@example.com: Typed twice");
    expect(undone).not.toContain("Over-remitted");
    const rows = within(within(panel).getByRole("list", { name: "Remittances" }))
      .getAllByRole("listitem")
      .filter((row) => row.classList.contains("courier-cash__item"));
    expect(within(rows[0]).getAllByRole("button", { name: "Reverse" })).toHaveLength(1);
    expect(within(rows[1]).queryByRole("button", { name: "Reverse" })).toBeNull();
  });

  it("reverses a remittance only with a reason, and posts it", async () => {
    remittances[dara.id] = [standing()];
    fakeApi.on(API.reverseRemittance, ({ params, body }) => {
      const done = {
        ...standing(),
        reversed_at: "2026-11-27T05:00:00.000Z",
        reversed_by_email: "admin@example.com",
        reversal_reason: body.reason,
      };
      remittances[params.id] = [done];
      return { message: "Remittance reversed", remittance: done };
    });
    await render(<CouriersTab />);
    const panel = await openCash("Dara");
    await waitFor(() => expect(remittanceTexts(panel)).toHaveLength(1));

    fireEvent.click(within(panel).getByRole("button", { name: "Reverse" }));
    const asking = within(panel).getByRole("form", { name: "Reverse this remittance" });
    const reason = within(asking).getByLabelText(/^Why reverse it\?/);
    expect(document.activeElement).toBe(reason);
    fireEvent.click(within(asking).getByRole("button", { name: "Cancel" }));
    expect(within(panel).queryByRole("form", { name: "Reverse this remittance" })).toBeNull();

    fireEvent.click(within(panel).getByRole("button", { name: "Reverse" }));
    const again = within(panel).getByRole("form", { name: "Reverse this remittance" });
    fireEvent.click(within(again).getByRole("button", { name: "Reverse remittance" }));
    expect(await within(again).findByText("A reason is required to reverse a remittance")).toBeDefined();
    expect(fakeApi.calls(API.reverseRemittance)).toHaveLength(0);

    type(within(again).getByLabelText(/^Why reverse it\?/), "The courier sent it to the wrong account");
    fireEvent.click(within(again).getByRole("button", { name: "Reverse remittance" }));
    expect(await screen.findByText("Remittance reversed")).toBeDefined();
    expect(fakeApi.calls(API.reverseRemittance).map((request) => [request.params, request.body])).toEqual([
      [{ id: dara.id, remittance_id: testId(811) }, { reason: "The courier sent it to the wrong account" }],
    ]);
    await waitFor(() =>
      expect(remittanceTexts(panel)[0]).toContain(
        "Reversed Nov 27, 2026 by admin@example.com: The courier sent it to the wrong account",
      ),
    );
    expect(within(panel).queryByRole("button", { name: "Reverse" })).toBeNull();
  });

  it("says so when the remittance was reversed meanwhile", async () => {
    remittances[dara.id] = [standing()];
    fakeApi.on(API.reverseRemittance, fail("conflict", "This remittance is already reversed"));
    await render(<CouriersTab />);
    const panel = await openCash("Dara");
    await waitFor(() => expect(remittanceTexts(panel)).toHaveLength(1));
    fireEvent.click(within(panel).getByRole("button", { name: "Reverse" }));
    type(within(panel).getByLabelText(/^Why reverse it\?/), "Wrong amount");
    fireEvent.click(within(panel).getByRole("button", { name: "Reverse remittance" }));
    expect((await within(panel).findByRole("alert")).textContent).toContain("This remittance is already reversed");
  });
});
