// CSV exports (issue 15): RFC 4180 lines, a UTF-8 byte order mark so that Excel reads Khmer, and
// text cells that a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a
// carriage return) prefixed with ' so they stay text. The rows are streamed: the producer writes
// batches as it reads them from a database cursor and waits while the client is slow, so an
// export of 100,000 orders never sits in memory.
import type { Fragment, Tx } from "../../_shared/db.ts";

export type CsvValue = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: numbers as they are, text neutralised against formulas and quoted when needed. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: CsvValue[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/**
 * csvCell in SQL, for a text value (`text` is repeated: pass a column or a cheap expression).
 * Exports of many rows have Postgres write their lines: parsing 100,000 rows of 19 columns into
 * objects cost the function about 4 s of CPU, reading them as one text each 0.45 s (hosted
 * allows a request 2 s).
 */
export function csvCellSql(tx: Tx, text: Fragment): Fragment {
  const neutralised = tx`case when ${text} ~ '^[=+@\t\r-]' then chr(39) || ${text} else ${text} end`;
  return tx`case when ${text} is null then ''
    when ${text} ~ '[",\r\n]' then '"' || replace(${neutralised}, '"', '""') || '"'
    else ${neutralised} end`;
}

/** One CSV line (with its CR LF) of SQL cells that are never null, such as csvCellSql's. */
export function csvLineSql(tx: Tx, cells: Fragment[]): Fragment {
  const joined = cells.slice(1).reduce((line, cell) => tx`${line} || ',' || ${cell}`, cells[0]);
  return tx`${joined} || chr(13) || chr(10)`;
}

/**
 * A streamed CSV download: the header row, then whatever `produce` writes (whole lines, see
 * csvLine). `write` resolves when the client has room for more. A failure once the download has
 * started can only cut it short; it is logged.
 */
export function csvResponse(
  filename: string,
  header: string[],
  produce: (write: (lines: string) => Promise<void>) => Promise<void>,
): Response {
  const { readable, writable } = new TransformStream<string, string>();
  const writer = writable.getWriter();
  const write = async (lines: string) => {
    await writer.ready;
    await writer.write(lines);
  };
  (async () => {
    try {
      await write(`\uFEFF${csvLine(header)}`);
      await produce(write);
      await writer.close();
    } catch (error) {
      console.error("csv export failed", error);
      await writer.abort(error).catch(() => {});
    }
  })();
  return new Response(readable.pipeThrough(new TextEncoderStream()), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "no-store",
    },
  });
}

/** Today's date in Cambodia, for file names: orders-2026-11-23.csv. */
export function exportDate(now = new Date()): string {
  return new Date(now.getTime() + 7 * 60 * 60 * 1000).toISOString().slice(0, 10);
}
