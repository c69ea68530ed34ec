// `npm run bench:web -- [runs] [--lang=en|km|both]`: Lighthouse (mobile, simulated throttling,
// its defaults) on the landing page and on a checkout link, served by a fresh local stack with
// the production build of the SPA. Prints per page and language the four category scores, LCP,
// TBT, CLS and the bytes transferred (JavaScript and in all); with runs > 1 each figure is the
// median of that many runs. Languages: English and Khmer (`lang=en` or `lang=km` on both URLs) by
// default. Then the photo run (bench/web-photo.ts): a camera photo uploaded through the UI on a
// throttled phone, and the checkout, the shop's dashboard and Available Campaigns measured with it;
// `--photo-only` runs that alone. A benchmark, not a test: it asserts nothing.
//
// Needs Chromium at /usr/bin/chromium (or CHROME_PATH). The checkout link is an approved link of
// an open campaign of the demo influencer; on a fresh stack the script makes one, whose product
// image is a synthetic PNG uploaded through the api function to the stack's Storage, so no page
// loads anything from outside the stack.
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { launch, type LaunchedChrome } from "chrome-launcher";
import lighthouse from "lighthouse";
import { PNG } from "pngjs";
import postgres from "postgres";
import WebSocket from "ws";
import { freePort } from "../local-stack/free-port.ts";
import { buildSpa } from "../local-stack/spa-build.ts";
import { startStack, type Stack } from "../local-stack/stack.ts";
import { photoRun } from "./web-photo.ts";

const args = process.argv.slice(2);
const runs = Math.max(1, Number(args.find((arg) => /^\d+$/.test(arg)) ?? 1));
const langArg = args.find((arg) => arg.startsWith("--lang="))?.slice("--lang=".length) ?? "both";
if (!["en", "km", "both"].includes(langArg)) throw new Error(`--lang must be en, km or both, not ${langArg}`);
const langs = langArg === "both" ? ["en", "km"] : [langArg];
const photoOnly = args.includes("--photo-only");
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const influencerId = "00000000-0000-4000-8000-00000000a001";
const businessId = "00000000-0000-4000-8000-00000000b001";
const categories = ["performance", "accessibility", "best-practices", "seo"] as const;

// Everything started here is stopped in the finally block below, or on Ctrl-C (SIGINT/SIGTERM),
// which would otherwise end the process without running it. Nothing new starts once stopping.
const dataDir = mkdtempSync(join(tmpdir(), "marketplace-bench-"));
chmodSync(dataDir, 0o755);
let stackStart: Promise<Stack> | undefined;
let chromeLaunch: Promise<LaunchedChrome> | undefined;
let stopping: Promise<void> | undefined;
function stopAll(): Promise<void> {
  stopping ??= (async () => {
    await chromeLaunch?.then((chrome) => chrome.kill()).catch(() => {});
    await stackStart?.then((stack) => stack.stop()).catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  })();
  return stopping;
}
function unlessStopping<T>(start: () => Promise<T>): Promise<T> {
  if (stopping) throw new Error("interrupted");
  return start();
}
for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
] as const) {
  process.once(signal, () => void stopAll().finally(() => process.exit(code)));
}

/** A 800x800 product picture: a soft diagonal gradient with a disc, as a business might upload. */
function productImage(): Buffer {
  const size = 800;
  const image = new PNG({ width: size, height: size });
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 4;
      const inDisc = (x - 400) ** 2 + (y - 420) ** 2 < 230 ** 2;
      const shade = (x + y) / (2 * size);
      image.data[i] = inDisc ? 192 - 60 * shade : 236 - 30 * shade;
      image.data[i + 1] = inDisc ? 57 + 40 * shade : 228 - 30 * shade;
      image.data[i + 2] = inDisc ? 43 + 30 * shade : 214 - 20 * shade;
      image.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(image);
}

