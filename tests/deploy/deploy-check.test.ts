// The deploy check: every function of this repository would ship with its import map, and the
// check fails for a tree whose function would not (as this repository's did before: its only
// deno.json sat in supabase/functions/, which `supabase functions deploy api` does not upload).
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { checkFunction, checkFunctions } from "../../local-stack/deploy-check.ts";

const supabaseDir = join(import.meta.dirname, "..", "..", "supabase");
const copies: string[] = [];
afterEach(() => {
  for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy of supabase/config.toml and supabase/functions that a test may break. */
function copyOfProject(): string {
  const dir = mkdtempSync(join(tmpdir(), "deploy-check-"));
  copies.push(dir);
  cpSync(join(supabaseDir, "config.toml"), join(dir, "config.toml"));
  cpSync(join(supabaseDir, "functions"), join(dir, "functions"), { recursive: true });
  return dir;
}

function dropConfiguredImportMap(dir: string) {
  const config = join(dir, "config.toml");
  writeFileSync(config, readFileSync(config, "utf8").replace(/^import_map = .*$/m, ""));
}

describe("deploy check", () => {
  it("passes for every function of this repository", () => {
    const results = checkFunctions(supabaseDir);
    expect(results.map((result) => result.name).sort()).toEqual([
      "api",
      "facebook-webhook",
      "instagram-webhook",
      "telegram-webhook",
    ]);
    for (const result of results) expect(result, result.detail).toMatchObject({ ok: true });
  });

  it("fails when the function has no import map the CLI would upload", () => {
    const dir = copyOfProject();
    dropConfiguredImportMap(dir);
    rmSync(join(dir, "functions", "api", "deno.json"));
    const result = checkFunction(dir, "api");
    expect(result.ok).toBe(false);
    expect(result.detail).toMatch(/^no import map would be uploaded/);
  });

  it("fails for the old layout: one deno.json in supabase/functions/, which deploy leaves behind", () => {
    const dir = copyOfProject();
    dropConfiguredImportMap(dir);
    renameSync(join(dir, "functions", "api", "deno.json"), join(dir, "functions", "deno.json"));
    expect(checkFunction(dir, "api")).toMatchObject({ ok: false });
  });

  it("fails when config.toml names an import map that is not there", () => {
    const dir = copyOfProject();
    rmSync(join(dir, "functions", "api", "deno.json"));
    expect(checkFunction(dir, "api")).toMatchObject({
      ok: false,
      detail: "its import map functions/api/deno.json does not exist",
    });
  });

  it("fails when the uploaded import map lacks a package the code imports", () => {
    const dir = copyOfProject();
    const map = join(dir, "functions", "api", "deno.json");
    const config = JSON.parse(readFileSync(map, "utf8"));
    delete config.imports.zod;
    writeFileSync(map, JSON.stringify(config));
    const result = checkFunction(dir, "api");
    expect(result.ok).toBe(false);
    expect(result.detail).toMatch(/zod/);
  });

  it("passes with a deno.json beside the function and no config.toml entry (the CLI's other rule)", () => {
    const dir = copyOfProject();
    dropConfiguredImportMap(dir);
    expect(checkFunction(dir, "api")).toMatchObject({ ok: true });
  });
});
