// A courier's statement as CSV (docs/api.md, "Couriers"): an order number and an amount on each
// line, as courier companies export them from a spreadsheet: comma, semicolon or tab separated,
// quoted or not, with a byte-order mark and a header line or without. Read into the same lines
// a typed remittance has, so both take one path; a line that is not an order and an amount is
// named by its number.
import { parse } from "csv-parse/sync";
import { ApiError } from "../../_shared/errors.ts";
import { MAX_REMITTANCE_ORDERS, remittanceLineSchema } from "../../_shared/contract/remittances.ts";

export interface StatementLine {
  order_number: string;
  /** Cents. */
  amount: number;
}

const ORDER_NUMBER = /^SL-\d{6,9}$/i;

/** The orders and amounts of a statement; a 400 naming the first line that is neither. */
export function readStatement(csv: string): StatementLine[] {
  let rows: string[][];
  try {
    rows = parse(csv, {
      bom: true,
      delimiter: [",", ";", "\t"],
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    });
  } catch {
    throw new ApiError("invalid_input", "The statement is not a CSV file", "statement_csv");
  }
  const lines: StatementLine[] = [];
  rows.forEach((row, index) => {
    // A first line without an order number is the header ("Order", "Amount").
    if (index === 0 && !ORDER_NUMBER.test(row[0] ?? "")) return;
    const line = remittanceLineSchema.safeParse({ order_number: (row[0] ?? "").toUpperCase(), amount: row[1] ?? "" });
    if (!line.success) {
      throw new ApiError(
        "invalid_input",
        `Line ${index + 1} of the statement: ${line.error.issues[0].message}`,
        "statement_csv",
      );
    }
    lines.push(line.data);
  });
  if (lines.length === 0) throw new ApiError("invalid_input", "The statement lists no orders", "statement_csv");
  if (lines.length > MAX_REMITTANCE_ORDERS) {
    throw new ApiError("invalid_input", `A remittance pays at most ${MAX_REMITTANCE_ORDERS} orders`, "statement_csv");
  }
  return lines;
}
