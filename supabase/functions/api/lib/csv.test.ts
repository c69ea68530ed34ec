import { assertEquals } from "../../_shared/test-assert.ts";
import { csvCell, csvLine, csvResponse } from "./csv.ts";

Deno.test("csv cells: formulas become text, separators and quotes are quoted, numbers stay numbers", () => {
  assertEquals(csvCell('=HYPERLINK("x")'), `"'=HYPERLINK(""x"")"`);
  for (const start of ["+1", "-1", "@SUM(A1)", "\tx", "\rx"])
    assertEquals(csvCell(start).includes(`'${start[0]}`), true);
  assertEquals(csvCell("Kampot, pepper"), `"Kampot, pepper"`);
  assertEquals(csvCell("ម្រេចកំពត"), "ម្រេចកំពត");
  assertEquals(csvCell(-5), "-5");
  assertEquals(csvCell(null), "");
  assertEquals(csvLine(["a", 1, null]), "a,1,\r\n");
});

Deno.test("a csv response starts with the byte order mark and the header, then the rows written", async () => {
  const res = csvResponse("x.csv", ["a", "b"], async (write) => {
    await write(csvLine([1, "two"]));
  });
  assertEquals(res.headers.get("content-type"), "text/csv; charset=utf-8");
  const bytes = new Uint8Array(await res.arrayBuffer());
  assertEquals([...bytes.slice(0, 3)], [0xef, 0xbb, 0xbf]);
  assertEquals(new TextDecoder().decode(bytes.slice(3)), "a,b\r\n1,two\r\n");
});