/** The campaign id of an approved link of the demo influencer to an open campaign; made if none. */
async function checkoutCampaign(stack: Stack): Promise<{ campaignId: string; note: string }> {
  const sql = postgres(stack.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [found] = await sql<{ campaign_id: string; image_urls: string[] }[]>`
      select l.campaign_id, c.image_urls from public.affiliate_links l join public.campaigns c on c.id = l.campaign_id
      where l.influencer_id = ${influencerId} and l.status = 'approved'
        and private.campaign_closed_reason(c.status, c.start_date, c.end_date) is null
      order by l.created_at limit 1`;
    if (found) {
      const images = found.image_urls.join(", ");
      return { campaignId: found.campaign_id, note: `an approved link found in the database (images: ${images})` };
    }

    const login = await fetch(`${stack.url}/functions/v1/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "business@example.com", password: "Demo1234!" }),
    });
    if (!login.ok) throw new Error(`business login: ${login.status} ${await login.text()}`);
    const { token } = (await login.json()) as { token: string };
    const png = productImage();
    const form = new FormData();
    form.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "scarf.png");
    const upload = await fetch(`${stack.url}/functions/v1/api/upload/image`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    if (!upload.ok) throw new Error(`image upload: ${upload.status} ${await upload.text()}`);
    const { url } = (await upload.json()) as { url: string };
    const [campaign] = await sql<{ id: string }[]>`
      insert into public.campaigns (business_id, product_name, price_cents, commission_rate, description, image_urls)
      values (${businessId}, 'Handwoven silk krama scarf', 1250, 0.15,
              'Soft Cambodian silk, woven by hand in Takeo. 160 x 50 cm.', ${[url]})
      returning id`;
    await sql`insert into public.affiliate_links (influencer_id, campaign_id, status) values (${influencerId}, ${campaign.id}, 'approved')`;
    return {
      campaignId: campaign.id,
      note: `a campaign and approved link made for this run (product image an 800x800 PNG of ${(png.length / 1024).toFixed(1)} KiB in Storage)`,
    };
  } finally {
    await sql.end();
  }
}

/**
 * Loads `url` once in a new tab (the warm-up: the gateway, the api function and Postgres have
 * served the page once before it is measured) and reports what rendered: the document's lang and
 * whether the checkout's product summary is there.
 */
async function warmUp(port: number, url: string): Promise<{ ready: boolean; lang: string; product: boolean }> {
  const target = (await (await fetch(`http://127.0.0.1:${port}/json/new?about:blank`, { method: "PUT" })).json()) as {
    id: string;
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  try {
    await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
    let nextId = 0;
    const pending = new Map<number, (message: { result?: unknown; error?: unknown }) => void>();
    const events = new Map<string, () => void>();
    socket.on("message", (data) => {
      const message = JSON.parse(String(data)) as { id?: number; method?: string; result?: unknown; error?: unknown };
      if (message.id !== undefined) pending.get(message.id)?.(message);
      else if (message.method) events.get(message.method)?.();
    });
    const send = (method: string, params: object = {}) =>
      new Promise<unknown>((resolve, reject) => {
        const id = ++nextId;
        pending.set(id, (message) =>
          message.error ? reject(new Error(`${method}: ${JSON.stringify(message.error)}`)) : resolve(message.result),
        );
        socket.send(JSON.stringify({ id, method, params }));
      });
    await send("Page.enable");
    const loaded = new Promise<void>((resolve) => events.set("Page.loadEventFired", resolve));
    await send("Page.navigate", { url });
    await loaded;
    // The SPA renders after its data arrives: wait (at most 15 s) until no loading state is shown.
    const expression = `new Promise((resolve) => {
      const started = Date.now();
      const check = () => {
        const root = document.getElementById("root");
        const ready = !!root && root.children.length > 0 && !document.querySelector(".loading-state");
        if (ready || Date.now() - started > 15000)
          resolve({ ready, lang: document.documentElement.lang, product: !!document.querySelector(".checkout-product") });
        else setTimeout(check, 50);
      };
      check();
    })`;
    const { result } = (await send("Runtime.evaluate", { expression, awaitPromise: true, returnByValue: true })) as {
      result: { value: { ready: boolean; lang: string; product: boolean } };
    };
    return result.value;
  } finally {
    socket.close();
    await fetch(`http://127.0.0.1:${port}/json/close/${target.id}`).catch(() => {});
  }
}

interface Figures {
  scores: (number | null)[];
  lcpSeconds: number;
  tbtMs: number;
  cls: number;
  scriptKiB: number;
  totalKiB: number;
}

let lighthouseVersion = "";

async function measure(port: number, url: string): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...categories],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  lighthouseVersion = lhr.lighthouseVersion;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  for (const warning of lhr.runWarnings) console.error(`  Lighthouse warning: ${warning}`);
  const requests = (
    lhr.audits["network-requests"].details as { items: { resourceType?: string; transferSize?: number }[] }
  ).items;
  const bytes = (type?: string) =>
    requests
      .filter((request) => type === undefined || request.resourceType === type)
      .reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
  return {
    scores: categories.map((category) => {
      const score = lhr.categories[category]?.score;
      return score === null || score === undefined ? null : Math.round(score * 100);
    }),
    lcpSeconds: (lhr.audits["largest-contentful-paint"].numericValue ?? NaN) / 1000,
    tbtMs: lhr.audits["total-blocking-time"].numericValue ?? NaN,
    cls: lhr.audits["cumulative-layout-shift"].numericValue ?? NaN,
    scriptKiB: bytes("Script") / 1024,
    totalKiB: bytes() / 1024,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function medianFigures(all: Figures[]): Figures {
  const pick = (get: (figures: Figures) => number) => median(all.map(get));
  return {
    scores: categories.map((_, i) =>
      all.some((figures) => figures.scores[i] === null) ? null : Math.round(pick((figures) => figures.scores[i] ?? 0)),
    ),
    lcpSeconds: pick((figures) => figures.lcpSeconds),
    tbtMs: pick((figures) => figures.tbtMs),
    cls: pick((figures) => figures.cls),
    scriptKiB: pick((figures) => figures.scriptKiB),
    totalKiB: pick((figures) => figures.totalKiB),
  };
}

function printTable(rows: string[][]) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  for (const row of rows) {
    // The first two columns (page, language) are text, left-aligned; the figures right-aligned.
    console.log(
      row.map((cell, column) => (column < 2 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join("  "),
    );
  }
}

try {
  // The production build, whatever dist/ holds: a forced `vite build` with NODE_ENV=production
  // (Vite builds development React when NODE_ENV=development is set). The stack then finds it
  // up to date and serves it.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  const buildStarted = performance.now();
  try {
    await buildSpa({ force: true });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  const buildSeconds = (performance.now() - buildStarted) / 1000;

  const port = await freePort();
  stackStart = unlessStopping(() =>
    startStack({ port, dataDir, admin: { email: "admin@example.com", password: "Admin123!" } }),
  );
  const stack = await stackStart;
  if (!photoOnly) {
    const { campaignId, note } = await checkoutCampaign(stack);
    console.log(`SPA production build in ${buildSeconds.toFixed(1)} s; stack at ${stack.url} (${stack.postgres})`);
    console.log(`Checkout link: ${note}`);

    chromeLaunch = unlessStopping(() =>
      launch({
        chromePath,
        chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
        handleSIGINT: false, // stopAll() above stops it, then the stack
        logLevel: "silent",
      }),
    );
    const chrome = await chromeLaunch;

    const pages = [
      { name: "landing", path: "/" },
      { name: "checkout", path: `/checkout?influencer_id=${influencerId}&product_id=${campaignId}` },
    ];
    const targets = langs.flatMap((lang) =>
      pages.map((page) => {
        const url = new URL(page.path, stack.url);
        // Always explicit: Chromium keeps the language a page remembered (localStorage) between runs.
        url.searchParams.set("lang", lang);
        return { page: page.name, lang, url: url.href };
      }),
    );

    const rendered = new Map<string, { lang: string; product: boolean; ready: boolean }>();
    for (const target of targets) {
      const seen = await warmUp(chrome.port, target.url);
      rendered.set(target.url, seen);
      if (!seen.ready) console.error(`warning: ${target.url} still showed a loading state after 15 s`);
      if (target.page === "checkout" && !seen.product) {
        console.error(`warning: ${target.url} did not show the product: its figures are of an error page`);
      }
    }

    const results = new Map<string, Figures[]>(targets.map((target) => [target.url, []]));
    // Round-robin, so drift on a shared machine spreads over every page rather than one.
    for (let run = 1; run <= runs; run++) {
      for (const target of targets) {
        const started = performance.now();
        results.get(target.url)?.push(await measure(chrome.port, target.url));
        console.error(
          `  ${target.page} ${target.lang} run ${run}/${runs}: ${((performance.now() - started) / 1000).toFixed(1)} s`,
        );
      }
    }

    console.log(
      `\nLighthouse ${lighthouseVersion}, mobile, simulated throttling, ${runs === 1 ? "one run" : `median of ${runs} runs`} per page (KiB transferred, compressed)`,
    );
    const header = ["page", "lang", "perf", "a11y", "best-pr", "seo", "LCP s", "TBT ms", "CLS", "JS KiB", "total KiB"];
    const rows = targets.map((target) => {
      const figures = medianFigures(results.get(target.url) ?? []);
      const htmlLang = rendered.get(target.url)?.lang ?? "?";
      return [
        target.page,
        htmlLang === target.lang ? target.lang : `${target.lang} (page ${htmlLang || "no lang"})`,
        ...figures.scores.map((score) => (score === null ? "-" : String(score))),
        figures.lcpSeconds.toFixed(2),
        figures.tbtMs.toFixed(0),
        figures.cls.toFixed(3),
        figures.scriptKiB.toFixed(1),
        figures.totalKiB.toFixed(1),
      ];
    });
    printTable([header, ...rows]);
    if (rows.some((row) => row[1].includes("(page"))) {
      console.log("(page xx): the page rendered <html lang=xx>, not the language asked for in the URL");
    }
  }
  await photoRun(stack, chromePath);
} finally {
  await stopAll();
}
