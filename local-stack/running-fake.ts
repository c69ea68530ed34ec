// Where a fake of the running local stack listens, for the scripts that drive or read it
// (instagram:simulate, telegram:simulate, email:messages): `npm start` writes {"url": ...} to
// <LOCAL_STACK_DIR or .local-stack>/<file> once the fake is up, and removes it when it stops.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The fake's URL: `given` (a --fake option) when set, else the running stack's. Throws an Error
 * saying what to do when the stack does not run or its file is not what npm start writes.
 */
export function runningFakeUrl(file: string, fakeName: string, given?: string): string {
  if (given) return given.replace(/\/$/, "");
  const dataDir = process.env.LOCAL_STACK_DIR ?? join(import.meta.dirname, "..", ".local-stack");
  const path = join(dataDir, file);
  if (!existsSync(path))
    throw new Error(
      `The local stack does not seem to run: ${path} is missing (npm start writes it when the ${fakeName} is up).\n` +
        "Start it with `npm start` (same LOCAL_STACK_DIR), or pass --fake <url>.",
    );
  try {
    const { url } = JSON.parse(readFileSync(path, "utf8")) as { url?: unknown };
    if (typeof url !== "string") throw new Error("no url");
    return url.replace(/\/$/, "");
  } catch {
    throw new Error(`${path} does not hold {"url": "..."}: restart the stack, or pass --fake <url>.`);
  }
}
