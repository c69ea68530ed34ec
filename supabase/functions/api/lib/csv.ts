// CSV exports (issue 15): RFC 4180 lines, a UTF-8 byte order mark so that Excel reads Khmer, and
// text cells that a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a
// carriage return) prefixed with ' so they stay text. The rows are streamed: the producer writes
// batches as it reads them from a database cursor and waits while the client is slow, so an
// export of 100,000 orders never sits in memory.

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
