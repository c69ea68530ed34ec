// Builds the SPA with Vite into dist/, skipping the build when nothing it depends on changed
// since the last one (a warm `npm start` then costs no build).
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { build } from "vite";

const root = join(import.meta.dirname, "..");
const inputs = [
  "src",
  "public",
  "index.html",
  "checkout.html",
  "rider.html",
  "store.html",
  "tooling",
  "vite.config.ts",
  "package-lock.json",
  join("supabase", "functions", "_shared", "contract"),
  // The contract's enums come from the generated types.
  join("supabase", "functions", "_shared", "database.types.ts"),
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

export async function buildSpa(opts: { force?: boolean } = {}): Promise<"built" | "up to date"> {
  const output = join(root, "dist", "index.html");
  const upToDate =
    existsSync(output) && statSync(output).mtimeMs > Math.max(...inputs.map((input) => newestMtime(join(root, input))));
  if (upToDate && !opts.force) return "up to date";
  // Vite's build sets NODE_ENV=production for this whole process; put it back so child
  // processes started later (the test runners) are not production builds of React.
  const nodeEnv = process.env.NODE_ENV;
  try {
    await build({ root, logLevel: "warn", configFile: join(root, "vite.config.ts") });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  return "built";
}
