// `npm run bench:bundle`: the JavaScript each page of the SPA loads at start, without a stack or a
// browser. Builds the SPA for production into a temporary folder (with Vite's manifest) and prints,
// for the checkout (checkout.html), an influencer's store (store.html) and the app (index.html),
// every file of the entry's chunk and of the chunks it imports statically, in KiB: raw, gzip
// (level 9) and brotli (quality 11), as the gateway compresses static files
// (local-stack/compression.ts). Then the checkout's lazily loaded chunks, each with what it loads
// that the start has not: the order page, the order form's schema, the catalogs (one language's
// load at start, before the first render). bench:web measures the same pages in Chromium; this
// shows which file grew, and costs a build (seconds) instead of a stack.
// A benchmark, not a test: it asserts nothing.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { build, type Manifest } from "vite";

const root = join(import.meta.dirname, "..");
/** The checkout's budget (docs/architecture.md, "The checkout is a page of its own"), gzip. */
const CHECKOUT_BUDGET_BYTES = 100_000;

const outDir = mkdtempSync(join(tmpdir(), "marketplace-bundle-"));
try {
  await build({
    root,
    logLevel: "warn",
    configFile: join(root, "vite.config.ts"),
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  const manifest = JSON.parse(readFileSync(join(outDir, ".vite", "manifest.json"), "utf8")) as Manifest;

  interface Sizes {
    raw: number;
    gzip: number;
    brotli: number;
  }
  const sizes = new Map<string, Sizes>();
  function sizeOf(file: string): Sizes {
    let known = sizes.get(file);
    if (!known) {
      const raw = readFileSync(join(outDir, file));
      known = {
        raw: raw.length,
        gzip: gzipSync(raw, { level: 9 }).length,
        brotli: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      };
      sizes.set(file, known);
    }
    return known;
  }

  /** The manifest keys `from` loads before it runs: itself and its static imports, transitively. */
  function staticClosure(from: string, into = new Set<string>()): Set<string> {
    if (into.has(from)) return into;
    into.add(from);
    for (const key of manifest[from]?.imports ?? []) staticClosure(key, into);
    return into;
  }

  const kib = (bytes: number) => (bytes / 1024).toFixed(1).padStart(8);
  function table(title: string, keys: Iterable<string>): Sizes {
    const rows = [...keys]
      .map((key) => ({ file: manifest[key]!.file, size: sizeOf(manifest[key]!.file) }))
      .sort((a, b) => b.size.gzip - a.size.gzip);
    const total = { raw: 0, gzip: 0, brotli: 0 };
    console.log(`\n${title}\n${"file".padEnd(52)} ${"raw".padStart(8)} ${"gzip".padStart(8)} ${"brotli".padStart(8)}`);
    for (const { file, size } of rows) {
      console.log(`${file.padEnd(52)} ${kib(size.raw)} ${kib(size.gzip)} ${kib(size.brotli)}`);
      total.raw += size.raw;
      total.gzip += size.gzip;
      total.brotli += size.brotli;
    }
    console.log(
      `${`total, ${rows.length} files`.padEnd(52)} ${kib(total.raw)} ${kib(total.gzip)} ${kib(total.brotli)}`,
    );
    return total;
  }

  console.log("KiB of JavaScript; each page's start is its entry and every chunk it imports statically");
  const checkoutStart = staticClosure("checkout.html");
  const checkout = table("checkout.html at start", checkoutStart);
  table("store.html at start", staticClosure("store.html"));
  table("index.html at start", staticClosure("index.html"));

  const lazy = new Set<string>();
  for (const key of checkoutStart) for (const dynamic of manifest[key]!.dynamicImports ?? []) lazy.add(dynamic);
  for (const key of [...lazy].sort()) {
    const extra = [...staticClosure(key)].filter((loaded) => !checkoutStart.has(loaded));
    if (extra.length > 0)
      table(`checkout, loaded later: ${key.replace(/^\0?lingui-catalog:/, "").replace(root, ".")}`, extra);
  }

  const verdict = checkout.gzip < CHECKOUT_BUDGET_BYTES ? "within" : "OVER";
  console.log(
    `\ncheckout at start: ${checkout.gzip} bytes gzip, ${verdict} its budget of ${CHECKOUT_BUDGET_BYTES} (catalogs and lazy chunks apart)`,
  );
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
