import assert from "node:assert/strict";
import { csvCell, csvLine, csvResponse } from "./csv.ts";

Deno.test("csv cells: formulas become text, separators and quotes are quoted, numbers stay numbers", () => {
  assert.deepStrictEqual(csvCell('=HYPERLINK("x")'), `"'=HYPERLINK(""x"")"`);
  for (const start of ["+1", "-1", "@SUM(A1)", "\tx", "\rx"])
    assert.deepStrictEqual(csvCell(start).includes(`'${start[0]}`), true);
  assert.deepStrictEqual(csvCell("Kampot, pepper"), `"Kampot, pepper"`);
  assert.deepStrictEqual(csvCell("ម្រេចកំពត"), "ម្រេចកំពត");
  assert.deepStrictEqual(csvCell(-5), "-5");
  assert.deepStrictEqual(csvCell(null), "");
  assert.deepStrictEqual(csvLine(["a", 1, null]), "a,1,\r\n");
});

Deno.test("a csv response starts with the byte order mark and the header, then the rows written", async () => {
  const res = csvResponse("x.csv", ["a", "b"], async (write) => {
    await write(csvLine([1, "two"]));
  });
  assert.deepStrictEqual(res.headers.get("content-type"), "text/csv; charset=utf-8");
  const bytes = new Uint8Array(await res.arrayBuffer());
  assert.deepStrictEqual([...bytes.slice(0, 3)], [0xef, 0xbb, 0xbf]);
  assert.deepStrictEqual(new TextDecoder().decode(bytes.slice(3)), "a,b\r\n1,two\r\n");
});
