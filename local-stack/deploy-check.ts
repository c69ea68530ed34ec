// Would `supabase functions deploy` ship each function whole? The CLI uploads a function's entry
// point, the local files it imports (_shared/...) and ONE import map: `[functions.<name>]
// import_map` of supabase/config.toml (relative to supabase/), else a deno.json or deno.jsonc
// beside the function. Anything else (supabase/functions/deno.json, the root package.json,
// node_modules) stays behind. This copies exactly that upload into an empty folder and
// type-checks it there, so a function whose npm imports would not resolve when deployed fails here.
//
// Run directly: node --import tsx local-stack/deploy-check.ts [supabase folder]
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "smol-toml";
import { denoBinary } from "./edge-function.ts";

export interface FunctionCheck {
  name: string;
  ok: boolean;
  /** What the deploy would ship, or why it would break. */
  detail: string;
}

/** The import map the CLI would upload with `name`, as a path, or undefined. */
export function importMapOf(supabaseDir: string, name: string): string | undefined {
  const configFile = join(supabaseDir, "config.toml");
  const config = existsSync(configFile) ? parse(readFileSync(configFile, "utf8")) : {};
  const functions = (config.functions ?? {}) as Record<string, { import_map?: string }>;
  const configured = functions[name]?.import_map;
  if (configured) return join(supabaseDir, configured);
  return ["deno.json", "deno.jsonc"].map((file) => join(supabaseDir, "functions", name, file)).find(existsSync);
}

/** The functions the CLI deploys: folders of supabase/functions with an index.ts, not _shared. */
export function functionNames(supabaseDir: string): string[] {
  const dir = join(supabaseDir, "functions");
  return readdirSync(dir, { withFileTypes: true })
    .filter(
      (entry) => entry.isDirectory() && !entry.name.startsWith("_") && existsSync(join(dir, entry.name, "index.ts")),
    )
    .map((entry) => entry.name)
    .sort();
}

function deno(args: string[], cwd: string) {
  return spawnSync(denoBinary(), args, { cwd, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
}

export function checkFunction(supabaseDir: string, name: string): FunctionCheck {
  const functionsDir = join(supabaseDir, "functions");
  const entry = join(functionsDir, name, "index.ts");
  const importMap = importMapOf(supabaseDir, name);
  if (!importMap) {
    return {
      name,
      ok: false,
      detail: `no import map would be uploaded: set [functions.${name}] import_map in config.toml or add functions/${name}/deno.json`,
    };
  }
  if (!existsSync(importMap)) {
    return { name, ok: false, detail: `its import map ${relative(supabaseDir, importMap)} does not exist` };
  }

  // The local files of the module graph, as the CLI collects them.
  const info = deno(["info", "--json", "--no-lock", "--config", importMap, entry], functionsDir);
  if (info.status !== 0) return { name, ok: false, detail: `its imports do not resolve:\n${info.stderr}` };
  const localFiles = (JSON.parse(info.stdout).modules as { specifier: string }[])
    .filter((module) => module.specifier.startsWith("file://"))
    .map((module) => fileURLToPath(module.specifier));

  const upload = mkdtempSync(join(tmpdir(), `deploy-${name}-`));
  try {
    for (const file of [...localFiles, importMap]) {
      const target = join(upload, relative(supabaseDir, file));
      mkdirSync(dirname(target), { recursive: true });
      copyFileSync(file, target);
    }
    const uploadedMap = join(upload, relative(supabaseDir, importMap));
    const check = deno(
      ["check", "--no-lock", "--config", uploadedMap, join(upload, relative(supabaseDir, entry))],
      upload,
    );
    if (check.status !== 0) return { name, ok: false, detail: `the upload does not type-check:\n${check.stderr}` };
    return { name, ok: true, detail: `${localFiles.length} files and ${relative(supabaseDir, importMap)}` };
  } finally {
    rmSync(upload, { recursive: true, force: true });
  }
}

export function checkFunctions(supabaseDir: string): FunctionCheck[] {
  return functionNames(supabaseDir).map((name) => checkFunction(supabaseDir, name));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const supabaseDir = process.argv[2] ?? join(import.meta.dirname, "..", "supabase");
  const results = checkFunctions(supabaseDir);
  for (const result of results) {
    console.log(`${result.ok ? "ok  " : "FAIL"} function ${result.name}: ${result.detail}`);
  }
  const failed = results.filter((result) => !result.ok).length;
  console.log(`deploy check: ${results.length - failed} passed, ${failed} failed`);
  process.exit(failed === 0 && results.length > 0 ? 0 : 1);
}
